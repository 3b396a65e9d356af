import type { Broadcast, Clock, StoragePorts } from './ports.ts';

/** The channel views of the app use to talk to each other. */
export const BROADCAST_CHANNEL_NAME = 'bahi-auth';

/**
 * A {@link Broadcast} over BroadcastChannel; a no-op where BroadcastChannel does not exist. Posts and listeners share
 * one channel object: a BroadcastChannel delivers to every other object of that name, in this view too, so a second
 * object would hand a view its own messages (a logout would reload the view that logged out).
 */
export function createChannelBroadcast(name: string = BROADCAST_CHANNEL_NAME): Broadcast {
  if (typeof BroadcastChannel === 'undefined') return { post: () => undefined, subscribe: () => () => undefined };
  const channel = new BroadcastChannel(name);
  return {
    post: (message) => channel.postMessage(message),
    subscribe(listener) {
      const onMessage = (event: MessageEvent) => {
        if (typeof event.data === 'string') listener(event.data);
      };
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
  };
}

/** Storage, broadcast and clock of a browser window. Auth, access, caches, navigation and toasts come from the app. */
export function createBrowserPorts(win: Window = window): {
  storage: StoragePorts;
  broadcast: Broadcast;
  clock: Clock;
} {
  return {
    storage: { local: win.localStorage, session: win.sessionStorage },
    broadcast: createChannelBroadcast(),
    clock: { now: () => Date.now() },
  };
}
