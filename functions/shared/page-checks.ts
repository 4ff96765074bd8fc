// Checks before publishing (issue 38, docs/decisions/0564-checks-before-publishing.md): what the
// server finds in a working copy as it will render (links, accessibility, search, structured
// data, claims), kept with the copy at each save and read back at
// GET /api/landing-pages/:id/checks. Errors refuse submit and publish (409 listing them) while
// the setting `checksBlockPublishing` is on; a publisher may publish over them with a reason
// (`publish {overrideChecks: {reason}}`), which the audit entry and the version keep.
import * as z from 'zod';

export const CHECK_LEVELS = ['error', 'warning'] as const;
export type CheckLevel = (typeof CHECK_LEVELS)[number];

export const CHECK_CATEGORIES = [
  'links',
  'accessibility',
  'search',
  'structured-data',
  'claims',
  'content',
] as const;
export type CheckCategory = (typeof CHECK_CATEGORIES)[number];

/** What the Review tab calls each category. */
export const CHECK_CATEGORY_LABELS: Record<CheckCategory, string> = {
  links: 'Links',
  accessibility: 'Accessibility',
  search: 'Search',
  'structured-data': 'Structured data',
  claims: 'Claims',
  content: 'Content to fill in',
};

export const pageCheckSchema = z.object({
  /** Stable for the same finding on the same content: the rule, then what it found. */
  id: z.string(),
  category: z.enum(CHECK_CATEGORIES),
  level: z.enum(CHECK_LEVELS),
  /** A sentence that says what is wrong and what to do. */
  message: z.string(),
  /** The content path at fault (`content.layout.2.location`, `title`, `seo.description`). */
  path: z.string().optional(),
  /** The block the path is in, for the editor's link to it (the layout's block id). */
  blockId: z.string().optional(),
});
export type PageCheck = z.infer<typeof pageCheckSchema>;

/** GET /api/landing-pages/:id/checks. */
export const pageChecksSchema = z.object({
  /** The working copy's revision checked (the live page's while there is no copy). */
  revision: z.number(),
  /** Which content was checked. */
  of: z.enum(['working-copy', 'live']),
  checkedAt: z.string(),
  /** Whether errors refuse submit and publish now (setting `checksBlockPublishing`). */
  blocking: z.boolean(),
  /** Errors first, then warnings, each in page order. */
  checks: z.array(pageCheckSchema),
});
export type PageChecks = z.infer<typeof pageChecksSchema>;

export const OVERRIDE_REASON_MIN = 10;
export const OVERRIDE_REASON_MAX = 500;
/** `publish {overrideChecks: {reason}}`: publishing over errors, said why. */
export const overrideChecksSchema = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(OVERRIDE_REASON_MIN, `must say why in at least ${OVERRIDE_REASON_MIN} characters`)
    .max(OVERRIDE_REASON_MAX, `must be at most ${OVERRIDE_REASON_MAX} characters`),
});

/** What a version published over errors keeps (shown in the Versions tab). */
export const checksOverrideSchema = z.object({
  reason: z.string(),
  /** The error messages published over. */
  errors: z.array(z.string()),
  by: z.string(),
});
export type ChecksOverride = z.infer<typeof checksOverrideSchema>;

/** Errors first, then warnings; each level in the order found (page order). */
export function sortChecks(checks: readonly PageCheck[]): PageCheck[] {
  return [
    ...checks.filter((check) => check.level === 'error'),
    ...checks.filter((check) => check.level === 'warning'),
  ];
}

export const errorsOf = (checks: readonly PageCheck[]) =>
  checks.filter((check) => check.level === 'error');
