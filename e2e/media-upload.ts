// Images for the browser tests: a flat PNG, and one published through the API the way the
// Images tab does it (presigned POST to the object store, then made public), so a spec can
// start from an image already in the library.
import { expect, type APIRequestContext } from 'playwright/test';
import { flatPng } from '../scripts/block-gallery.ts';

export { flatPng };

/** The media record the publish answers. */
export interface PublishedImage {
  id: string;
  objectPath: string;
  fileName: string;
  alt: string;
}

/** Uploads and publishes one PNG of this size through the API (no alt text yet). */
export async function publishThroughApi(
  request: APIRequestContext,
  name: string,
  size: { width: number; height: number } = { width: 1200, height: 800 },
): Promise<PublishedImage> {
  const params = await request.get(
    `/api/s3/params?${new URLSearchParams({ filename: name, type: 'image/png' })}`,
  );
  expect(params.ok(), await params.text()).toBe(true);
  const { url, fields, objectPath } = (await params.json()) as {
    url: string;
    fields: Record<string, string>;
    objectPath: string;
  };
  const sent = await request.post(url, {
    multipart: {
      ...fields,
      file: {
        name,
        mimeType: 'image/png',
        buffer: await flatPng(size.width, size.height),
      },
    },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const published = await request.post('/api/objects/acl', {
    data: { objectPath, visibility: 'public' },
  });
  expect(published.ok(), await published.text()).toBe(true);
  return (await published.json()) as PublishedImage;
}

/** A minimal one-page PDF whose bytes carry `title` (the gated downloads' and evidence's files). */
export const pdf = (title: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n` +
      `2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n` +
      `3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\n` +
      `%${title}\ntrailer <</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );
