// The reserved slugs against the routes that really exist: every first path segment of a
// page in site/pages or a file in site/public that a slug could take must be reserved, and
// every reserved slug must name such a route or one of the owners listed below.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SLUG,
  livePath,
  normalizeSlug,
  pageIdSchema,
  publicPath,
  RESERVED_SLUGS,
  slugSchema,
} from './slug.ts';

const root = resolve(import.meta.dirname, '../..');

/** Reserved although no file in site/ serves them, and why. */
const OTHER_OWNERS: Record<string, string> = {
  api: 'the API (functions/app.ts, CloudFront /api/*)',
  objects: 'uploaded images at /objects/uploads/* (functions/storage)',
  _astro: "Astro's hashed build assets",
  assets: 'kept for static assets a later build may emit',
  og: 'kept for generated link-preview images',
  about: 'the usual name of the company page (/company)',
  sitemap: 'sitemap variants (/sitemap.xml is a file)',
  'sitemap-index': "the sitemap index name of Astro's sitemap integration",
  robots: '/robots.txt',
  favicon: '/favicon.svg and what browsers ask for (/favicon.ico)',
};

/** `foo.astro` → `foo`, `robots.txt.ts` → `robots.txt`; `[slug].astro` is the landing route. */
function firstSegments(dir: string, stripExtension: boolean): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) =>
      entry.isDirectory() || !stripExtension
        ? entry.name
        : entry.name.replace(/\.(astro|md|mdx|ts|js)$/, ''),
    )
    .filter((name) => !name.startsWith('[') && name !== 'index');
}

/** Only names a slug could take collide with one (slugs are a-z, 0-9 and hyphens). */
const slugLike = (name: string) => /^[a-z0-9-]+$/.test(name);

describe('reserved slugs', () => {
  const routes = [
    ...firstSegments(join(root, 'site/pages'), true),
    ...firstSegments(join(root, 'site/public'), false),
  ];

  it('cover every route under site/pages and every file or folder in site/public', () => {
    const unreserved = routes.filter((name) => slugLike(name) && !RESERVED_SLUGS.has(name));
    expect(unreserved, 'add these to RESERVED_SLUGS in functions/shared/slug.ts').toEqual([]);
  });

  it('name only existing routes or an owner written down here', () => {
    const existing = new Set(routes.map((name) => name.replace(/\..*$/, '')));
    const unexplained = [...RESERVED_SLUGS].filter(
      (slug) => !existing.has(slug) && !(slug in OTHER_OWNERS),
    );
    expect(unexplained, 'a reserved slug with no route: remove it or say who owns it').toEqual([]);
  });

  it('are refused by the shared slug schema, which normalises like docs/requirements.md §5', () => {
    for (const slug of RESERVED_SLUGS) {
      if (!slugLike(slug)) continue;
      const result = slugSchema.safeParse(slug);
      expect(result.success, slug).toBe(false);
    }
    expect(slugSchema.parse('Spring Campaign!')).toBe('spring-campaign-');
    expect(normalizeSlug('ÄBC_1')).toBe('-bc-1');
  });
});

describe('page addresses and ids', () => {
  it('puts the default page at / and every page at /legacy/{slug} live', () => {
    expect(publicPath(DEFAULT_SLUG)).toBe('/');
    expect(publicPath('spring')).toBe('/spring');
    expect(livePath('spring')).toBe('/legacy/spring');
  });

  it('accepts page ids of letters, digits and hyphens only', () => {
    expect(pageIdSchema.safeParse('3f1c6f1e-8d7b-4c1a-9a57-5b1f7c2d9e10').success).toBe(true);
    expect(pageIdSchema.safeParse('../etc').success).toBe(false);
    expect(pageIdSchema.safeParse('').success).toBe(false);
  });
});
