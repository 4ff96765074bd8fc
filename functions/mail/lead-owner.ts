// The e-mail an account gets when a lead is given to it (issue 26,
// docs/decisions/0186-lead-owners.md): sent through the configured transport (the log, SMTP or SES)
// after the change is stored, never when people assign leads to themselves. It carries less of the
// person than the new-lead e-mail does (lead-notification.ts): the name, the company, the form and
// the time, and a link to the lead in the admin; no e-mail address, no message. Its failure is
// logged and never undoes the assignment. Issue 35: an assignment rule's owner gets the same
// e-mail, saying which rule chose them (docs/decisions/0390-lead-assignment-rules.md), and the
// form is named by its title (leadFormName).
import type { Lead } from '../data/leads/lead-item.ts';
import type { Services } from '../lib/context.ts';
import { leadFormName } from '../shared/leads/basics.ts';
import { sendWithin, type MailMessage } from './mailer.ts';

/** How long the change's answer may wait for the transport. */
const SEND_TIMEOUT_MS = 5_000;
/** Leads named one by one in a bulk assignment's e-mail; the rest are counted. */
const LISTED = 20;

/** One line, whatever a visitor typed (as in lead-notification.ts). */
export const oneLine = (value: string) => value.replace(/[\s\p{Cc}]+/gu, ' ').trim();

/** "Jane Doe (Example Pharma)": the person and company, never the address or message. */
export const who = (lead: Pick<Lead, 'name' | 'company'>) =>
  `${oneLine(lead.name)}${lead.company ? ` (${oneLine(lead.company)})` : ''}`;

export function leadOwnerMessage(
  leads: readonly Lead[],
  to: string,
  assignedBy: string,
  siteUrl: string,
  /** The assignment rule that chose the owner ("rule 2 (form ..., round-robin)"). */
  rule?: string,
): MailMessage {
  const link = (lead: Lead) => `${siteUrl}/admin/leads?lead=${encodeURIComponent(lead.id)}`;
  const [first] = leads;
  if (leads.length === 1 && first) {
    return {
      to: [to],
      subject: oneLine(`Lead assigned to you: ${who(first)}`),
      text: [
        rule
          ? `Lead routing ${rule} made you the owner of a new lead on the PharmaBridge website.`
          : `${assignedBy} made you the owner of a lead on the PharmaBridge website.`,
        '',
        `Lead:     ${who(first)}`,
        `Form:     ${oneLine(leadFormName(first))}`,
        `Received: ${first.createdAt}`,
        '',
        `Open it: ${link(first)}`,
      ].join('\n'),
    };
  }
  const listed = leads.slice(0, LISTED).map((lead) => `- ${who(lead)}: ${link(lead)}`);
  const more = leads.length - listed.length;
  return {
    to: [to],
    subject: `${leads.length} leads assigned to you`,
    text: [
      `${assignedBy} made you the owner of ${leads.length} leads on the PharmaBridge website.`,
      '',
      ...listed,
      ...(more > 0 ? [`- and ${more} more`] : []),
      '',
      `Your leads: ${siteUrl}/admin/leads?owner=me`,
    ].join('\n'),
  };
}

/**
 * Tells the new owner, unless they made the change themselves. Never throws: a refusal or
 * a transport slower than SEND_TIMEOUT_MS is logged with the lead ids only.
 */
export async function notifyLeadOwner(
  services: Pick<Services, 'mailer' | 'config' | 'log'>,
  leads: readonly Lead[],
  owner: string,
  actor: string,
  rule?: string,
): Promise<'sent' | 'self' | 'failed'> {
  if (owner === actor.toLowerCase()) return 'self';
  if (leads.length === 0) return 'sent';
  const message = leadOwnerMessage(leads, owner, actor, services.config.siteUrl, rule);
  const ids = leads.map((lead) => lead.id);
  try {
    await sendWithin(services.mailer, message, SEND_TIMEOUT_MS);
    services.log.info('lead owner notified', {
      leadIds: ids,
      transport: services.mailer.transport,
    });
    return 'sent';
  } catch (error) {
    services.log.error('lead owner notification failed', {
      leadIds: ids,
      transport: services.mailer.transport,
      error: error instanceof Error ? error.message : String(error),
    });
    return 'failed';
  }
}
