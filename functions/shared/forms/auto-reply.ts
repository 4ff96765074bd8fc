// A form's auto-reply (docs/decisions/0331-auto-reply-text-is-inert.md): its settings and
// the merge fields its message may hold; the subject holds none. Part of
// functions/shared/forms/ (docs/decisions/0485-shared-contracts-by-concern.md).
import * as z from 'zod';
import { stripControls } from '../contact.ts';
import { oneLineText } from './fields.ts';

/** The merge fields an auto-reply may use (filled by functions/mail/auto-reply.ts). */
export const MERGE_FIELDS = ['name', 'company'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

export const isMergeField = (name: string | undefined): name is MergeField =>
  (MERGE_FIELDS as readonly (string | undefined)[]).includes(name);

/** Any `{{...}}` in a text, merge field or not. */
export const MERGE_MARKS = /\{\{\s*([^}]*?)\s*\}\}/g;
/**
 * A text without its `{{...}}` marks, spaces closed up: an auto-reply's subject as sent and
 * as read from a form stored before the subject refused them (issue 33: the subject reaches
 * whatever address was typed, so it never holds what a visitor typed).
 */
export const withoutMergeFields = (text: string): string =>
  text
    .replace(MERGE_MARKS, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/ ([,.;:!?])/g, '$1')
    .replace(/[,;:]+(?=[.!?]|$)/g, '')
    .replace(/^[,.;:!? -]+/, '');

export const autoReplySchema = z.strictObject({
  enabled: z.boolean('must be true or false').default(false),
  subject: oneLineText(200).default(''),
  body: z
    .string('must be text')
    .transform(stripControls)
    .pipe(z.string().trim().max(5000, 'must be at most 5000 characters'))
    .default(''),
});
export type AutoReply = z.infer<typeof autoReplySchema>;
