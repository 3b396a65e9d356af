import type { Broadcast, Clock, StoragePorts } from './ports.ts';

/** The channel views of the app use to talk to each other. */
export const BROADCAST_CHANNEL_NAME = 'bahi-auth';

/** A {@link Broadcast} over BroadcastChannel; a no-op where BroadcastChannel does not exist. */
export function createChannelBroadcast(name: string = BROADCAST_CHANNEL_NAME): Broadcast {
  if (typeof BroadcastChannel === 'undefined') return { post: () => undefined, subscribe: () => () => undefined };
  const sender = new BroadcastChannel(name);
  return {
    post: (message) => sender.postMessage(message),
    subscribe(listener) {
      const receiver = new BroadcastChannel(name);
      receiver.onmessage = (event: MessageEvent) => {
        if (typeof event.data === 'string') listener(event.data);
      };
      return () => receiver.close();
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
