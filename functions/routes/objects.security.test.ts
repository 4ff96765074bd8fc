// Who may upload and with what: every media route is admin-only (401 anonymous, 403
// cross-site); the disk driver's upload URLs work once, until they expire, for their own
// key, method and size only; the companion endpoints sign nothing this server did not
// hand out; browsers never get AWS credentials.
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { png } from '../media/test-images.ts';
import { CANNOT_SIGN_MESSAGE } from '../shared/media.ts';
import { DRIVERS, mediaApp, type MediaApp } from '../test/media-kit.ts';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string[]> };
}
const message = async (response: Response) => ((await response.json()) as ErrorBody).error.message;

const SOME_ID = '3f2b8c1e-9d4a-4b7e-8f6a-1c2d3e4f5a6b';
const ROUTES: [string, string, unknown?][] = [
  ['POST', '/api/objects/upload'],
  ['POST', '/api/objects/acl', { objectPath: `/objects/uploads/${SOME_ID}`, visibility: 'public' }],
  ['GET', '/api/s3/params?filename=a.png&type=image/png'],
  ['POST', '/api/s3/multipart', { filename: 'a.png', type: 'image/png', metadata: {} }],
  ['GET', `/api/s3/multipart/abc?key=pending/${SOME_ID}`],
  ['GET', `/api/s3/multipart/abc/1?key=pending/${SOME_ID}`],
  [
    'POST',
    `/api/s3/multipart/abc/complete?key=pending/${SOME_ID}`,
    { parts: [{ ETag: 'x', PartNumber: 1 }] },
  ],
  ['DELETE', `/api/s3/multipart/abc?key=pending/${SOME_ID}`],
  ['GET', '/api/s3/sts'],
  ['GET', '/api/admin/media'],
  ['GET', `/api/admin/media/${SOME_ID}`],
  ['GET', `/api/admin/media/${SOME_ID}/usage`],
  ['PATCH', `/api/admin/media/${SOME_ID}`, { alt: 'x' }],
  ['POST', `/api/admin/media/${SOME_ID}/replace`, { objectPath: `/objects/uploads/${SOME_ID}` }],
  ['DELETE', `/api/admin/media/${SOME_ID}`],
];

