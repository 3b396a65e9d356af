import type { Broadcast, KeyValueStorage } from './ports.ts';

/** A Web Storage stand-in kept in memory, for tests, stories and server rendering. */
export function createMemoryStorage(initial: Record<string, string> = {}): KeyValueStorage & {
  entries(): Record<string, string>;
} {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, String(value));
    },
    removeItem: (key) => {
      items.delete(key);
    },
    clear: () => items.clear(),
    entries: () => Object.fromEntries(items),
  };
}

/**
 * Views that talk to each other in memory: each `view()` is one view's {@link Broadcast}; a post reaches every
 * other view, not the sender (like BroadcastChannel).
 */
export function createMemoryBroadcastHub(): { view(): Broadcast } {
  const listeners = new Set<{ owner: object; listener: (message: string) => void }>();
  return {
    view() {
      const owner = {};
      return {
        post(message) {
          for (const entry of [...listeners]) if (entry.owner !== owner) entry.listener(message);
        },
        subscribe(listener) {
          const entry = { owner, listener };
          listeners.add(entry);
          return () => listeners.delete(entry);
        },
      };
    },
  };
}
