// A form's id (docs/decisions/0163-consent-records.md's forms): apart from the definition's
// schema, which carries the translations, the consent and the contact rules, so a module that
// names a form (analytics, the landing content) does not load them (the public function's cold
// start, docs/decisions/0573-pages-per-locale.md).
import * as z from 'zod';

/** A form's id: lowercase letters, digits and hyphens (it appears in URLs). */
export const FORM_ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
export const formIdSchema = z
  .string()
  .regex(FORM_ID_PATTERN, 'must be lowercase letters, digits and hyphens (at most 64)');
