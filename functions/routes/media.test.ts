// /api/admin/media on real HTTP: the library newest first with signed cursors, alt text and
// caption, usage by page content, delete refused while used, replace keeping id and path.
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { LandingPage } from '../data/landing-pages/page-item.ts';
import { photoJpeg, png, SVG_WITH_SCRIPT } from '../media/test-images.ts';
import type { BuildStatus } from '../shared/api/build.ts';
import type { Rebuilder } from '../rebuild/rebuilder.ts';
import { mediaListResponseSchema, type MediaRecord } from '../shared/media.ts';
import { DRIVERS, mediaApp, type MediaApp } from '../test/media-kit.ts';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

/** A rebuilder that only remembers why it was asked. */
function recordingRebuilder(): Rebuilder & { reasons: string[] } {
  const reasons: string[] = [];
  return {
    reasons,
    request: async (reason) => {
      reasons.push(reason);
    },
    status: async (): Promise<BuildStatus> => ({ state: 'up-to-date' }),
  };
}

/** A page whose first feature item shows `image`, and whose hero shows `heroImage`. */
async function pageUsing(t: MediaApp, slug: string, image?: string, heroImage?: string) {
  const created = await t.call('POST', '/api/landing-pages', { title: `Page ${slug}`, slug });
  expect(created.status, await created.clone().text()).toBe(201);
  const page = (await created.json()) as LandingPage;
  const content = {
    ...page.content,
    hero: { ...page.content.hero, ...(heroImage ? { heroImage } : {}) },
    features: {
      ...page.content.features,
      items: [{ title: 'Dashboards', description: 'See everything', ...(image ? { image } : {}) }],
    },
  };
  const saved = await t.call('PUT', `/api/landing-pages/${page.id}`, { content });
  expect(saved.status).toBe(200);
  return page;
}

