// The confirmation a visitor gets after sending a form whose auto-reply is on (issue 26,
// docs/decisions/0164-auto-reply.md; issue 33: docs/decisions/0330-auto-reply-cannot-be-aimed.md and
// docs/decisions/0331-auto-reply-text-is-inert.md).
// It goes to whatever address was typed, so it is written and limited as mail that someone
// may try to aim at a third party:
// - the subject is the team's text only: merge fields are refused there when a form is
//   saved, and one stored before that rule is sent without them;
// - the visitor's values ({{name}}, {{company}}) appear in the body only, on one line, with
//   every address in them defanged (`hxxps[:]//evil[.]example`), so no mail client makes a
//   link of them, in the text part or the HTML one (escaped as well);
// - at most one per recipient an hour, the address normalized (recipientKey), a number per
//   recipient domain an hour (AUTO_REPLY_DOMAIN_LIMIT), and a number for the whole site an
//   hour (AUTO_REPLY_GLOBAL_LIMIT), whose refusal logs AUTO_REPLY_GLOBAL_LIMIT_MESSAGE as an
//   error: infra/constructs/alarms.ts alarms on that line.
// Never for spam or bots (functions/routes/contact.ts decides); the lead is stored before.
import type { Lead } from '../data/leads/lead-item.ts';
import type { VisitorServices } from '../lib/context.ts';
import {
  MERGE_FIELDS,
  withoutMergeFields,
  type AutoReply,
  type MergeField,
} from '../shared/forms/auto-reply.ts';
import { type FormDefinition } from '../shared/forms/definition.ts';
import { DEFAULT_LOCALE, siteLanguageOf } from '../shared/locales.ts';
import type { MailMessage } from './mailer.ts';

const MERGE = new RegExp(`\\{\\{\\s*(${MERGE_FIELDS.join('|')})\\s*\\}\\}`, 'g');

/** At most one auto-reply per recipient (recipientKey) in this many seconds (issue 26). */
export const AUTO_REPLY_PERIOD_SECONDS = 3600;
/** The window of the per-domain and site-wide limits. */
export const AUTO_REPLY_WINDOW_SECONDS = 3600;
/** The error line the site-wide limit logs; a CloudWatch metric filter counts it. */
export const AUTO_REPLY_GLOBAL_LIMIT_MESSAGE = 'auto-reply global limit reached';
/** A subject that held nothing but merge fields (stored before they were refused there). */
export const FALLBACK_SUBJECT = 'Thank you for your message';

/**
 * The auto-reply's own words (the subject fallback and the download line) in the lead's
 * language (issue 39): the team's subject and body come translated from the form's
 * `translations` (functions/shared/forms/translations.ts), these from here.
 */
const OWN_WORDS = {
  en: {
    subject: FALLBACK_SUBJECT,
    download: (file: string) => `Your download (${file}), valid for 24 hours:`,
  },
  de: {
    subject: 'Vielen Dank für Ihre Nachricht',
    download: (file: string) => `Ihr Download (${file}), 24 Stunden gültig:`,
  },
} as const;

/**
 * Domains whose mailboxes ignore dots in the local part (Google's: `v.ictim@gmail.com` is
 * `victim@gmail.com`), each with the domain it is an alias of.
 */
export const DOT_INSENSITIVE_DOMAINS: Readonly<Record<string, string>> = {
  'gmail.com': 'gmail.com',
  'googlemail.com': 'gmail.com',
};

/**
 * The mailbox an address reaches, as far as the sender can tell: lower case, a `+tag`
 * removed from the local part (subaddressing: Gmail, Outlook, iCloud, Fastmail, Proton,
 * Postfix's default), and for DOT_INSENSITIVE_DOMAINS its dots too, under the domain's own
 * name. `Victim+1@Gmail.com`, `victim+2@googlemail.com` and `v.ictim@gmail.com` are one key.
 */
export function recipientKey(email: string): { address: string; domain: string } {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return { address: lower, domain: '' };
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1).replace(/\.$/, '');
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const canonical = DOT_INSENSITIVE_DOMAINS[domain];
  if (canonical) {
    domain = canonical;
    local = local.replaceAll('.', '');
  }
  return { address: `${local}@${domain}`, domain };
}

/** A visitor's value on one line: nothing they typed can start a line of its own. */
const oneLine = (value: string) => value.replace(/[\s\p{Cc}]+/gu, ' ').trim();

