// Slug and id rules shared by the admin form, the API and the site routes (docs/requirements.md §5,
// docs/decisions/0064-one-definition-of-api-shapes.md): the one home of the slug rules, the
// reserved slugs, the default page's slug, the page and version id formats and a page's public
// addresses.
import * as z from 'zod';

/** docs/requirements.md §5: lowercase; every character outside a-z, 0-9 and hyphen becomes a hyphen. */
export function normalizeSlug(input: string): string {
  return input.toLowerCase().replace(/[^a-z0-9-]/g, '-');
}

/**
 * First path segments the site, the API or the CDN already own. A landing page with one
 * of these slugs would be shadowed (or shadow a real page), so the admin refuses them.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'site',
  'admin',
  'api',
  'objects',
  'screenshots',
  'legacy',
  'preview',
  // Experiments' prerendered variants (site/pages/variants/).
  'variants',
  // Shared analytics dashboards (site/pages/shared/).
  'shared',
  // The event blocks' .ics files (site/pages/calendar/).
  'calendar',
  'product',
  'solutions',
  'how-it-works',
  'pricing',
  'company',
  'about',
  'contact',
  'demo',
  'faq',
  'resources',
  'deep-dive',
  'foundations',
  'workflow',
  'security',
  'identity',
  'delivery',
  'presentation',
  'logo-download',
  'pilot',
  'privacy',
  'terms',
  'sitemap-index',
  'sitemap',
  'robots',
  'favicon',
  '404',
  '_astro',
  'assets',
  'downloads',
  'og',
]);

/** The slug of the page `/` renders. It exists from the first start and cannot be renamed. */
export const DEFAULT_SLUG = 'default';

export const slugSchema = z
  .string()
  .transform(normalizeSlug)
  .pipe(
    z
      .string()
      .min(1, 'is required')
      .max(80, 'must be at most 80 characters')
      .refine((slug) => /[a-z0-9]/.test(slug), 'must contain at least one letter or digit')
      .refine((slug) => !RESERVED_SLUGS.has(slug), {
        message: 'is reserved for a site route; choose another slug',
      })
      // A language's pages live under it (/de/, /de-at/: issue 39, functions/shared/locales.ts).
      .refine((slug) => !/^[a-z]{2}(-[a-z]{2})?$/.test(slug), {
        message:
          'looks like a language code, whose pages the site keeps under /de/ or /de-at/; choose another slug',
      }),
  );

/** A slug as the site routes take it from a URL (already normalised). */
export const slugParamSchema = z.string().regex(/^[a-z0-9-]{1,80}$/);

/** Page ids: UUIDs, but any id of letters, digits and hyphens that the store holds. */
export const pageIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a page id (letters, digits and hyphens)');

/** Version ids: the ISO time the version was written, `#`, 8 hex digits. */
export const versionIdSchema = z.string().regex(/^[0-9T:.Z-]{20,30}#[0-9a-f]{8}$/);

/** The prerendered address of a page: the default page is the home page. */
export const publicPath = (slug: string) => (slug === DEFAULT_SLUG ? '/' : `/${slug}`);

/** The live, run-time address: no rebuild needed, and drafts preview here for admins. */
export const livePath = (slug: string) => `/legacy/${slug}`;
