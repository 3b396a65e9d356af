// Realtime at /realtime/v1: the WebSocket realtime-js connects to (`/realtime/v1/websocket?apikey=…&vsn=2.0.0`) and
// the broadcast API it falls back to over HTTP. The server loads this module when the first socket or broadcast
// request arrives, so a stack that never uses Realtime pays nothing for it.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { Claims, Database, Keys } from '../types.ts';
import { checkToken } from './auth.ts';
import { Hub } from './hub.ts';
import { writePermissions } from './policies.ts';
import type { Vsn } from './protocol.ts';

/** What the server needs of Realtime. */
export interface Realtime {
  /** Takes over an HTTP upgrade of `/realtime/v1/websocket`. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Answers `/realtime/v1/api/broadcast` (and `/realtime/v1/api/broadcast/<topic>/events/<event>`). */
  handleHttp(req: Request): Promise<Response>;
  /** Closes every socket and stops listening to the database. */
  close(): Promise<void>;
}

/** Options of {@link createRealtime}. */
export interface RealtimeOptions {
  db: Database;
  keys: Keys;
  /** With a real PostgreSQL: the URL Realtime opens its own listening connection with. */
  connectionString?: string;
}

/** Hosted Realtime's default limit on one message (its tenants' `max_payload_size_in_kb`). */
const MAX_PAYLOAD = 3000 * 1024;

export function createRealtime(options: RealtimeOptions): Realtime {
  const hub = new Hub(options.db, options.keys, options.connectionString);
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD });

  const refuse = (socket: Duplex, status: string) => {
    socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
    socket.destroy();
  };

  return {
    handleUpgrade(req, socket, head) {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const header = req.headers['x-api-key'];
        const apikey = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('apikey') ?? '';
        const vsn = url.searchParams.get('vsn') ?? '1.0.0';
        if (vsn !== '1.0.0' && vsn !== '2.0.0') return refuse(socket, '403 Forbidden');
        // as Realtime's socket connect: no valid API key, no socket (Phoenix answers 403)
        const checked = apikey ? await checkToken(options.keys, apikey) : { error: 'no key' };
        if ('error' in checked) return refuse(socket, '403 Forbidden');
        wss.handleUpgrade(req, socket, head, (ws) => hub.connect(ws, vsn as Vsn, apikey, checked.claims));
      })().catch(() => socket.destroy());
    },
    handleHttp: (req) => broadcastApi(hub, req),
    async close() {
      await hub.close();
      wss.close();
    },
  };
}

const empty = (status: number) => new Response(null, { status });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

/**
 * Realtime's broadcast API: `POST /api/broadcast` with `{messages: [{topic, event, payload, private}]}`, and
 * `POST /api/broadcast/<topic>/events/<event>` with the payload as the body (JSON, or bytes as
 * application/octet-stream). Accepted messages answer 202 with no body; a private topic's message goes out only
 * when the caller's realtime.messages policies let it write.
 */
async function broadcastApi(hub: Hub, req: Request): Promise<Response> {
  const url = new URL(req.url);
  const rest = url.pathname.replace(/^\/realtime\/v1\/api\/broadcast\/?/, '');
  if (req.method !== 'POST') return json(404, { message: 'Not Found' });
  const authorization = req.headers.get('authorization');
  const token = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1] ?? req.headers.get('apikey') ?? '';
  const checked = token ? await checkToken(hub.keys, token) : { error: 'Unauthorized' };
  if ('error' in checked) return json(401, { message: 'Unauthorized' });
  const claims = checked.claims;

  if (rest) {
    const match = /^([^/]+)\/events\/([^/]+)$/.exec(rest);
    if (!match) return json(404, { message: 'Not Found' });
    const topic = decodeURIComponent(match[1] as string);
    const event = decodeURIComponent(match[2] as string);
    const isPrivate = url.searchParams.get('private') === 'true';
    const bytes = Buffer.from(await req.arrayBuffer());
    if (!(await mayWrite(hub, topic, isPrivate, claims))) return empty(202);
    const key = `${isPrivate ? 'private' : 'public'}:${topic}`;
    if ((req.headers.get('content-type') ?? '').startsWith('application/octet-stream')) {
      hub.broadcast(key, { kind: 'user', broadcast: { event, encoding: 'binary', data: bytes } });
    } else {
      let payload: unknown;
      try {
        payload = JSON.parse(bytes.toString('utf8'));
      } catch {
        return json(422, { errors: { payload: ['is invalid'] } });
      }
      hub.broadcast(key, { kind: 'json', payload: { type: 'broadcast', event, payload } });
    }
    return empty(202);
  }

  let body: unknown;
  try {
    body = await req.json();
  } catch {
    return json(422, { errors: { messages: ["can't be blank"] } });
  }
  const messages = (body as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(messages) || messages.length === 0) return json(422, { errors: { messages: ["can't be blank"] } });
  for (const message of messages as Record<string, unknown>[]) {
    if (typeof message?.topic !== 'string' || typeof message.event !== 'string' || !message.payload) {
      return json(422, { errors: { messages: [{ topic: ["can't be blank"], event: ["can't be blank"] }] } });
    }
  }
  for (const message of messages as { topic: string; event: string; payload: unknown; private?: unknown }[]) {
    const isPrivate = message.private === true;
    if (!(await mayWrite(hub, message.topic, isPrivate, claims))) continue;
    hub.broadcast(`${isPrivate ? 'private' : 'public'}:${message.topic}`, {
      kind: 'json',
      payload: { type: 'broadcast', event: message.event, payload: message.payload },
    });
  }
  return empty(202);
}

async function mayWrite(hub: Hub, topic: string, isPrivate: boolean, claims: Claims): Promise<boolean> {
  if (!isPrivate) return true;
  return (await writePermissions(hub.db, topic, claims)).broadcast;
}
