// One bad connection never stops the server (issue 27): malformed WebSocket frames on Realtime's socket, upgrade
// requests reset by the client, and handshakes cut at every byte each end that one connection (a bad frame with
// RFC 6455's close code), while auth, the data API and Realtime go on serving. Frames are written by hand over TCP,
// since no WebSocket client sends them.
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Fixture, LIBRARY_MIGRATION, LIBRARY_SEED, startFixture } from '../rest/fixture.ts';

let f: Fixture;
let port: number;

beforeAll(async () => {
  f = await startFixture({
    'supabase/migrations/20240101000000_library.sql': LIBRARY_MIGRATION,
    'supabase/seed.sql': LIBRARY_SEED,
  });
  port = Number(new URL(f.server.url).port);
}, 60_000);

afterAll(async () => {
  await f?.stop();
});

const upgradeRequest = (path: string) =>
  [
    `GET ${path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Upgrade: websocket',
    'Connection: Upgrade',
    `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
    'Sec-WebSocket-Version: 13',
    '',
    '',
  ].join('\r\n');

const realtimePath = () => `/realtime/v1/websocket?apikey=${f.server.anonKey}&vsn=1.0.0`;

/** A client frame: FIN set, `opcode`, masked unless told otherwise; `length` may claim more than `payload` holds. */
function frame(opcode: number, payload: Buffer, { masked = true, length = payload.length } = {}): Buffer {
  const head: number[] = [0x80 | opcode];
  const mask = masked ? 0x80 : 0;
  if (length < 126) head.push(mask | length);
  else if (length < 65536) head.push(mask | 126, length >> 8, length & 0xff);
  else {
    head.push(mask | 127, 0, 0, 0, 0);
    head.push((length >>> 24) & 0xff, (length >>> 16) & 0xff, (length >>> 8) & 0xff, length & 0xff);
  }
  if (!masked) return Buffer.concat([Buffer.from(head), payload]);
  const key = randomBytes(4);
  const body = Buffer.from(payload.map((byte, i) => byte ^ (key[i % 4] as number)));
  return Buffer.concat([Buffer.from(head), key, body]);
}

interface Ending {
  /** The HTTP status line the server answered, if any. */
  status: string | undefined;
  /** The close code of the server's close frame, if it sent one. */
  closeCode: number | undefined;
}

/** Opens a socket, writes `request`, then (after a 101) each of `frames`; resolves when the server ends it. */
function exchange(request: string, frames: Buffer[] = []): Promise<Ending> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let upgraded = false;
    let status: string | undefined;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open: ${received.toString('latin1').slice(0, 200)}`));
    }, 20_000);
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (upgraded) return;
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      status = received.subarray(0, received.indexOf('\r\n')).toString('latin1');
      received = received.subarray(end + 4);
      if (status.includes(' 101 ')) {
        upgraded = true;
        for (const bytes of frames) socket.write(bytes);
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ status, closeCode: closeCodeIn(received) });
    });
    socket.write(request);
  });
}

/** The code of the first close frame (opcode 8) among the server's frames. */
function closeCodeIn(bytes: Buffer): number | undefined {
  let at = 0;
  while (at + 2 <= bytes.length) {
    const opcode = (bytes[at] as number) & 0x0f;
    let length = (bytes[at + 1] as number) & 0x7f;
    let start = at + 2;
    if (length === 126) {
      length = bytes.readUInt16BE(at + 2);
      start += 2;
    } else if (length === 127) {
      length = Number(bytes.readBigUInt64BE(at + 2));
      start += 8;
    }
    if (opcode === 8) return length >= 2 ? bytes.readUInt16BE(start) : undefined;
    at = start + length;
  }
  return undefined;
}

/** The whole stack still answers: auth, the data API, and a new Realtime socket that joins a channel. */
async function stillServing() {
  const health = await fetch(`${f.server.url}/auth/v1/health`, { headers: { apikey: f.server.anonKey } });
  expect(health.status).toBe(200);
  const { data, error } = await f.anon.from('authors').select('id').limit(1);
  expect(error).toBeNull();
  expect(data).toHaveLength(1);
  const ws = new WebSocket(`ws://127.0.0.1:${port}${realtimePath()}`);
  const reply = await new Promise<{ event: string; payload: { status: string } }>((resolve, reject) => {
    ws.on('error', reject);
    ws.on('open', () => ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '1' })));
    ws.on('message', (data) => resolve(JSON.parse(String(data))));
  });
  ws.close();
  expect(reply).toMatchObject({ event: 'phx_reply', payload: { status: 'ok' } });
}

describe('a bad Realtime frame closes that socket with its close code, and the server goes on', () => {
  const cases: [string, () => Buffer, number][] = [
    ['a text frame that is not UTF-8 (C3 28)', () => frame(0x1, Buffer.from([0xc3, 0x28])), 1007],
    ['a frame with the reserved opcode 3', () => frame(0x3, Buffer.from('x')), 1002],
    [
      'a header announcing 4 MiB, more than a message may hold',
      () => frame(0x2, Buffer.alloc(0), { length: 4 * 1024 * 1024 }),
      1009,
    ],
    ['a close frame with the code 999', () => frame(0x8, Buffer.from([0x03, 0xe7])), 1002],
    ['an unmasked client frame', () => frame(0x1, Buffer.from('{}'), { masked: false }), 1002],
  ];
  it.each(cases)('%s', async (_name, bad, code) => {
    const ending = await exchange(upgradeRequest(realtimePath()), [bad()]);
    expect(ending.status).toBe('HTTP/1.1 101 Switching Protocols');
    expect(ending.closeCode).toBe(code);
    await stillServing();
  });
});

describe('a connection the client resets or cuts never takes the server down', () => {
  it('survives upgrade requests reset 1 ms after they are sent, to Realtime and to any other path', async () => {
    const paths = [realtimePath(), '/rest/v1/notes?apikey=garbage', '/auth/v1/health', '/nowhere'];
    await Promise.all(
      paths.flatMap((path) =>
        Array.from(
          { length: 5 },
          () =>
            new Promise<void>((resolve) => {
              const socket: Socket = connect(port, '127.0.0.1', () => {
                socket.write(upgradeRequest(path));
                setTimeout(() => socket.resetAndDestroy(), 1);
              });
              socket.on('error', () => undefined);
              socket.on('close', () => resolve());
            }),
        ),
      ),
    );
    await stillServing();
  });

  it('survives a Realtime handshake and a first frame each cut off at every byte', async () => {
    const handshake = Buffer.from(upgradeRequest(realtimePath()));
    const join = frame(
      0x1,
      Buffer.from(JSON.stringify({ topic: 'realtime:x', event: 'phx_join', payload: {}, ref: '1' })),
    );
    const cuts: Promise<void>[] = [];
    for (let at = 1; at < handshake.length; at += 7) {
      cuts.push(cutAfter(handshake.subarray(0, at)));
    }
    for (let at = 1; at < join.length; at++) cuts.push(cutAfter(Buffer.concat([handshake, join.subarray(0, at)])));
    await Promise.all(cuts);
    await stillServing();
  });
});

/** Writes `bytes` and resets the connection at once. */
function cutAfter(bytes: Buffer): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(bytes, () => socket.resetAndDestroy());
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve());
  });
}
