// Sockets and channels: the Phoenix channel protocol as hosted Realtime answers it (join, leave, heartbeat,
// access_token, broadcast with ack and self, presence, postgres_changes), with its replies and error words.
import type { WebSocket } from 'ws';
import type { Claims, Database, Keys } from '../types.ts';
import { checkToken } from './auth.ts';
import { ChangeFeed, type Subscriber } from './changes.ts';
import { type Permissions, readPermissions, writePermissions } from './policies.ts';
import { type PresenceDiff, PresenceRegistry } from './presence.ts';
import { decode, encode, encodeUserBroadcast, type Inbound, type UserBroadcast, type Vsn } from './protocol.ts';

/** Longest wait before a channel's token is checked again (Realtime re-confirms at expiry, at most hourly). */
const CONFIRM_TOKEN_MAX_MS = 60 * 60 * 1000;

/** A broadcast on its way to the channels of a topic: user broadcasts keep their bytes as they came. */
type Outgoing = { kind: 'json'; payload: Record<string, unknown> } | { kind: 'user'; broadcast: UserBroadcast };

export class Hub {
  readonly db: Database;
  readonly keys: Keys;
  readonly changes: ChangeFeed;
  readonly presence = new PresenceRegistry<Channel>();
  readonly #topics = new Map<string, Set<Channel>>();
  readonly #connections = new Set<Connection>();

  constructor(db: Database, keys: Keys, connectionString: string | undefined) {
    this.db = db;
    this.keys = keys;
    this.changes = new ChangeFeed(db, connectionString);
  }

  /** Serves one accepted WebSocket, authenticated by its API key. */
  connect(ws: WebSocket, vsn: Vsn, apiToken: string, apiClaims: Claims): void {
    const connection = new Connection(this, ws, vsn, apiToken, apiClaims);
    this.#connections.add(connection);
    // A malformed frame (bad UTF-8, a reserved opcode, an unmasked or oversized frame, a bad close code) or a reset:
    // ws has already sent the close frame with RFC 6455's code for it, and 'close' follows. Without a listener the
    // error would be thrown from the event loop and stop the whole stack.
    ws.on('error', () => undefined);
    ws.on('close', () => {
      this.#connections.delete(connection);
      connection.closed();
    });
  }

  add(channel: Channel): void {
    const set = this.#topics.get(channel.key) ?? new Set();
    this.#topics.set(channel.key, set);
    set.add(channel);
  }

  remove(channel: Channel): void {
    const set = this.#topics.get(channel.key);
    set?.delete(channel);
    if (set?.size === 0) this.#topics.delete(channel.key);
    this.changes.unsubscribe(channel);
    const diff = this.presence.untrack(channel.key, channel);
    if (diff) this.presenceDiff(channel.key, diff);
  }

  /** Sends a broadcast to a topic's channels (the sender's own only with `self`). */
  broadcast(key: string, message: Outgoing, from?: Channel): void {
    for (const channel of this.#topics.get(key) ?? []) {
      if (channel === from && !channel.selfBroadcast) continue;
      if (channel.read && !channel.read.broadcast) continue;
      channel.receiveBroadcast(message);
    }
  }

  presenceDiff(key: string, diff: PresenceDiff): void {
    for (const channel of this.#topics.get(key) ?? []) {
      if (!channel.presenceEnabled || (channel.read && !channel.read.presence)) continue;
      channel.push('presence_diff', diff, false);
    }
  }

  async close(): Promise<void> {
    for (const connection of this.#connections) connection.ws.terminate();
    this.#connections.clear();
    await this.changes.close();
  }
}

class Connection {
  readonly #channels = new Map<string, Channel>();
  /** Frames are handled one after the other, as a Phoenix socket does. */
  #queue: Promise<void> = Promise.resolve();

