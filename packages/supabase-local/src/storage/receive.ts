// Upload bodies, streamed to a temporary file as they arrive: a raw body, or the multipart/form-data that storage-js
// sends for a Blob (the first file part is the object; `cacheControl`, `contentType`, `metadata` fields around it).
// Nothing holds a whole upload in memory, and a body over the limit stops being written at the limit.
import { createHash, randomUUID } from 'node:crypto';
import { type FileHandle, open, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { errors } from './errors.ts';
import { parseMediaType } from './media-type.ts';

export interface ReceivedFile {
  /** The temporary file (the caller moves it into place or removes it). */
  path: string;
  size: number;
  /** Hex MD5 of the bytes, for the ETag. */
  md5: string;
  /** The content type the client gave (the raw body's header, or the multipart `contentType` field / part header). */
  contentType: string;
  /** `max-age=…` from the multipart `cacheControl` field, when there is one. */
  cacheControl?: string;
  /** The multipart `metadata` field as sent (JSON text). */
  metadata?: string;
}

export interface ReceiveOptions {
  /** Folder for the temporary file (on the same file system as the objects, so a rename moves it into place). */
  dir: string;
  /** Largest object accepted, in bytes. */
  limit: number;
  /** Checks the object's content type before any byte of it is written; throws to refuse. */
  checkType(contentType: string): void;
}

/** Multipart text fields (cacheControl, contentType, metadata) beyond this are refused, as Storage's 1 MB user metadata. */
const MAX_FIELD = 1024 * 1024;
/** Part headers beyond this are not a form storage-js sends. */
const MAX_PART_HEADERS = 16 * 1024;

/** Writes the bytes it is given to a temporary file, hashing them and refusing more than `limit`. */
class Sink {
  size = 0;
  readonly path: string;
  readonly #hash = createHash('md5');
  #file: FileHandle | undefined;

  constructor(
    dir: string,
    readonly limit: number,
  ) {
    this.path = join(dir, `.upload-${randomUUID()}`);
  }

  async write(bytes: Uint8Array): Promise<void> {
    this.size += bytes.length;
    if (this.size > this.limit) throw errors.entityTooLarge();
    this.#file ??= await open(this.path, 'w');
    this.#hash.update(bytes);
    await this.#file.write(bytes);
  }

  async close(): Promise<string> {
    this.#file ??= await open(this.path, 'w');
    await this.#file.close();
    return this.#hash.digest('hex');
  }

  async discard(): Promise<void> {
    await this.#file?.close().catch(() => undefined);
    await unlink(this.path).catch(() => undefined);
  }
}

/** Receives the upload in `req` (a raw body or multipart/form-data) into a temporary file. */
export async function receiveUpload(req: Request, options: ReceiveOptions): Promise<ReceivedFile> {
  const header = req.headers.get('content-type') ?? '';
  const declared = Number(req.headers.get('content-length'));
  const multipart = /^multipart\/form-data\b/i.test(header.trim());
  if (!multipart) {
    const contentType = header || 'application/octet-stream';
    options.checkType(contentType);
    if (Number.isFinite(declared) && declared > options.limit) throw errors.entityTooLarge();
    const sink = new Sink(options.dir, options.limit);
    try {
      if (req.body) {
        for await (const chunk of req.body as unknown as AsyncIterable<Uint8Array>) await sink.write(chunk);
      }
      return { path: sink.path, size: sink.size, md5: await sink.close(), contentType };
    } catch (error) {
      await sink.discard();
      throw error;
    }
  }
  return receiveMultipart(req, header, options);
}

interface Part {
  /** Undefined for a part without Content-Disposition: form-data, which is skipped. */
  name?: string;
  filename?: string;
  contentType?: string;
}

function parsePartHeaders(block: string): Part {
  const part: Part = {};
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 1) throw errors.noContent('Multipart: Malformed part header');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-type') part.contentType = value;
    else if (name === 'content-disposition' && /^form-data\b/i.test(value)) {
      part.name ??= '';
      for (const match of value.matchAll(/;\s*([A-Za-z*]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g)) {
        const key = (match[1] as string).toLowerCase();
        const v = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[3] ?? '');
        if (key === 'name') part.name = v;
        else if (key === 'filename') part.filename = v;
      }
    }
  }
  return part;
}

/**
 * A streaming multipart/form-data reader (RFC 7578): the first part with a filename (or, as storage-js sends it, the
 * part named `''`) is the object, written to the sink; small text fields are collected; everything else is skipped.
 */
