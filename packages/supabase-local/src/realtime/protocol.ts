// Phoenix channel frames as realtime-js speaks them. vsn 1.0.0: JSON objects {join_ref, ref, topic, event, payload}.
// vsn 2.0.0: JSON arrays [join_ref, ref, topic, event, payload], plus Realtime's binary broadcast frames: a client
// pushes kind 3 (user broadcast push: join_ref, ref, topic, event, metadata, then the payload as JSON or raw bytes)
// and receives kind 4 (user broadcast: topic, event, metadata, payload).

/** The protocol version a socket asked for with `?vsn=`. */
export type Vsn = '1.0.0' | '2.0.0';

/** One frame from a client. */
export interface Inbound {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A user broadcast pushed as a binary frame: the payload stays as it came (JSON text or raw bytes). */
export interface UserBroadcast {
  event: string;
  encoding: 'json' | 'binary';
  data: Buffer;
}

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;

/** Decodes a frame; undefined for anything malformed. A binary broadcast's payload is a {@link UserBroadcast}. */
export function decode(vsn: Vsn, data: Buffer, isBinary: boolean): Inbound | undefined {
  try {
    if (isBinary) return vsn === '2.0.0' ? decodeBinary(data) : undefined;
    const parsed: unknown = JSON.parse(data.toString('utf8'));
    if (vsn === '2.0.0') {
      if (!Array.isArray(parsed) || parsed.length < 5) return undefined;
      const [joinRef, ref, topic, event, payload] = parsed as unknown[];
      if (typeof topic !== 'string' || typeof event !== 'string') return undefined;
      return { joinRef: refOf(joinRef), ref: refOf(ref), topic, event, payload };
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
    const m = parsed as Record<string, unknown>;
    if (typeof m.topic !== 'string' || typeof m.event !== 'string') return undefined;
    return { joinRef: refOf(m.join_ref), ref: refOf(m.ref), topic: m.topic, event: m.event, payload: m.payload };
  } catch {
    return undefined;
  }
}

const refOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

function decodeBinary(data: Buffer): Inbound | undefined {
  if (data.length < 7 || data[0] !== KIND_USER_BROADCAST_PUSH) return undefined;
  const sizes = [data[1], data[2], data[3], data[4], data[5]] as number[];
  const encoding = data[6] === 0 ? 'binary' : 'json';
  let offset = 7;
  const fields = sizes.map((size) => {
    const field = data.subarray(offset, offset + size).toString('utf8');
    offset += size;
    return field;
  });
  if (offset > data.length) return undefined;
  const [joinRef, ref, topic, event] = fields as [string, string, string, string];
  const broadcast: UserBroadcast = { event, encoding, data: data.subarray(offset) };
  return { joinRef: joinRef || null, ref: ref || null, topic, event: 'broadcast', payload: broadcast };
}

/** Encodes a message or reply for a socket of the given version. */
export function encode(
  vsn: Vsn,
  joinRef: string | null,
  ref: string | null,
  topic: string,
  event: string,
  payload: unknown,
): string {
  if (vsn === '2.0.0') return JSON.stringify([joinRef, ref, topic, event, payload]);
  return JSON.stringify({ topic, event, payload, ref, join_ref: joinRef });
}

/** A user broadcast as a vsn 2.0.0 binary frame (kind 4). */
export function encodeUserBroadcast(topic: string, broadcast: UserBroadcast): Buffer {
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(broadcast.event, 'utf8');
  const header = Buffer.from([
    KIND_USER_BROADCAST,
    topicBytes.length,
    eventBytes.length,
    0,
    broadcast.encoding === 'json' ? 1 : 0,
  ]);
  return Buffer.concat([header, topicBytes, eventBytes, broadcast.data]);
}
