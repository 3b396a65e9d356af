// Image uploads to the private `gallery` bucket with a progress bar. supabase-js's upload reports no progress, so
// the file goes through XMLHttpRequest to the same Storage endpoint (`POST /storage/v1/object/<bucket>/<path>`)
// with the user's access token and the project's apikey, and `xhr.upload.onprogress` drives the bar.

import { isAccessRefusal, READ_ONLY_MESSAGE } from './data-error';

export const GALLERY_BUCKET = 'gallery';
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

export const ACCEPTED_IMAGE_TYPES = Object.keys(EXTENSIONS);

/** Why a file cannot go to the gallery, in words for the user; undefined when it can. */
export function imageFileError(file: { name: string; type: string; size: number }): string | undefined {
  if (!EXTENSIONS[file.type]) return `${file.name} is not a PNG, JPEG, WebP or GIF image.`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > MAX_IMAGE_BYTES) {
    return `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; images can be up to 10 MB.`;
  }
  return undefined;
}

/** `<uid>/<id>.<ext>`: the bucket's policies let a user write only under their own uid folder. */
export function galleryObjectPath(userId: string, id: string, type: string): string {
  const ext = EXTENSIONS[type];
  if (!ext) throw new RangeError(`Not an accepted image type: ${type}`);
  return `${userId}/${id}.${ext}`;
}

/** The Storage URL an object is uploaded to; each path segment is encoded, the slashes kept. */
export function storageObjectUrl(supabaseUrl: string, bucket: string, path: string): string {
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  return `${supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/${bucket}/${encoded}`;
}

export interface UploadRequest {
  url: string;
  file: Blob;
  accessToken: string;
  apiKey: string;
  /** Called with the share sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Storage answers errors as `{ "message": "…" }` (or `{ "error": "…" }`); fall back to the status line. */
function storageError(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: string; error?: string };
    const message = parsed.message ?? parsed.error;
    if (message && isAccessRefusal({ message })) return READ_ONLY_MESSAGE;
    if (message) return `Upload failed: ${message}`;
  } catch {
    // not JSON
  }
  return `Upload failed (HTTP ${status}).`;
}

/** Uploads one file with progress. `createXhr` is for tests; the browser's XMLHttpRequest otherwise. */
export function uploadWithProgress(
  request: UploadRequest,
  createXhr: () => XMLHttpRequest = () => new XMLHttpRequest(),
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = createXhr();
    xhr.open('POST', request.url);
    xhr.setRequestHeader('authorization', `Bearer ${request.accessToken}`);
    xhr.setRequestHeader('apikey', request.apiKey);
    xhr.setRequestHeader('content-type', request.file.type || 'application/octet-stream');
    xhr.setRequestHeader('x-upsert', 'false');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) request.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        request.onProgress?.(1);
        resolve();
      } else {
        reject(new Error(storageError(xhr.status, xhr.responseText)));
      }
    };
    xhr.onerror = () => reject(new Error('Upload failed: the network connection was lost.'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled.', 'AbortError'));
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(request.file);
  });
}
