// The e-mail the team gets for each new lead (docs/requirements.md §10 (forms): sent after the lead is
// stored, and its failure never loses the lead). Spam (a filled honeypot) sends nothing.
// Issue 35: a custom form's lead is named by its form's title ("New Webinar registration 2027
// from Jane Doe"); the built-in forms keep their wording (docs/decisions/0392-leads-carry-their-form.md).
import type { Lead } from '../data/leads/lead-item.ts';
import type { LeadNotification } from '../shared/leads/lead.ts';
import { INQUIRY_LABELS, type FormType } from '../shared/contact.ts';
import { isBuiltInForm } from '../shared/forms/built-in.ts';
import { FORM_LABELS as INBOX_LABELS, leadFormId, leadFormName } from '../shared/leads/basics.ts';
import type { VisitorServices } from '../lib/context.ts';
import type { MailMessage } from './mailer.ts';

/** How long a visitor's submission may wait for the mail transport. */
export const NOTIFY_TIMEOUT_MS = 5_000;

const FORM_LABELS: Record<FormType, string> = {
  general: 'Demo request (landing-page dialog)',
  pricing: 'Pricing request (landing-page dialog)',
  'contact-page': 'Contact page',
  pilot: 'Pilot request',
};

const SUBJECT_KINDS: Record<FormType, string> = {
  general: 'demo request',
  pricing: 'pricing request',
  'contact-page': 'inquiry',
  pilot: 'pilot request',
};

/**
 * One line, whatever a visitor typed: the API refuses line breaks and control characters
 * in one-line fields (functions/shared/contact.ts), and leads stored before it did are
 * flattened here, so no field can start a line that reads as the product's (a fake
 * "Bcc:", a link above the real one).
 */
const oneLine = (value: string) => value.replace(/[\s\p{Cc}]+/gu, ' ').trim();

/**
 * The visitor's message, quoted: every line starts with "> ", so nothing in it can pass
 * for the notification's own lines. Control characters other than tabs become spaces.
 */
const quoted = (message: string) =>
  message
    .split(/\r\n|[\r\n\u0085\u2028\u2029]/)
    .map((line) => line.replace(/(?!\t)\p{Cc}/gu, ' ').trimEnd())
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');

/** The form as the e-mail names it: a built-in form's own wording, else the form's title. */
function formWording(lead: Lead): { label: string; kind: string } {
  const title = leadFormName(lead);
  if (isBuiltInForm(leadFormId(lead)) && title === INBOX_LABELS[lead.formType]) {
    return { label: FORM_LABELS[lead.formType], kind: SUBJECT_KINDS[lead.formType] };
  }
  return { label: title, kind: title };
}

export function leadNotification(lead: Lead, to: string[], siteUrl: string): MailMessage {
  const company = lead.company ? ` (${oneLine(lead.company)})` : '';
  const form = formWording(lead);
  const inquiry =
    lead.inquiryType && lead.inquiryType in INQUIRY_LABELS
      ? INQUIRY_LABELS[lead.inquiryType as keyof typeof INQUIRY_LABELS]
      : undefined;
  const name = oneLine(lead.name);
  const lines = [
    `A new lead arrived through the PharmaBridge website.`,
    '',
    `Name:     ${name}`,
    `Email:    ${oneLine(lead.email)}`,
    `Company:  ${oneLine(lead.company) || '(not given)'}`,
    ...(lead.role ? [`Role:     ${oneLine(lead.role)}`] : []),
    ...(inquiry ? [`Inquiry:  ${inquiry}`] : []),
    `Form:     ${oneLine(form.label)}`,
    ...(lead.landingPageId ? [`Page:     ${oneLine(lead.landingPageId)}`] : []),
    `Received: ${lead.createdAt}`,
    '',
    ...(lead.message
      ? ["Message (the visitor's text, quoted):", quoted(lead.message)]
      : ['Message:  (none)']),
    '',
    `Reply to this email to answer ${name} directly.`,
    `All leads: ${siteUrl}/admin`,
  ];
  return {
    to,
    replyTo: lead.email,
    subject: oneLine(`New ${form.kind} from ${name}${company}`),
    text: lines.join('\n'),
  };
}

/**
 * Sends the notification for a stored lead to its recipients (the lead routing settings:
 * the form's own list, else everyone's; saved in the admin, else NOTIFY_EMAIL; see
 * functions/webhooks/lead-routing.ts), if any, and says how it went
 * (the contact route records that on the lead for the admin). Never throws: a failure or
 * a transport slower than NOTIFY_TIMEOUT_MS is logged with the lead's id (the lead itself
 * is already stored and listed in the admin).
 */
export async function notifyNewLead(
  services: VisitorServices,
  lead: Lead,
): Promise<LeadNotification> {
  if (lead.status === 'spam') return { status: 'skipped' };
  let to: string[];
  try {
    to = await services.leadRouting.recipientsFor(lead);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    services.log.error('lead notification failed', { leadId: lead.id, error: reason });
    return {
      status: 'failed',
      at: services.now().toISOString(),
      error: `the lead routing settings could not be read (${reason})`.slice(0, 300),
    };
  }
  if (to.length === 0) return { status: 'not-configured' };
  const message = leadNotification(lead, to, services.config.siteUrl);
  const transport = services.mailer.transport;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      services.mailer.send(message),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${NOTIFY_TIMEOUT_MS} ms`)),
          NOTIFY_TIMEOUT_MS,
        );
      }),
    ]);
    services.log.info('lead notification sent', { leadId: lead.id, transport });
    return { status: 'sent', at: services.now().toISOString(), transport };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    services.log.error('lead notification failed', { leadId: lead.id, transport, error: reason });
    // The transport's words about our own mail set-up; cut short for the admin's view.
    return {
      status: 'failed',
      at: services.now().toISOString(),
      transport,
      error: reason.slice(0, 300),
    };
  } finally {
    clearTimeout(timer);
  }
}