  constructor(
    readonly hub: Hub,
    readonly ws: WebSocket,
    readonly vsn: Vsn,
    readonly apiToken: string,
    readonly apiClaims: Claims,
  ) {
    ws.on('message', (data, isBinary) => {
      const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      const message = decode(vsn, buffer, isBinary);
      if (!message) return;
      this.#queue = this.#queue
        .then(() => this.#handle(message))
        .catch((error) => {
          console.error('[supabase-local] realtime:', error);
        });
    });
  }

  send(joinRef: string | null, ref: string | null, topic: string, event: string, payload: unknown): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(encode(this.vsn, joinRef, ref, topic, event, payload));
  }

  sendBinary(frame: Buffer): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(frame);
  }

  reply(message: Inbound, status: 'ok' | 'error', response: Record<string, unknown> = {}): void {
    this.send(message.joinRef, message.ref, message.topic, 'phx_reply', { status, response });
  }

  closed(): void {
    for (const channel of this.#channels.values()) channel.leave();
    this.#channels.clear();
  }

  forget(channel: Channel): void {
    if (this.#channels.get(channel.topic) === channel) this.#channels.delete(channel.topic);
  }

  async #handle(message: Inbound): Promise<void> {
    if (message.topic === 'phoenix' && message.event === 'heartbeat') return this.reply(message, 'ok');
    if (message.event === 'phx_join') return this.#join(message);
    const channel = this.#channels.get(message.topic);
    if (!channel || (message.joinRef && message.joinRef !== channel.joinRef)) {
      return this.reply(message, 'error', { reason: 'unmatched topic' });
    }
    await channel.handle(message);
  }

  async #join(message: Inbound): Promise<void> {
    if (!message.topic.startsWith('realtime:')) return this.reply(message, 'error', { reason: 'unmatched topic' });
    const subTopic = message.topic.slice('realtime:'.length);
    if (!subTopic) return this.reply(message, 'error', { reason: 'TopicNameRequired: You must provide a topic name' });
    const existing = this.#channels.get(message.topic);
    if (existing) {
      // Phoenix closes the channel already joined on the topic and joins the new one
      existing.shutdown();
    }
    const params = (message.payload && typeof message.payload === 'object' ? message.payload : {}) as Record<
      string,
      unknown
    >;
    const config = (params.config && typeof params.config === 'object' ? params.config : {}) as Record<string, unknown>;
    const token = tokenOf(params, this.apiToken);
    const checked = await checkToken(this.hub.keys, token);
    if ('error' in checked) return this.reply(message, 'error', { reason: checked.error });
    const channel = new Channel(this, message.topic, subTopic, message.joinRef ?? message.ref, config, checked.claims);
    if (channel.isPrivate) {
      channel.read = await readPermissions(this.hub.db, subTopic, checked.claims);
      if (!channel.read.broadcast && !channel.read.presence) {
        return this.reply(message, 'error', {
          reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`,
        });
      }
    }
    const entries = Array.isArray(config.postgres_changes) ? config.postgres_changes.filter(Boolean) : [];
    const subscribed = entries.length ? await this.hub.changes.subscribe(channel, entries) : undefined;
    const options = config.postgres_changes_options as { wait?: unknown } | undefined;
    if (subscribed?.error && options?.wait === true) {
      return this.reply(message, 'error', { reason: `RealtimeDisabledForConfiguration: ${subscribed.error}` });
    }
    this.#channels.set(message.topic, channel);
    this.hub.add(channel);
    channel.confirmToken(token, checked.claims);
    this.reply(message, 'ok', { postgres_changes: subscribed?.reply ?? [] });
    if (channel.presenceEnabled) channel.push('presence_state', this.hub.presence.state(channel.key));
    if (subscribed) {
      if (subscribed.error) channel.system('postgres_changes', 'error', subscribed.error);
      else channel.system('postgres_changes', 'ok', 'Subscribed to PostgreSQL');
    }
  }
}

/** The token a join runs with: the payload's `access_token` (or `user_token`), else the socket's API key. */
function tokenOf(params: Record<string, unknown>, apiToken: string): string {
  const token = params.access_token ?? params.user_token;
  if (typeof token !== 'string' || token.startsWith('sb_')) return apiToken;
  return token;
}

class Channel implements Subscriber {
  readonly key: string;
  readonly isPrivate: boolean;
  readonly ackBroadcast: boolean;
  readonly selfBroadcast: boolean;
  readonly presenceKey: string;
  presenceEnabled: boolean;
  claims: Claims;
  /** Private channels: what realtime.messages policies let the caller read, and (once asked) write. */
  read: Permissions | undefined;
  #write: Permissions | undefined;
  #token = '';
  #timer: NodeJS.Timeout | undefined;
  #left = false;

  constructor(
    readonly connection: Connection,
    readonly topic: string,
    readonly subTopic: string,
    readonly joinRef: string | null,
    config: Record<string, unknown>,
    claims: Claims,
  ) {
    const broadcast = (config.broadcast ?? {}) as Record<string, unknown>;
    const presence = (config.presence ?? {}) as Record<string, unknown>;
    this.isPrivate = config.private === true;
    this.key = `${this.isPrivate ? 'private' : 'public'}:${subTopic}`;
    this.ackBroadcast = broadcast.ack === true;
    this.selfBroadcast = broadcast.self === true;
    this.presenceKey = typeof presence.key === 'string' && presence.key ? presence.key : crypto.randomUUID();
    this.presenceEnabled = presence.enabled === true;
    this.claims = claims;
  }

  push(event: string, payload: unknown, withJoinRef = true): void {
    this.connection.send(withJoinRef ? this.joinRef : null, null, this.topic, event, payload);
  }

  system(extension: string, status: 'ok' | 'error', message: string): void {
    this.push('system', { extension, status, message, channel: this.subTopic });
  }

  deliver(payload: { ids: number[]; data: Record<string, unknown> }): void {
    this.push('postgres_changes', payload, false);
  }

  receiveBroadcast(message: Outgoing): void {
    if (message.kind === 'json') {
      this.push('broadcast', message.payload, false);
      return;
    }
    const { broadcast } = message;
    if (this.connection.vsn === '2.0.0') {
      this.connection.sendBinary(encodeUserBroadcast(this.topic, broadcast));
      return;
    }
    // vsn 1.0.0 has no binary frames: a JSON payload goes out as JSON, raw bytes cannot
    if (broadcast.encoding !== 'json') return;
    let payload: unknown;
    try {
      payload = JSON.parse(broadcast.data.toString('utf8'));
    } catch {
      return;
    }
    this.push('broadcast', { type: 'broadcast', event: broadcast.event, payload }, false);
  }

  async handle(message: Inbound): Promise<void> {
    switch (message.event) {
      case 'phx_leave':
        this.connection.reply(message, 'ok');
        this.leave();
        this.push('phx_close', {});
        return;
      case 'broadcast':
        return this.#broadcast(message);
      case 'presence':
        return this.#presence(message);
      case 'access_token':
        return this.#accessToken(message);
      default:
        return; // Realtime ignores events it does not know
    }
  }

  /** Leaves the topic: no more messages, presence left, subscriptions dropped. */
  leave(): void {
    if (this.#left) return;
    this.#left = true;
    clearTimeout(this.#timer);
    this.connection.forget(this);
    this.connection.hub.remove(this);
  }

  /** Closes the channel from the server's side (Phoenix's phx_close to the client). */
  shutdown(): void {
    this.leave();
    this.push('phx_close', {});
  }

  /** Closes the channel with Realtime's `system` error first, as its shutdown_response does. */
  #shutdownWith(message: string): void {
    this.system('system', 'error', message);
    this.shutdown();
  }

  async #broadcast(message: Inbound): Promise<void> {
    const payload = message.payload;
    if (this.isPrivate) {
      this.#write ??= await writePermissions(this.connection.hub.db, this.subTopic, this.claims);
      if (!this.#write.broadcast) return;
    }
    const outgoing: Outgoing | undefined = isUserBroadcast(payload)
      ? { kind: 'user', broadcast: payload }
      : payload && typeof payload === 'object'
        ? { kind: 'json', payload: payload as Record<string, unknown> }
        : undefined;
    if (outgoing) this.connection.hub.broadcast(this.key, outgoing, this);
    if (this.ackBroadcast) this.connection.reply(message, 'ok');
  }

  async #presence(message: Inbound): Promise<void> {
    const payload = (message.payload ?? {}) as Record<string, unknown>;
    const event = typeof payload.event === 'string' ? payload.event.toLowerCase() : '';
    const hub = this.connection.hub;
    if (event === 'track') {
      const meta = payload.payload ?? {};
      if (!meta || typeof meta !== 'object' || Array.isArray(meta)) {
        return this.connection.reply(message, 'error', { reason: 'Presence track payload must be a map' });
      }
      if (this.isPrivate) {
        this.#write ??= await writePermissions(hub.db, this.subTopic, this.claims);
        if (!this.#write.presence) return this.connection.reply(message, 'error');
      }
      const diff = hub.presence.track(this.key, this, this.presenceKey, meta as Record<string, unknown>);
      this.connection.reply(message, 'ok');
      if (diff) hub.presenceDiff(this.key, diff);
      if (!this.presenceEnabled) {
        // tracking turns presence on: this channel gets the state it never had (its own presence included)
        this.presenceEnabled = true;
        this.push('presence_state', hub.presence.state(this.key));
      }
      return;
    }
    if (event === 'untrack') {
      const diff = hub.presence.untrack(this.key, this);
      this.connection.reply(message, 'ok');
      if (diff) hub.presenceDiff(this.key, diff);
      return;
    }
    this.connection.reply(message, 'error');
  }

  async #accessToken(message: Inbound): Promise<void> {
    const token = (message.payload as { access_token?: unknown } | null)?.access_token;
    if (typeof token !== 'string' || token.startsWith('sb_') || token === this.#token) return;
    const checked = await checkToken(this.connection.hub.keys, token);
    if ('error' in checked) return this.#shutdownWith(checked.error.replace(/^[A-Za-z]+: /, ''));
    const before = this.read;
    if (this.isPrivate) {
      const now = await readPermissions(this.connection.hub.db, this.subTopic, checked.claims);
      if ((before?.broadcast && !now.broadcast) || (before?.presence && !now.presence)) {
        return this.#shutdownWith(`You no longer have permission to read from this Channel topic: ${this.subTopic}`);
      }
      this.read = now;
      this.#write = undefined;
    }
    this.confirmToken(token, checked.claims);
  }

  /** Takes a (checked) token, and closes the channel when it expires, as Realtime's confirm_token does. */
  confirmToken(token: string, claims: Claims): void {
    this.#token = token;
    this.claims = claims;
    clearTimeout(this.#timer);
    const exp = typeof claims.exp === 'number' ? claims.exp * 1000 : Number.POSITIVE_INFINITY;
    const wait = Math.min(Math.max(exp - Date.now(), 0), CONFIRM_TOKEN_MAX_MS);
    this.#timer = setTimeout(async () => {
      if (this.#left) return;
      const checked = await checkToken(this.connection.hub.keys, this.#token);
      if ('error' in checked) this.#shutdownWith(checked.error.replace(/^[A-Za-z]+: /, ''));
      else this.confirmToken(this.#token, checked.claims);
    }, wait);
    this.#timer.unref();
  }
}

function isUserBroadcast(payload: unknown): payload is UserBroadcast {
  return (
    !!payload &&
    typeof payload === 'object' &&
    Buffer.isBuffer((payload as UserBroadcast).data) &&
    typeof (payload as UserBroadcast).event === 'string'
  );
}
