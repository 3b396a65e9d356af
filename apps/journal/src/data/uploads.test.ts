import { describe, expect, it } from 'vitest';
import { galleryObjectPath, imageFileError, storageObjectUrl, uploadWithProgress } from './uploads';

describe('imageFileError', () => {
  it('accepts PNG, JPEG, WebP and GIF up to 10 MB', () => {
    expect(imageFileError({ name: 'orb.png', type: 'image/png', size: 10 * 1024 * 1024 })).toBeUndefined();
    expect(imageFileError({ name: 'a.webp', type: 'image/webp', size: 1 })).toBeUndefined();
  });

  it('explains what is wrong with any other file', () => {
    expect(imageFileError({ name: 'notes.pdf', type: 'application/pdf', size: 1000 })).toBe(
      'notes.pdf is not a PNG, JPEG, WebP or GIF image.',
    );
    // 12,582,912 bytes = 12.0 MB.
    expect(imageFileError({ name: 'big.jpg', type: 'image/jpeg', size: 12_582_912 })).toBe(
      'big.jpg is 12.0 MB; images can be up to 10 MB.',
    );
    expect(imageFileError({ name: 'x.gif', type: 'image/gif', size: 0 })).toBe('x.gif is empty.');
  });
});

describe('object paths', () => {
  it("puts an object in the user's folder with the type's extension", () => {
    expect(galleryObjectPath('u-1', 'abc', 'image/jpeg')).toBe('u-1/abc.jpg');
    expect(() => galleryObjectPath('u-1', 'abc', 'text/plain')).toThrow('Not an accepted image type: text/plain');
  });

  it('builds the Storage upload URL', () => {
    expect(storageObjectUrl('http://127.0.0.1:54321/', 'gallery', 'u-1/a b.png')).toBe(
      'http://127.0.0.1:54321/storage/v1/object/gallery/u-1/a%20b.png',
    );
  });
});

/** Just enough of XMLHttpRequest to drive one upload from the test. */
class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
}

describe('uploadWithProgress', () => {
  const file = new Blob(['x'.repeat(400)], { type: 'image/png' });

  function start(signal?: AbortSignal) {
    const xhr = new FakeXhr();
    const progress: number[] = [];
    const done = uploadWithProgress(
      {
        url: 'http://sb/storage/v1/object/gallery/u/a.png',
        file,
        accessToken: 'tok',
        apiKey: 'anon',
        onProgress: (f) => progress.push(f),
        signal,
      },
      () => xhr as unknown as XMLHttpRequest,
    );
    return { xhr, progress, done };
  }

  it('posts the file with the user token and apikey and reports progress to 100%', async () => {
    const { xhr, progress, done } = start();
    expect([xhr.method, xhr.url, xhr.body]).toEqual(['POST', 'http://sb/storage/v1/object/gallery/u/a.png', file]);
    expect(xhr.headers).toMatchObject({ authorization: 'Bearer tok', apikey: 'anon', 'content-type': 'image/png' });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 400 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 300, total: 400 });
    xhr.status = 200;
    xhr.onload?.();
    await done;
    expect(progress).toEqual([0.25, 0.75, 1]);
  });

  it("fails with Storage's message", async () => {
    const { xhr, done } = start();
    xhr.status = 413;
    xhr.responseText =
      '{"statusCode":"413","error":"Payload too large","message":"The object exceeded the maximum allowed size"}';
    xhr.onload?.();
    await expect(done).rejects.toThrow('Upload failed: The object exceeded the maximum allowed size');
  });

  it('says so in plain words when the server refuses the upload because access has ended', async () => {
    const { xhr, done } = start();
    xhr.status = 400;
    xhr.responseText =
      '{"statusCode":"403","error":"Unauthorized","message":"new row violates row-level security policy"}';
    xhr.onload?.();
    await expect(done).rejects.toThrow(
      'Your access has ended, so your journal is read-only. Renew your subscription to add or change entries.',
    );
  });

  it('fails on a network error and when cancelled', async () => {
    const lost = start();
    lost.xhr.onerror?.();
    await expect(lost.done).rejects.toThrow('Upload failed: the network connection was lost.');
    const controller = new AbortController();
    const cancelled = start(controller.signal);
    controller.abort();
    await expect(cancelled.done).rejects.toThrow('Upload cancelled.');
  });
});
