// Redirects (issue 23, docs/decisions/0138-what-a-redirect-is.md): what a redirect is and the rules
// its addresses follow, one definition for the API (functions/routes/admin/redirects.ts, the
// repository functions/data/redirects.ts) and the admin's form (site/islands/admin/redirects/).
//
// `from` is a path of this site in the slug rules' alphabet (functions/shared/slug.ts):
// lowercase letters, digits and hyphens per segment, a leading slash, no trailing slash, no
// query. `to` is a path of this site or an absolute https:// address an administrator typed;
// nothing else can become a Location header (no //host, no backslash, no other scheme).
import * as z from 'zod';
import { normalizeSlug, RESERVED_SLUGS } from './slug.ts';

export const REDIRECT_STATUSES = [301, 302] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/** Why a redirect exists: typed in the Redirects view, made by a slug rename, or by unpublishing. */
export const REDIRECT_REASONS = ['manual', 'rename', 'unpublish'] as const;
export type RedirectReason = (typeof REDIRECT_REASONS)[number];

export const REDIRECT_REASON_LABELS: Record<RedirectReason, string> = {
  manual: 'Added by hand',
  rename: 'Page renamed',
  unpublish: 'Page unpublished',
};

/** CloudFront KeyValueStore keys hold 512 characters; paths stay well below. */
export const MAX_FROM_LENGTH = 200;
/** A KeyValueStore value holds 1024 characters: the status, a space and `to`. */
export const MAX_TO_LENGTH = 1000;

// C0 controls, DEL and C1 controls; a Location header must never carry one.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const SITE_PATH_SEGMENT = /^[A-Za-z0-9._~%-]+$/;

/** The first segment of the site's own paths that `from` may not take: the reserved slugs. */
const firstSegment = (path: string) => path.split('/')[1] ?? '';

/**
 * A `from` as typed, normalised: a leading slash, no trailing or doubled slashes, each
 * segment by the slug rules (lowercase; other characters become hyphens). The caller has
 * refused what normalising would hide (backslashes, queries, control characters).
 */
export function normalizeRedirectFrom(input: string): string {
  const segments = input.trim().split('/').filter(Boolean).map(normalizeSlug);
  return `/${segments.join('/')}`;
}

/** A site path `to` without its trailing slash (the site's URLs have none). */
const trimTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** True when `to` is a path of this site (not an absolute address). */
export const isSitePath = (to: string): boolean => to.startsWith('/');

/**
 * The comparable form of a site path, for chains (a `to` that is another redirect's
 * `from`); undefined for absolute addresses, which never chain.
 */
export const pathKey = (to: string): string | undefined =>
  isSitePath(to) ? trimTrailingSlash(to).toLowerCase() : undefined;

function checkFrom(raw: string, ctx: z.RefinementCtx): void {
  const value = raw.trim();
  const problem = (message: string) => ctx.addIssue({ code: 'custom', message });
  if (value === '') return problem('is required');
  if (CONTROL.test(value)) return problem('must not contain control characters');
  if (value.includes('\\')) return problem('must not contain backslashes');
  if (value.startsWith('//') || SCHEME.test(value)) {
    return problem('must be a path on this site, such as /spring-offer, not a web address');
  }
  if (value.includes('?') || value.includes('#')) {
    return problem('must be a path without a query string (?) or fragment (#)');
  }
  const path = normalizeRedirectFrom(value);
  if (path === '/') return problem('cannot be the home page');
  if (path.length > MAX_FROM_LENGTH) {
    return problem(`must be at most ${MAX_FROM_LENGTH} characters`);
  }
  if (
    path
      .split('/')
      .slice(1)
      .some((segment) => !/[a-z0-9]/.test(segment))
  ) {
    return problem('must have letters or digits between its slashes');
  }
  // As typed and as normalised: `/_astro/x` must not slip through as `/-astro/x`.
  const typed = firstSegment(`/${value.replace(/^\/+/, '')}`).toLowerCase();
  const first = RESERVED_SLUGS.has(typed) ? typed : firstSegment(path);
  if (RESERVED_SLUGS.has(first)) {
    return problem(
      `starts with /${first}, which the site itself uses; a redirect must not hide its pages`,
    );
  }
}

function checkTo(raw: string, ctx: z.RefinementCtx): void {
  const value = raw.trim();
  const problem = (message: string) => ctx.addIssue({ code: 'custom', message });
  if (value === '') return problem('is required');
  if (CONTROL.test(value) || /\s/.test(value)) {
    return problem('must not contain spaces or control characters');
  }
  if (value.includes('\\')) return problem('must not contain backslashes');
  if (value.length > MAX_TO_LENGTH) return problem(`must be at most ${MAX_TO_LENGTH} characters`);
  if (value.startsWith('//')) {
    return problem(
      'must start with a single / (a path on this site) or with https:// (another site); //… would leave the site',
    );
  }
  if (isSitePath(value)) {
    if (value.includes('?') || value.includes('#')) {
      return problem(
        "must be a path without a query string or fragment; the visitor's own query string is kept",
      );
    }
    const segments = trimTrailingSlash(value).split('/').slice(1).filter(Boolean);
    if (segments.some((s) => !SITE_PATH_SEGMENT.test(s) || s === '.' || s === '..')) {
      return problem('must be a path of letters, digits, hyphens, dots and underscores');
    }
    return;
  }
  if (/^http:\/\//i.test(value)) return problem('must use https://, not http://');
  if (!/^https:\/\//i.test(value)) {
    return problem(
      'must start with / (a path on this site, such as /demo) or with https:// (another site)',
    );
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return problem('must be a valid https:// address');
  }
  if (url.protocol !== 'https:' || url.hostname === '') {
    return problem('must be a valid https:// address');
  }
  if (url.username || url.password) return problem('must not contain a user name or password');
}

/** `to` as stored: a site path without trailing slash, or the URL's own serialisation. */
export function normalizeRedirectTo(input: string): string {
  const value = input.trim();
  return isSitePath(value) ? trimTrailingSlash(value) : new URL(value).href;
}

export const redirectFromSchema = z
  .string()
  .superRefine(checkFrom)
  .transform((value) => normalizeRedirectFrom(value));

export const redirectToSchema = z
  .string()
  .superRefine(checkTo)
  .transform((value) => normalizeRedirectTo(value));

export const redirectStatusSchema = z.union([z.literal(301), z.literal(302)]);

/** POST /api/admin/redirects. */
export const createRedirectSchema = z
  .strictObject({
    from: redirectFromSchema,
    to: redirectToSchema,
    status: redirectStatusSchema.default(301),
  })
  .superRefine((value, ctx) => {
    if (pathKey(value.to) === value.from) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'must differ from the address it redirects from',
      });
    }
  });
export type CreateRedirectRequest = z.input<typeof createRedirectSchema>;

/** A redirect as the API lists it. `id` names it in DELETE /api/admin/redirects/:id. */
export const redirectSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  status: redirectStatusSchema,
  reason: z.enum(REDIRECT_REASONS),
  createdAt: z.string(),
  createdBy: z.string(),
  /** Visits the local server redirected (CloudFront answers without the API in AWS). */
  hits: z.number(),
});
export type RedirectDto = z.infer<typeof redirectSchema>;
export const redirectListSchema = z.array(redirectSchema);

/** A redirect's id: its `from`, base64url-encoded (no slashes in the URL path). */
export const redirectIdSchema = z.string().regex(/^[A-Za-z0-9_-]{2,300}$/, 'must be a redirect id');
