// The live page read (/legacy/{slug}) carries the library records of the images its
// content uses, so it renders them as the prebuilt pages do (srcset, size, alt text).
import { afterEach, describe, expect, it } from 'vitest';
import { mediaApp, type MediaApp } from '../test/media-kit.ts';
import { png } from '../media/test-images.ts';
import { landingTemplate } from '../shared/template.ts';

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
