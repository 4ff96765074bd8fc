// A form's consent box (docs/decisions/0163-consent-records.md): its settings, the version
// of its text, and the record a lead keeps of it. Part of functions/shared/forms/ (docs/decisions/0485-shared-contracts-by-concern.md).
import * as z from 'zod';
import { stripControls } from '../contact.ts';

export const consentSchema = z.strictObject({
  /** A box that must be ticked before the form can be sent. */
  required: z.boolean('must be true or false').default(false),
  /** Empty: no consent box. What the visitor agrees to, shown beside the box. */
  text: z
    .string('must be text')
    .transform(stripControls)
    .pipe(z.string().trim().max(1000, 'must be at most 1000 characters'))
    .default(''),
  /** The privacy notice linked under the form: a path on this site or an https URL. */
  privacyUrl: z
    .string('must be text')
    .trim()
    .max(500, 'must be at most 500 characters')
    .refine(
      (value) => value === '' || /^\/(?!\/)[^\s]*$/.test(value) || /^https:\/\/[^\s]+$/.test(value),
      'must be a path on this site (/privacy) or an https:// address',
    )
    .default(''),
});
export type ConsentSettings = z.infer<typeof consentSchema>;

/** A consent text's version: the first 16 hex digits of its SHA-256 (a new text, a new version). */
export async function consentVersion(text: string): Promise<string> {
  if (!text) return '';
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest).slice(0, 8), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/** A consent as the lead keeps it: what the visitor saw and whether they ticked it. */
export const consentRecordSchema = z.object({
  given: z.boolean(),
  text: z.string(),
  version: z.string(),
  at: z.iso.datetime(),
  privacyUrl: z.string().optional(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;
