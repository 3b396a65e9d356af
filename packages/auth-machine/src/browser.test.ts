// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createBrowserPorts, createChannelBroadcast } from './browser.ts';

describe('createBrowserPorts', () => {
  it("uses the window's local and session storage", () => {
    const { storage, clock } = createBrowserPorts();
    storage.local.setItem('k', 'v');
    expect(window.localStorage.getItem('k')).toBe('v');
    expect(storage.session).toBe(window.sessionStorage);
    expect(typeof clock.now()).toBe('number');
  });
});

describe('createChannelBroadcast', () => {
  it('delivers a post to another view on the same channel', async () => {
    const a = createChannelBroadcast('test-channel');
    const b = createChannelBroadcast('test-channel');
    const received = new Promise<string>((resolve) => {
      const stop = b.subscribe((message) => {
        stop();
        resolve(message);
      });
    });
    a.post('refresh');
    await expect(received).resolves.toBe('refresh');
  });

  it('does not hand a view its own posts: the view that logs out is not reloaded by its own refresh', async () => {
    const view = createChannelBroadcast('own-channel');
    const other = createChannelBroadcast('own-channel');
    const own: string[] = [];
    const stopOwn = view.subscribe((message) => own.push(message));
    const received = new Promise<string>((resolve) => {
      const stop = other.subscribe((message) => {
        stop();
        resolve(message);
      });
    });
    view.post('refresh');
    await expect(received).resolves.toBe('refresh');
    // Delivery is a task per receiver: let any queued one for `view` run before looking.
    await new Promise((resolve) => setTimeout(resolve, 20));
    stopOwn();
    expect(own).toEqual([]);
  });
});