async function receiveMultipart(req: Request, header: string, options: ReceiveOptions): Promise<ReceivedFile> {
  const boundary = parseMediaType(header)?.parameters.find(([name]) => name === 'boundary')?.[1];
  if (!boundary || boundary.length > 70) throw errors.noContent('Multipart: Boundary not found');
  const delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
  const fields: Record<string, string> = {};
  let sink: Sink | undefined;
  let fileType: string | undefined;
  let done = false;
  // parser state: before the first delimiter, in a part's headers, in a part's body, or after the closing delimiter
  type State = 'preamble' | 'after-delimiter' | 'headers' | 'body' | 'epilogue';
  let state = 'preamble' as State;
  let part: Part | undefined;
  let field: Buffer[] = [];
  let fieldSize = 0;
  // the preamble is searched for "\r\n--boundary" too: a leading CRLF lets the first delimiter match
  let buffer: Buffer = Buffer.from('\r\n', 'latin1');

  const endPart = async () => {
    if (sink && part && isFilePart(part) && !done) {
      done = true;
    } else if (part?.name && !isFilePart(part)) {
      fields[part.name] = Buffer.concat(field).toString('utf8');
    }
    field = [];
    fieldSize = 0;
    part = undefined;
  };
  const isFilePart = (p: Part) => p.name !== undefined && (p.filename !== undefined || p.name === '');
  const partData = async (bytes: Buffer) => {
    if (part?.name === undefined || bytes.length === 0) return;
    if (isFilePart(part)) {
      if (sink && !done) await sink.write(bytes);
      return;
    }
    fieldSize += bytes.length;
    if (fieldSize > MAX_FIELD) throw errors.entityTooLarge(part.name === 'metadata' ? 'user_metadata' : 'object');
    field.push(bytes);
  };

  /** Consumes as much of `buffer` as it can; returns false when it needs more bytes. */
  const step = async (): Promise<boolean> => {
    switch (state) {
      case 'preamble': {
        const at = buffer.indexOf(delimiter);
        if (at === -1) {
          buffer = buffer.subarray(Math.max(0, buffer.length - delimiter.length + 1));
          return false;
        }
        buffer = buffer.subarray(at + delimiter.length);
        state = 'after-delimiter';
        return true;
      }
      case 'after-delimiter': {
        if (buffer.length < 2) return false;
        if (buffer[0] === 0x2d && buffer[1] === 0x2d) {
          state = 'epilogue';
          return true;
        }
        const eol = buffer.indexOf('\r\n', 0, 'latin1');
        if (eol === -1) {
          if (buffer.length > 256) throw errors.noContent('Multipart: Malformed delimiter');
          return false;
        }
        if (buffer.subarray(0, eol).toString('latin1').trim() !== '') {
          throw errors.noContent('Multipart: Malformed delimiter');
        }
        buffer = buffer.subarray(eol + 2);
        state = 'headers';
        return true;
      }
      case 'headers': {
        const end = buffer.indexOf('\r\n\r\n', 0, 'latin1');
        const blank = buffer.length >= 2 && buffer[0] === 0x0d && buffer[1] === 0x0a;
        if (end === -1 && !blank) {
          if (buffer.length > MAX_PART_HEADERS) throw errors.noContent('Multipart: Part headers too large');
          return false;
        }
        const block = blank ? '' : buffer.subarray(0, end).toString('latin1');
        buffer = buffer.subarray(blank ? 2 : end + 4);
        part = block ? parsePartHeaders(block) : {};
        if (isFilePart(part) && !sink && !done) {
          const contentType = fields.contentType || part.contentType || 'application/octet-stream';
          options.checkType(contentType);
          fileType = contentType;
          sink = new Sink(options.dir, options.limit);
        } else if (isFilePart(part)) part = { name: '\0ignored', filename: '' };
        state = 'body';
        return true;
      }
      case 'body': {
        const at = buffer.indexOf(delimiter);
        if (at === -1) {
          // keep what could be the start of a delimiter
          const keep = Math.min(buffer.length, delimiter.length - 1);
          await partData(buffer.subarray(0, buffer.length - keep));
          buffer = buffer.subarray(buffer.length - keep);
          return false;
        }
        await partData(buffer.subarray(0, at));
        buffer = buffer.subarray(at + delimiter.length);
        await endPart();
        state = 'after-delimiter';
        return true;
      }
      case 'epilogue':
        buffer = Buffer.alloc(0);
        return false;
    }
  };

  try {
    if (req.body) {
      for await (const chunk of req.body as unknown as AsyncIterable<Uint8Array>) {
        buffer = buffer.length ? Buffer.concat([buffer, chunk]) : Buffer.from(chunk);
        while (await step()) {
          // keep stepping
        }
        if (state === 'epilogue') break;
      }
    }
    if (state !== 'epilogue') throw errors.noContent('Multipart: Unexpected end of form');
    if (!sink || !done) throw errors.noContent();
    const md5 = await sink.close();
    const result: ReceivedFile = { path: sink.path, size: sink.size, md5, contentType: fileType as string };
    if (fields.cacheControl) result.cacheControl = `max-age=${fields.cacheControl}`;
    const metadata = fields.metadata ?? fields.userMetadata;
    if (metadata !== undefined) result.metadata = metadata;
    return result;
  } catch (error) {
    await sink?.discard();
    throw error;
  }
}
