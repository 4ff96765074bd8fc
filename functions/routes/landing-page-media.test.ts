// The live page read (/legacy/{slug}) and a preview link's answer (GET /api/preview) carry
// the library records of the images their content uses, so they render them as the prebuilt
// pages do (srcset, size, alt text).
import { afterEach, describe, expect, it } from 'vitest';
import { mediaApp, type MediaApp } from '../test/media-kit.ts';
import { png } from '../media/test-images.ts';
import { landingTemplate } from '../shared/template.ts';
import type { Preview } from '../shared/workflow.ts';

let kit: MediaApp | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

describe('GET /api/landing-pages/:slug with library images', () => {
  it('returns the media map of the images the page uses, and an empty one otherwise', async () => {
    kit = await mediaApp('disk');
    const record = await kit.addImage(await png(1200, 800), 'hero.png');
    await kit.call('PATCH', `/api/admin/media/${record.id}`, { alt: 'Exception dashboard' });
    const content = landingTemplate();
    content.hero.heroImage = record.objectPath;
    await kit.services.pages.create({
      title: 'With image',
      slug: 'with-image',
      isActive: true,
      content,
    });
    await kit.services.pages.create({
      title: 'Without',
      slug: 'without-image',
      isActive: true,
      content: landingTemplate(),
    });

    const withImage = (await (
      await kit.anonJson('GET', '/api/landing-pages/with-image')
    ).json()) as {
      media: Record<string, { alt: string; width: number; variants: { width: number }[] }>;
    };
    const media = withImage.media[record.objectPath];
    expect(media?.alt).toBe('Exception dashboard');
    expect(media?.width).toBe(1200);
    expect(media?.variants.map((variant) => variant.width)).toEqual([480, 960, 1200]);
    // Only the public part of the record: no uploader, no original file name.
    expect(JSON.stringify(withImage.media)).not.toContain('uploadedBy');

    const without = (await (
      await kit.anonJson('GET', '/api/landing-pages/without-image')
    ).json()) as {
      media: object;
    };
    expect(without.media).toEqual({});
  });
});

describe('GET /api/preview with library images', () => {
  it('returns the media map of the images the previewed page uses', async () => {
    kit = await mediaApp('disk');
    const record = await kit.addImage(await png(1200, 800), 'hero.png');
    const content = landingTemplate();
    content.hero.heroImage = record.objectPath;
    const page = await kit.services.pages.create({
      title: 'Draft with image',
      slug: 'draft-with-image',
      isActive: false,
      content,
    });
    const made = await kit.call('POST', `/api/landing-pages/${page.id}/preview-links`, {});
    expect(made.status).toBe(201);
    const { url } = (await made.json()) as { url: string };

    const shown = await kit.anonJson('GET', '/api/preview', undefined, {
      authorization: `Bearer ${new URL(url).hash.slice(1)}`,
    });
    expect(shown.status).toBe(200);
    const { media } = (await shown.json()) as Preview;
    expect(Object.keys(media)).toEqual([record.objectPath]);
    expect(media[record.objectPath]?.variants.map((variant) => variant.width)).toEqual([
      480, 960, 1200,
    ]);
    expect(JSON.stringify(media)).not.toContain('uploadedBy');
  });
});