describe('media library', () => {
  let t: MediaApp;
  afterEach(async () => t?.close());

  it('lists newest first, a page at a time, with a signed cursor', async () => {
    let tick = 0;
    t = await mediaApp('disk', {}, { now: () => new Date(Date.UTC(2026, 4, 1, 12, 0, tick++)) });
    const added: MediaRecord[] = [];
    for (const n of [1, 2, 3]) added.push(await t.addImage(await png(10 * n, 10), `n${n}.png`));
    const first = mediaListResponseSchema.parse(
      await (await t.call('GET', '/api/admin/media?limit=2')).json(),
    );
    expect(first.items.map((item) => item.fileName)).toEqual(['n3.png', 'n2.png']);
    expect(first.nextCursor).toBeDefined();
    const second = mediaListResponseSchema.parse(
      await (
        await t.call(
          'GET',
          `/api/admin/media?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`,
        )
      ).json(),
    );
    expect(second.items.map((item) => item.fileName)).toEqual(['n1.png']);
    expect(second.nextCursor).toBeUndefined();
    expect(
      (await (await t.call('GET', `/api/admin/media/${added[0]!.id}`)).json()) as MediaRecord,
    ).toEqual(added[0]);

    const forged = first.nextCursor!.replace(/^./, (c) => (c === 'e' ? 'f' : 'e'));
    const bad = await t.call('GET', `/api/admin/media?cursor=${encodeURIComponent(forged)}`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.fields).toEqual({
      cursor: ['is not a valid cursor; start again from the first page'],
    });
    expect((await t.call('GET', '/api/admin/media?limit=0')).status).toBe(400);
    expect((await t.call('GET', '/api/admin/media?limit=101')).status).toBe(400);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    t = await mediaApp('disk');
    for (const id of [
      '3f2b8c1e-9d4a-4b7e-8f6a-1c2d3e4f5a6b',
      'abc',
      '..%2f..%2fetc',
      'A'.repeat(300),
    ]) {
      expect((await t.call('GET', `/api/admin/media/${id}`)).status, id).toBe(404);
      expect((await t.call('DELETE', `/api/admin/media/${id}`)).status, id).toBe(404);
    }
  });

  it('updates alt text and caption, audits the change, and rebuilds when a page uses the image', async () => {
    const rebuilder = recordingRebuilder();
    t = await mediaApp('disk', {}, { rebuilder });
    const image = await t.addImage(await png(100, 80), 'chart.png');
    const patched = await t.call('PATCH', `/api/admin/media/${image.id}`, {
      alt: '  Sales chart  ',
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ alt: 'Sales chart', caption: '', version: 1 });
    expect(rebuilder.reasons).toEqual([]); // not used anywhere yet

    await pageUsing(t, 'chart-page', image.objectPath);
    rebuilder.reasons.length = 0;
    const both = await t.call('PATCH', `/api/admin/media/${image.id}`, {
      alt: 'Quarterly sales',
      caption: 'Q1 to Q4',
    });
    expect(await both.json()).toMatchObject({ alt: 'Quarterly sales', caption: 'Q1 to Q4' });
    expect(rebuilder.reasons).toEqual([
      `alt and caption of an image changed (${image.objectPath}) by ${t.email}`,
    ]);
    const { entries } = await t.services.audit.list(10);
    expect(entries[0]).toMatchObject({
      action: 'update',
      summary: `Image chart.png (${image.objectPath}): alt and caption changed`,
    });
  });

  it('refuses bad alt text and caption changes with the field and the problem', async () => {
    t = await mediaApp('disk');
    const image = await t.addImage(await png(20, 20), 'a.png');
    const cases: [unknown, Record<string, string[]>][] = [
      [{ alt: 'x'.repeat(301) }, { alt: ['must be at most 300 characters'] }],
      [{ caption: 'x'.repeat(1001) }, { caption: ['must be at most 1000 characters'] }],
      [{ alt: 5 }, { alt: ['must be a string'] }],
      [
        { title: 'x' },
        { title: ['is not a known field'], '(body)': ['must change alt or caption'] },
      ],
      [{}, { '(body)': ['must change alt or caption'] }],
    ];
    for (const [body, fields] of cases) {
      const response = await t.call('PATCH', `/api/admin/media/${image.id}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as ErrorBody).error.fields).toEqual(fields);
    }
    expect((await t.services.media.get(image.id))?.alt).toBe('');
  });

  it('says which pages use an image, and refuses to delete it until none does', async () => {
    t = await mediaApp('disk');
    const image = await t.addImage(await photoJpeg(1000, 700), 'team.jpg');
    const other = await t.addImage(await png(30, 30), 'other.png');
    const variantUrl = image.variants[0]!.url;
    const one = await pageUsing(t, 'one', image.objectPath);
    const two = await pageUsing(t, 'two', undefined, `https://pharmabridge.example${variantUrl}`);
    await pageUsing(t, 'three', other.objectPath);

    const usage = await t.call('GET', `/api/admin/media/${image.id}/usage`);
    expect(await usage.json()).toEqual({
      pages: [
        { id: one.id, title: 'Page one', slug: 'one', fields: ['features.items.0.image'] },
        { id: two.id, title: 'Page two', slug: 'two', fields: ['hero.heroImage'] },
      ],
    });

    const refused = await t.call('DELETE', `/api/admin/media/${image.id}`);
    expect(refused.status).toBe(409);
    const { message } = ((await refused.json()) as ErrorBody).error;
    expect(message).toMatch(/^This image is used on 2 pages: /);
    expect(message).toContain('Page one (/one)');
    expect(message).toContain('Page two (/two)');
    expect((await t.stored(`uploads/${image.id}`))?.length).toBe(image.bytes);

    for (const page of [one, two]) {
      const current = (await t.services.pages.getById(page.id))!;
      const content = {
        ...current.content,
        hero: { ...current.content.hero, heroImage: undefined },
        features: { ...current.content.features, items: [] },
      };
      expect((await t.call('PUT', `/api/landing-pages/${page.id}`, { content })).status).toBe(200);
    }
    const deleted = await t.call('DELETE', `/api/admin/media/${image.id}`);
    expect(deleted.status).toBe(204);
    expect(await t.stored(`uploads/${image.id}`)).toBeUndefined();
    for (const variant of image.variants) {
      expect(await t.stored(`uploads/${image.id}.v1.w${variant.width}.webp`)).toBeUndefined();
    }
    expect((await t.call('GET', `/api/admin/media/${image.id}`)).status).toBe(404);
    expect((await t.services.audit.list(5)).entries[0]).toMatchObject({
      action: 'delete',
      summary: `Image team.jpg (${image.objectPath}) deleted`,
    });
    // The other image is untouched.
    expect((await t.call('GET', `/api/admin/media/${other.id}`)).status).toBe(200);
  });
});

describe.each(DRIVERS)('replacing an image (%s driver)', (driver) => {
  let t: MediaApp;
  afterEach(async () => t?.close());

  it('keeps id and path, bumps the version, swaps every object and rebuilds pages using it', async () => {
    const rebuilder = recordingRebuilder();
    t = await mediaApp(driver, {}, { rebuilder });
    const original = await t.addImage(await png(1200, 900), 'diagram.png');
    await t.call('PATCH', `/api/admin/media/${original.id}`, { alt: 'Flow diagram' });
    await pageUsing(t, 'uses-it', original.objectPath);
    rebuilder.reasons.length = 0;

    const { objectPath: newUpload } = await t.uploadForm(
      await photoJpeg(2000, 1000),
      'diagram-v2.jpg',
    );
    const response = await t.call('POST', `/api/admin/media/${original.id}/replace`, {
      objectPath: newUpload,
    });
    expect(response.status).toBe(200);
    const replaced = (await response.json()) as MediaRecord;
    expect(replaced).toMatchObject({
      id: original.id,
      objectPath: original.objectPath,
      url: original.objectPath,
      fileName: 'diagram.png',
      alt: 'Flow diagram',
      contentType: 'image/jpeg',
      width: 2000,
      height: 1000,
      version: 2,
      uploadedAt: original.uploadedAt,
    });
    expect(replaced.variants.map((variant) => variant.url)).toEqual(
      [480, 960, 1600].map((width) => `/objects/uploads/${original.id}.v2.w${width}.webp`),
    );
    const main = (await t.stored(`uploads/${original.id}`))!;
    expect((await sharp(main).metadata()).format).toBe('jpeg');
    for (const variant of original.variants) {
      expect(await t.stored(`uploads/${original.id}.v1.w${variant.width}.webp`)).toBeUndefined();
    }
    for (const variant of replaced.variants) {
      expect(await t.stored(`uploads/${original.id}.v2.w${variant.width}.webp`)).toBeDefined();
    }
    // The replacing upload is used up and never became an image of its own.
    const newId = newUpload.split('/').pop()!;
    expect(await t.store.size(`pending/${newId}`)).toBeUndefined();
    expect((await t.publish(newUpload)).status).toBe(404);
    expect((await t.services.media.list(10)).items.map((item) => item.id)).toEqual([original.id]);
    expect(rebuilder.reasons).toEqual([
      `an image was replaced (${original.objectPath}) by ${t.email}`,
    ]);
    expect((await t.services.audit.list(5)).entries[0]).toMatchObject({
      action: 'update',
      summary: `Image diagram.png (${original.objectPath}) replaced: version 2, 2000×1000`,
    });
  });

  it('leaves the image as it was when the new file is refused', async () => {
    t = await mediaApp(driver);
    const original = await t.addImage(await png(300, 200), 'logo.png');
    const { objectPath } = await t.uploadForm(SVG_WITH_SCRIPT, 'logo.svg', 'image/svg+xml');
    const response = await t.call('POST', `/api/admin/media/${original.id}/replace`, {
      objectPath,
    });
    expect(response.status).toBe(415);
    expect(await t.services.media.get(original.id)).toEqual(original);
    expect((await t.stored(`uploads/${original.id}`))?.length).toBe(original.bytes);
    expect(await t.stored(`uploads/${original.id}.v1.w300.webp`)).toBeDefined();
  });

  it('refuses the image itself, an unknown upload and an unknown image', async () => {
    t = await mediaApp(driver);
    const original = await t.addImage(await png(30, 20), 'a.png');
    const self = await t.call('POST', `/api/admin/media/${original.id}/replace`, {
      objectPath: original.objectPath,
    });
    expect(self.status).toBe(400);
    expect(((await self.json()) as ErrorBody).error.fields).toEqual({
      objectPath: ['must be a new upload, not the image itself'],
    });
    const unknown = '/objects/uploads/3f2b8c1e-9d4a-4b7e-8f6a-1c2d3e4f5a6b';
    expect(
      (await t.call('POST', `/api/admin/media/${original.id}/replace`, { objectPath: unknown }))
        .status,
    ).toBe(404);
    expect(
      (
        await t.call('POST', '/api/admin/media/3f2b8c1e-9d4a-4b7e-8f6a-1c2d3e4f5a6b/replace', {
          objectPath: original.objectPath,
        })
      ).status,
    ).toBe(404);
  });
});
