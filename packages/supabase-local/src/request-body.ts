// Request bodies between node:http and the services' Web `Request`s: read up to a limit, or streamed as they arrive
// (storage uploads), never copied whole. A body the server refuses is still read to its end (and thrown away), so
// that the client, which is busy sending it, also reads the answer.
import type { IncomingMessage } from 'node:http';

/** How much of a refused body is read and discarded before the connection is closed instead. */
export const MAX_DISCARD = 256 * 1024 * 1024;

export class BodyTooLarge extends Error {
  /** `drained`: the whole body was read, so the connection can carry the answer and stay open. */
  constructor(readonly drained: boolean) {
    super('Payload too large');
  }
}

/** The body as it arrived (chunks, not one copy), at most `limit` bytes; past it, discards the rest and rejects. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const declared = Number(req.headers['content-length']);
    let over = Number.isFinite(declared) && declared > limit;
    let size = 0;
    const finish = (outcome: () => void) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      outcome();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (!over && size > limit) {
        over = true;
        chunks.length = 0;
      }
      if (!over) chunks.push(chunk);
      else if (size > limit + MAX_DISCARD) {
        req.pause();
        finish(() => reject(new BodyTooLarge(false)));
      }
    };
    const onEnd = () => finish(() => (over ? reject(new BodyTooLarge(true)) : resolve(chunks)));
    const onClose = () => finish(() => reject(over ? new BodyTooLarge(false) : new Error('The client went away')));
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('close', onClose);
  });
}

/** Requests whose body is being thrown away: a stream over them takes no more of it. */
const discarding = new WeakSet<IncomingMessage>();

/** A stream over chunks already read. */
export function streamOf(chunks: Buffer[]): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[next];
      if (chunk) {
        chunks[next++] = EMPTY; // let each chunk go once the reader has it
        controller.enqueue(chunk);
      } else controller.close();
    },
  });
}
const EMPTY = Buffer.alloc(0);

/**
 * A stream over the body as it arrives, with backpressure. Cancelling it (a reader that has seen enough) stops the
 * stream; what is left of the body is then discarded by {@link discardBody} before the answer goes out.
 */
export function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let done = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on('data', (chunk: Buffer) => {
          if (done || discarding.has(req)) return;
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.once('end', () => {
          if (!done) controller.close();
          done = true;
        });
        req.once('error', (error) => {
          if (!done) controller.error(error);
          done = true;
        });
        req.pause();
      },
      pull() {
        req.resume();
      },
      cancel() {
        done = true;
      },
    },
    { highWaterMark: 4 },
  );
}

/**
 * Reads what is left of the body and throws it away; resolves true at its end, false when it gave up past
 * {@link MAX_DISCARD} bytes or the client went away (then the connection must be closed, not reused).
 */
export function discardBody(req: IncomingMessage): Promise<boolean> {
  if (req.complete || req.readableEnded) return Promise.resolve(true);
  if (req.destroyed) return Promise.resolve(false);
  discarding.add(req);
  return new Promise((resolve) => {
    let discarded = 0;
    const finish = (ok: boolean) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      resolve(ok);
    };
    const onData = (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > MAX_DISCARD) {
        req.pause();
        finish(false);
      }
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(req.complete);
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('close', onClose);
    req.resume();
  });
}