describe('media routes: admin only', () => {
  let t: MediaApp;
  afterEach(async () => t?.close());

  it('answers 401 to anonymous callers on every route', async () => {
    t = await mediaApp('disk');
    for (const [method, path, body] of ROUTES) {
      const response = await t.call(method, path, body, { cookie: '' });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers 403 to cross-site changes, signed in or not', async () => {
    t = await mediaApp('disk');
    for (const [method, path, body] of ROUTES.filter(([method]) => method !== 'GET')) {
      const crossSite: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of crossSite) {
        const response = await t.call(method, path, body, headers);
        expect(response.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    // Nothing was handed out.
    expect((await t.services.media.list(10)).items).toEqual([]);
  });

  it('never gives a browser temporary credentials: /api/s3/sts is 501', async () => {
    t = await mediaApp('disk');
    const response = await t.call('GET', '/api/s3/sts');
    expect(response.status).toBe(501);
    expect(((await response.json()) as ErrorBody).error).toMatchObject({
      code: 'not_implemented',
      message: expect.stringMatching(/^Temporary AWS credentials are never given to browsers/),
    });
  });
});

describe.each(DRIVERS)(
  'companion endpoints refuse what they did not hand out (%s driver)',
  (driver) => {
    let t: MediaApp;
    afterEach(async () => t?.close());

    it('answers the requirements’ 400 for signing without a key, an uploadId or a partNumber', async () => {
      t = await mediaApp(driver);
      const { uploadId, key } = (await (
        await t.call('POST', '/api/s3/multipart', { filename: 'a.jpg', type: 'image/jpeg' })
      ).json()) as { uploadId: string; key: string };
      const id = encodeURIComponent(uploadId);
      for (const path of [
        `/api/s3/multipart/${id}/1`,
        `/api/s3/multipart/${id}/1?key=`,
        `/api/s3/multipart//1?key=${key}`,
        `/api/s3/multipart/${id}//?key=${key}`,
      ]) {
        const response = await t.call('GET', path);
        expect(response.status, path).toBe(400);
        expect(await message(response)).toBe(CANNOT_SIGN_MESSAGE);
      }
      for (const part of ['0', '10001', 'x', '1.5', '-1']) {
        const response = await t.call('GET', `/api/s3/multipart/${id}/${part}?key=${key}`);
        expect(response.status, part).toBe(400);
        expect(((await response.json()) as ErrorBody).error.fields).toEqual({
          partNumber: ['must be an integer from 1 to 10000'],
        });
      }
      expect((await t.call('GET', `/api/s3/multipart/${id}/10000?key=${key}`)).status).toBe(200);
    });

    it('refuses a key or uploadId that is not the pair it handed out: 404', async () => {
      t = await mediaApp(driver);
      const create = async () =>
        (await (
          await t.call('POST', '/api/s3/multipart', { filename: 'a.jpg', type: 'image/jpeg' })
        ).json()) as { uploadId: string; key: string };
      const a = await create();
      const b = await create();
      const single = (await (await t.call('GET', '/api/s3/params?filename=s.png')).json()) as {
        fields: { key: string };
      };
      const wrong: [string, string][] = [
        [a.uploadId, b.key], // another upload's key
        [b.uploadId, a.key],
        [a.uploadId, `pending/${SOME_ID}`], // a key never handed out
        [a.uploadId, single.fields.key], // a single upload's key has no uploadId
        [a.uploadId, 'pending/../uploads/x'],
        [a.uploadId, `uploads/${a.key.slice('pending/'.length)}`],
        ['not-an-upload', a.key],
      ];
      for (const [uploadId, key] of wrong) {
        const query = new URLSearchParams({ key });
        const id = encodeURIComponent(uploadId);
        for (const [method, path, body] of [
          ['GET', `/api/s3/multipart/${id}?${query}`],
          ['GET', `/api/s3/multipart/${id}/1?${query}`],
          [
            'POST',
            `/api/s3/multipart/${id}/complete?${query}`,
            { parts: [{ ETag: 'e', PartNumber: 1 }] },
          ],
          ['DELETE', `/api/s3/multipart/${id}?${query}`],
        ] as const) {
          const response = await t.call(method, path, body);
          expect(response.status, `${method} ${uploadId} ${key}`).toBe(404);
        }
      }
      // The real pairs still work.
      expect(
        (await t.call('GET', `/api/s3/multipart/${encodeURIComponent(a.uploadId)}?key=${a.key}`))
          .status,
      ).toBe(200);
    });

    it('lists parts and aborts; an aborted upload is unknown afterwards', async () => {
      t = await mediaApp(driver);
      const { uploadId, key } = (await (
        await t.call('POST', '/api/s3/multipart', { filename: 'a.jpg', type: 'image/jpeg' })
      ).json()) as { uploadId: string; key: string };
      const id = encodeURIComponent(uploadId);
      const query = new URLSearchParams({ key });
      const signed = (await (await t.call('GET', `/api/s3/multipart/${id}/1?${query}`)).json()) as {
        url: string;
        expires: number;
      };
      expect(signed.expires).toBe(900);
      const put = await fetch(signed.url, { method: 'PUT', body: Buffer.alloc(1234, 7) });
      const listed = await t.call('GET', `/api/s3/multipart/${id}?${query}`);
      expect(await listed.json()).toEqual([
        { PartNumber: 1, Size: 1234, ETag: put.headers.get('etag') },
      ]);
      const aborted = await t.call('DELETE', `/api/s3/multipart/${id}?${query}`);
      expect(aborted.status).toBe(200);
      expect(await aborted.json()).toEqual({});
      expect((await t.call('GET', `/api/s3/multipart/${id}?${query}`)).status).toBe(404);
    });

    it('refuses to complete with a part that was never uploaded: 400, upload kept', async () => {
      t = await mediaApp(driver);
      const { uploadId, key } = (await (
        await t.call('POST', '/api/s3/multipart', { filename: 'a.jpg', type: 'image/jpeg' })
      ).json()) as { uploadId: string; key: string };
      const id = encodeURIComponent(uploadId);
      const query = new URLSearchParams({ key });
      const response = await t.call('POST', `/api/s3/multipart/${id}/complete?${query}`, {
        parts: [{ ETag: '0'.repeat(32), PartNumber: 1 }],
      });
      expect(response.status).toBe(400);
      expect((await t.call('GET', `/api/s3/multipart/${id}?${query}`)).status).toBe(200);
      const invalid = await t.call('POST', `/api/s3/multipart/${id}/complete?${query}`, {
        parts: [],
      });
      expect(invalid.status).toBe(400);
      expect(((await invalid.json()) as ErrorBody).error.fields).toEqual({
        parts: ['must list at least one part'],
      });
    });
  },
);

describe('companion endpoints: an uploadId no upload can have', () => {
  let t: MediaApp;
  afterEach(async () => t?.close());

  it('answers 404 on every multipart route, as an upload that does not exist', async () => {
    t = await mediaApp('disk');
    // Longer than any uploadId (1,024 characters at most): the path parameter is refused
    // as a thing that cannot exist, before the key is looked at.
    const id = 'u'.repeat(1025);
    const query = new URLSearchParams({ key: `pending/${SOME_ID}` });
    for (const [method, path, body] of [
      ['GET', `/api/s3/multipart/${id}?${query}`],
      ['GET', `/api/s3/multipart/${id}/1?${query}`],
      [
        'POST',
        `/api/s3/multipart/${id}/complete?${query}`,
        { parts: [{ ETag: 'e', PartNumber: 1 }] },
      ],
      ['DELETE', `/api/s3/multipart/${id}?${query}`],
    ] as const) {
      const response = await t.call(method, path, body);
      expect(response.status, `${method} ${path.slice(0, 40)}`).toBe(404);
      expect(((await response.json()) as ErrorBody).error.code).toBe('not_found');
    }
  });
});

/** A raw request, so the path reaches the server exactly as written (fetch normalizes it). */
function raw(url: string, path: string, method = 'PUT', body = 'x') {
  return new Promise<number>((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const request = httpRequest({ hostname, port, path, method }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end(method === 'DELETE' ? undefined : body);
  });
}

describe('the local server’s upload URLs (disk driver)', () => {
  let t: MediaApp;
  afterEach(async () => t?.close());

  it('work once: a reused PUT or form URL is refused with 403', async () => {
    t = await mediaApp('disk');
    const { uploadURL, put } = await t.uploadPut(await png(20, 20));
    expect(put.status).toBe(200);
    const again = await fetch(uploadURL, {
      method: 'PUT',
      body: new Uint8Array(await png(30, 30)),
    });
    expect(again.status).toBe(403);
    expect(await message(again)).toBe('This upload URL has already been used');

    const { params, posted } = await t.uploadForm(await png(20, 20), 'a.png', 'image/png');
    expect(posted.status).toBe(204);
    const form = new FormData();
    for (const [name, value] of Object.entries(params.fields)) form.set(name, value);
    form.set('file', new Blob([new Uint8Array(await png(30, 30))]), 'b.png');
    const reposted = await fetch(params.url, { method: 'POST', body: form });
    expect(reposted.status).toBe(403);
    // The first upload is what gets published.
    const record = (await (await t.publish(params.objectPath)).json()) as { width: number };
    expect(record.width).toBe(20);
  });

  it('a URL whose upload failed can be used again within its time', async () => {
    t = await mediaApp('disk', { MEDIA_MAX_BYTES: '2048' });
    const ticket = (await (await t.call('POST', '/api/objects/upload')).json()) as {
      uploadURL: string;
      objectPath: string;
    };
    expect(
      (await fetch(ticket.uploadURL, { method: 'PUT', body: Buffer.alloc(4096) })).status,
    ).toBe(413);
    expect((await fetch(ticket.uploadURL, { method: 'PUT', body: Buffer.alloc(100) })).status).toBe(
      200,
    );
  });

  it('answer 413 to a form one byte over the limit, found while the body streams', async () => {
    t = await mediaApp('disk', { MEDIA_MAX_BYTES: '100000' });
    const { posted, objectPath } = await t.uploadForm(
      Buffer.alloc(100_001, 1),
      'big.png',
      'image/png',
    );
    expect(posted.status).toBe(413);
    expect(await message(posted)).toBe('The upload is larger than 100000 bytes');
    expect(await t.store.size(`pending/${objectPath.split('/').pop()}`)).toBeUndefined();
    // The connection survived the refusal: the server still answers.
    expect((await t.call('GET', '/api/admin/media')).status).toBe(200);
  });

  it('expire after UPLOAD_URL_TTL_SECONDS', async () => {
    let now = new Date('2026-05-01T12:00:00Z');
    t = await mediaApp('disk', { UPLOAD_URL_TTL_SECONDS: '120' }, { now: () => now });
    const ticket = (await (await t.call('POST', '/api/objects/upload')).json()) as {
      uploadURL: string;
    };
    expect(new URL(ticket.uploadURL).searchParams.get('X-Pb-Expires')).toBe(
      String(Date.parse('2026-05-01T12:02:00Z') / 1000),
    );
    now = new Date('2026-05-01T12:02:01Z');
    const late = await fetch(ticket.uploadURL, {
      method: 'PUT',
      body: new Uint8Array(await png(10, 10)),
    });
    expect(late.status).toBe(403);
    // Uppy's uploader retries a 403 whose text says the request has expired (with a new URL).
    expect(await message(late)).toMatch(/^Request has expired/);
  });

  it('are bound to their key, size, expiry and method: any change breaks the signature', async () => {
    t = await mediaApp('disk');
    const good = await t.uploadPut(await png(10, 10)); // spends one URL; the others are fresh
    expect(good.put.status).toBe(200);
    const fresh = async () =>
      new URL(
        ((await (await t.call('POST', '/api/objects/upload')).json()) as { uploadURL: string })
          .uploadURL,
      );
    const bigger = await fresh();
    bigger.searchParams.set('X-Pb-Max-Bytes', '999999999');
    const later = await fresh();
    later.searchParams.set(
      'X-Pb-Expires',
      String(Number(later.searchParams.get('X-Pb-Expires')) + 3600),
    );
    const other = await fresh();
    other.pathname = other.pathname.replace(/pending\/[0-9a-f-]+$/, `pending/${SOME_ID}`);
    const asPart = await fresh();
    asPart.searchParams.set('uploadId', 'A'.repeat(32));
    asPart.searchParams.set('partNumber', '1');
    const unsigned = await fresh();
    unsigned.searchParams.delete('X-Pb-Signature');
    for (const url of [bigger, later, other, asPart, unsigned]) {
      const response = await fetch(url, { method: 'PUT', body: new Uint8Array(await png(10, 10)) });
      expect(response.status, url.search).toBe(403);
    }
    // A PUT URL does not take a form POST either.
    const form = new FormData();
    form.set('key', `pending/${SOME_ID}`);
    form.set('file', new Blob([new Uint8Array(await png(10, 10))]));
    expect((await fetch(`${t.url}/api/objects/local`, { method: 'POST', body: form })).status).toBe(
      403,
    );
  });

  it('never write outside the store: traversal, encoded and NUL paths are 404', async () => {
    t = await mediaApp('disk');
    for (const path of [
      '/api/objects/local/pending/../../../../tmp/x',
      '/api/objects/local/pending/%2e%2e%2f%2e%2e%2fx',
      '/api/objects/local/pending/..%2f..%2fupload-signing.key',
      `/api/objects/local/pending/${SOME_ID}%00.png`,
      '/api/objects/local/uploads/' + SOME_ID,
      '/api/objects/local/pending/' + 'a'.repeat(5000),
    ]) {
      expect(await raw(t.url, path), path).toBe(404);
    }
    expect(await raw(t.url, `/api/objects/local/pending/${SOME_ID}`, 'DELETE')).toBe(405);
  });

  it('name the scheme a trusted proxy reports, and only then', async () => {
    t = await mediaApp('disk', { TRUST_PROXY: '1' });
    // Behind TLS the session cookie has its __Host- name.
    const secure = (cookie: string) => ({
      'x-forwarded-proto': 'https',
      cookie: cookie.replace('pb_session=', '__Host-pb_session='),
    });
    const behindTls = (await (
      await t.call('POST', '/api/objects/upload', undefined, secure(t.cookie))
    ).json()) as { uploadURL: string };
    expect(behindTls.uploadURL).toMatch(
      /^https:\/\/127\.0\.0\.1:\d+\/api\/objects\/local\/pending\//,
    );
    await t.close();
    t = await mediaApp('disk');
    // Without TRUST_PROXY the header is anyone's writing: the plain-http cookie, http URLs.
    const direct = (await (
      await t.call('POST', '/api/objects/upload', undefined, {
        'x-forwarded-proto': 'https',
        cookie: t.cookie,
      })
    ).json()) as { uploadURL: string };
    expect(direct.uploadURL).toMatch(/^http:\/\//);
  });

  it('keep the signing key private: DATA_DIR/upload-signing.key is 0600', async () => {
    t = await mediaApp('disk');
    await t.uploadPut(await png(10, 10));
    const { stat } = await import('node:fs/promises');
    const { join } = await import('node:path');
    expect((await stat(join(t.dataDir, 'upload-signing.key'))).mode & 0o777).toBe(0o600);
  });
});
