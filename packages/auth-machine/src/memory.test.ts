import { describe, expect, it } from 'vitest';
import { createMemoryBroadcastHub, createMemoryStorage } from './memory.ts';

describe('createMemoryStorage', () => {
  it('stores, removes and clears like Web Storage', () => {
    const storage = createMemoryStorage({ a: '1' });
    storage.setItem('b', '2');
    expect(storage.getItem('a')).toBe('1');
    storage.removeItem('a');
    expect(storage.getItem('a')).toBeNull();
    expect(storage.entries()).toEqual({ b: '2' });
    storage.clear();
    expect(storage.entries()).toEqual({});
  });
});

describe('createMemoryBroadcastHub', () => {
  it('delivers a post to the other views only, until they unsubscribe', () => {
    const hub = createMemoryBroadcastHub();
    const [a, b, c] = [hub.view(), hub.view(), hub.view()];
    const got: string[] = [];
    a.subscribe((m) => got.push(`a:${m}`));
    const stopB = b.subscribe((m) => got.push(`b:${m}`));
    c.subscribe((m) => got.push(`c:${m}`));
    a.post('refresh');
    stopB();
    c.post('x');
    expect(got).toEqual(['b:refresh', 'c:refresh', 'a:x']);
  });
});