/**
 * A visitor's value as inert text: on one line, with what a mail client would turn into a
 * link defanged the way security teams write addresses they do not want followed: a
 * scheme's `://` becomes `[:]//` (and `http` `hxxp`), a dot before a label of two or more
 * characters with a letter in it (a domain's) `[.]` (`www[.]evil[.]example`,
 * `victim@evil[.]example`), and the dots of an IPv4 address. Initials (`J.R. Smith`) and
 * numbers (`2.50`) stay as typed.
 */
export function inertText(value: string): string {
  return oneLine(value)
    .replace(/\bh(?:tt|xx)p(s?):\/\//giu, (_match, s: string) => `hxxp${s}[:]//`)
    .replace(/:\/\//gu, '[:]//')
    .replace(/(?<=[\p{L}\p{N}_-])\.(?=[\p{L}\p{N}-]*\p{L})(?=[\p{L}\p{N}-]{2})/gu, '[.]')
    .replace(/\b(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\b/gu, '$1[.]$2[.]$3[.]$4');
}

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
  lead: Pick<Lead, 'name' | 'company' | 'email' | 'locale'>,
  download?: { url: string; fileName: string },
): MailMessage {
  const words = OWN_WORDS[siteLanguageOf(lead.locale ?? DEFAULT_LOCALE) ?? 'en'];
  const values: Record<MergeField, string> = {
    name: inertText(lead.name),
    company: inertText(lead.company),
  };
  const fill = (text: string, escape: (value: string) => string = (value) => value) =>
    text.replace(MERGE, (_match, field: MergeField) => escape(values[field]));
  const downloadText = download
    ? `${words.download(oneLine(download.fileName))}\n${download.url}`
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
    ? `\n<p>${words.download(escapeHtml(oneLine(download.fileName)))}<br><a href="${escapeHtml(download.url)}">${escapeHtml(download.url)}</a></p>`
    : '';
  return {
    to: [lead.email],
    // The team's words only, whatever was stored (withoutMergeFields).
    subject: oneLine(withoutMergeFields(reply.subject)) || words.subject,
    text,
    html: `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1e293b">\n${paragraphs}${downloadHtml}\n</body></html>`,
  };
}

/**
 * Why an auto-reply is not sent, or undefined when it may be: the recipient had one within
 * the hour, its domain had its number this hour, or the whole site had. Each check counts
 * only once the ones before it passed.
 */
async function refusal(
  services: VisitorServices,
  email: string,
): Promise<{ reason: string; alarm?: boolean } | undefined> {
  const { address, domain } = recipientKey(email);
  const { env } = services.config;
  const limiter = services.rateLimiter;
  if (!(await limiter.once('auto-reply', address, AUTO_REPLY_PERIOD_SECONDS))) {
    return { reason: 'auto-reply skipped: one was sent to this address within the hour' };
  }
  const window = { windowSeconds: AUTO_REPLY_WINDOW_SECONDS };
  const perDomain = await limiter.hit('auto-reply-domain', domain, {
    limit: env.AUTO_REPLY_DOMAIN_LIMIT,
    ...window,
  });
  if (!perDomain.allowed) {
    return { reason: 'auto-reply skipped: this domain had its auto-replies for the hour' };
  }
  const global = await limiter.hit('auto-reply-all', 'site', {
    limit: env.AUTO_REPLY_GLOBAL_LIMIT,
    ...window,
  });
  if (!global.allowed) return { reason: AUTO_REPLY_GLOBAL_LIMIT_MESSAGE, alarm: true };
  return undefined;
}

/**
 * Sends the form's auto-reply for a stored lead, within the limits above. Never throws: a
 * refusal or a failed transport is logged with the lead's id (the lead is already stored).
 */
export async function sendAutoReply(
  services: VisitorServices,
  form: Pick<FormDefinition, 'autoReply'>,
  lead: Lead,
  download?: { url: string; fileName: string },
): Promise<void> {
  try {
    const refused = await refusal(services, lead.email);
    if (refused) {
      if (refused.alarm) {
        services.log.error(refused.reason, {
          leadId: lead.id,
          limit: services.config.env.AUTO_REPLY_GLOBAL_LIMIT,
        });
      } else {
        services.log.info(refused.reason, { leadId: lead.id });
      }
      return;
    }
    await services.mailer.send(autoReplyMessage(form.autoReply, lead, download));
    services.log.info('auto-reply sent', { leadId: lead.id, transport: services.mailer.transport });
  } catch (error) {
    // The lead is stored; a failed confirmation is the transport's problem, logged.
    services.log.error('auto-reply failed', {
      leadId: lead.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
