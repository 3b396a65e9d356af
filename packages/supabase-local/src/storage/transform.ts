// Image transformation options as Storage reads them (supabase/storage `ImageRenderer`, the `transformations`
// schema): `width`/`height` clamped to 1–2500, `resize` cover|contain|fill, `format` origin|avif, `quality` 20–100.
// The segments are what Storage hands imgproxy, and what a signed URL's token carries (`transformations`).
import { errors } from './errors.ts';

export interface Transform {
  width?: number;
  height?: number;
  resize?: string;
  format?: string;
  quality?: number;
}

const SIZE = { min: 1, max: 2500 };
const clamp = (n: number) => Math.min(Math.max(n, SIZE.min), SIZE.max);

/** Checks `value` as Storage's JSON schema does; a query string's numbers arrive as text (Fastify coerces them). */
export function parseTransform(value: unknown, where: string, fromQuery = false): Transform {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw errors.invalidRequest(`${where} must be object`);
  const input = value as Record<string, unknown>;
  const out: Transform = {};
  const integer = (key: 'width' | 'height' | 'quality', min?: number, max?: number) => {
    const raw = input[key];
    if (raw === undefined) return;
    const n = fromQuery && typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
    if (typeof n !== 'number' || !Number.isInteger(n)) throw errors.invalidRequest(`${where}/${key} must be integer`);
    if (min !== undefined && n < min) throw errors.invalidRequest(`${where}/${key} must be >= ${min}`);
    if (max !== undefined && n > max) throw errors.invalidRequest(`${where}/${key} must be <= ${max}`);
    out[key] = n;
  };
  const oneOf = (key: 'resize' | 'format', allowed: string[]) => {
    const raw = input[key];
    if (raw === undefined) return;
    if (typeof raw !== 'string' || !allowed.includes(raw)) {
      throw errors.invalidRequest(`${where}/${key} must be equal to one of the allowed values`);
    }
    out[key] = raw;
  };
  integer('width');
  integer('height');
  oneOf('resize', ['cover', 'contain', 'fill']);
  oneOf('format', ['origin', 'avif']);
  integer('quality', 20, 100);
  return out;
}

const RESIZING_TYPE: Record<string, string> = { cover: 'fill', contain: 'fit', fill: 'force' };

/** Storage's `applyTransformation`: `keepOriginal` keeps `resize:<option>` (for tokens), else imgproxy's name. */
export function transformationSegments(t: Transform, keepOriginal: boolean): string[] {
  const segments: string[] = [];
  if (t.height) segments.push(`height:${clamp(t.height)}`);
  if (t.width) segments.push(`width:${clamp(t.width)}`);
  if (t.width || t.height) {
    segments.push(keepOriginal ? `resize:${t.resize}` : `resizing_type:${RESIZING_TYPE[t.resize ?? ''] ?? 'fill'}`);
  }
  if (t.quality) segments.push(`quality:${t.quality}`);
  if (t.format && t.format !== 'origin') segments.push(`format:${t.format}`);
  return segments;
}

/** A signed token's `transformations` read back (Storage's `setTransformationsFromString`). */
export function transformFromSegments(text: string): Transform {
  const t: Transform = {};
  for (const segment of text.split(',')) {
    const [name, value = ''] = segment.split(':');
    if (name === 'height' || name === 'width' || name === 'quality') t[name] = Number.parseInt(value, 10);
    else if (name === 'resize' || name === 'format') t[name] = value;
  }
  return t;
}
