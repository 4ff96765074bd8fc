// The confirmation a visitor gets after sending a form whose auto-reply is on (issue 26,
// docs/decisions/0164-auto-reply.md): the form's subject and body with {{name}} and {{company}}
// filled in, as plain text and a simple HTML part. Never for spam or bots, at most one per
// address an hour (functions/routes/contact.ts decides; this module only writes it).
import type { Lead } from '../data/leads.ts';
import { MERGE_FIELDS, type AutoReply, type MergeField } from '../shared/forms.ts';
import type { MailMessage } from './mailer.ts';

const MERGE = new RegExp(`\\{\\{\\s*(${MERGE_FIELDS.join('|')})\\s*\\}\\}`, 'g');

/** A visitor's value on one line: nothing they typed can start a line of its own. */
const oneLine = (value: string) => value.replace(/[\s\p{Cc}]+/gu, ' ').trim();

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/**
 * `download`: the gated download the form was sent for (issue 27): its link (absolute, valid
 * 24 hours) follows the team's text, so the visitor keeps it.
 */
export function autoReplyMessage(
  reply: AutoReply,
  lead: Pick<Lead, 'name' | 'company' | 'email'>,
  download?: { url: string; fileName: string },
): MailMessage {
  const values: Record<MergeField, string> = {
    name: oneLine(lead.name),
    company: oneLine(lead.company),
  };
  const fill = (text: string, escape: (value: string) => string = (value) => value) =>
    text.replace(MERGE, (_match, field: MergeField) => escape(values[field]));
  const downloadText = download
    ? `Your download (${oneLine(download.fileName)}), valid for 24 hours:\n${download.url}`
    : undefined;
  const text = downloadText ? `${fill(reply.body)}\n\n${downloadText}` : fill(reply.body);
  // The HTML part: the body's paragraphs (blank lines) and line breaks, every character of
  // the team's text and the visitor's values escaped; no links, images or styles of theirs.
  const paragraphs = reply.body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map(
      (paragraph) =>
        `<p>${paragraph
          .split('\n')
          .map((line) => fill(escapeHtml(line), escapeHtml))
          .join('<br>')}</p>`,
    )
    .join('\n');
  const downloadHtml = download
    ? `\n<p>Your download (${escapeHtml(oneLine(download.fileName))}), valid for 24 hours:<br><a href="${escapeHtml(download.url)}">${escapeHtml(download.url)}</a></p>`
    : '';
  return {
    to: [lead.email],
    subject: oneLine(fill(reply.subject)),
    text,
    html: `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1e293b">\n${paragraphs}${downloadHtml}\n</body></html>`,
  };
}
