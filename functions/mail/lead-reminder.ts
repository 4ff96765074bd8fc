// The SLA reminder (issue 35, docs/decisions/0391-lead-sla-reminder.md): when the lead routing
// settings have `slaHours`, a lead still `new` that many hours after it arrived earns one
// e-mail, to its owner (or, when nobody owns it, to the lead's notification recipients).
// Run by the schedules runner (locally every 20 s, functions/server/local-stack.ts; in AWS the
// schedules function, functions/publishing/lambda.ts, every minute). Each lead is reminded
// exactly once: a conditional write claims it (still new, never reminded) together with its
// audit entry before the e-mail goes (functions/data/leads/routing.ts claimReminder), so overlapping
// runs never send two; a failed e-mail is logged and recorded on the lead, not retried. Leads
// that came due more than SLA_LOOKBACK_DAYS ago (the SLA was switched on later, or the runner
// was down that long) are not reminded. Like the owner e-mail, it names the person and the
// company, never the address or the message.
import type { Lead } from '../data/leads/lead-item.ts';
import type { Services } from '../lib/context.ts';
import { leadFormName } from '../shared/leads/basics.ts';
import { oneLine, who } from './lead-owner.ts';
import { sendWithin, type MailMessage } from './mailer.ts';

/** How far back past the SLA a run looks for leads never reminded. */
export const SLA_LOOKBACK_DAYS = 7;
/** How long one reminder may wait for the transport. */
const SEND_TIMEOUT_MS = 5_000;
const HOUR_MS = 3_600_000;

const hoursText = (hours: number) => `${hours} hour${hours === 1 ? '' : 's'}`;

export function leadReminderMessage(
  lead: Lead,
  to: string[],
  hours: number,
  siteUrl: string,
): MailMessage {
  return {
    to,
    subject: oneLine(`Still new after ${hoursText(hours)}: ${who(lead)}`),
    text: [
      `This lead on the PharmaBridge website arrived more than ${hoursText(hours)} ago and is still new: nobody has changed its status.`,
      '',
      `Lead:     ${who(lead)}`,
      `Form:     ${oneLine(leadFormName(lead))}`,
      `Received: ${lead.createdAt}`,
      `Owner:    ${lead.owner ?? 'nobody yet'}`,
      '',
      `Open it: ${siteUrl}/admin/leads?lead=${encodeURIComponent(lead.id)}`,
    ].join('\n'),
  };
}

export interface ReminderRun {
  reminded: number;
  failed: number;
}

/** One run: every lead past the SLA and never reminded gets its reminder (see the header). */
export async function runLeadReminders(
  services: Pick<Services, 'leads' | 'leadRouting' | 'mailer' | 'config' | 'log' | 'now'>,
): Promise<ReminderRun> {
  const run: ReminderRun = { reminded: 0, failed: 0 };
  const hours = (await services.leadRouting.effective()).slaHours;
  if (!hours) return run;
  const cutoff = new Date(services.now().getTime() - hours * HOUR_MS);
  const since = new Date(cutoff.getTime() - SLA_LOOKBACK_DAYS * 24 * HOUR_MS);
  for (const lead of await services.leads.dueForReminder(since, cutoff)) {
    const to = lead.owner ? [lead.owner] : await services.leadRouting.recipientsFor(lead);
    if (to.length === 0) continue;
    const claimed = await services.leads.claimReminder(
      lead,
      { to, hours },
      {
        actor: 'Lead routing (SLA reminder)',
        summary: `Lead ${lead.id}: still new after ${hoursText(hours)}, reminder to ${to.join(', ')}`,
      },
    );
    if (!claimed) continue;
    try {
      await sendWithin(
        services.mailer,
        leadReminderMessage(lead, to, hours, services.config.siteUrl),
        SEND_TIMEOUT_MS,
      );
      await services.leads.recordReminder(lead.id, 'sent');
      services.log.info('lead reminder sent', {
        leadId: lead.id,
        transport: services.mailer.transport,
      });
      run.reminded += 1;
    } catch (error) {
      run.failed += 1;
      services.log.error('lead reminder failed', {
        leadId: lead.id,
        transport: services.mailer.transport,
        error: error instanceof Error ? error.message : String(error),
      });
      await services.leads.recordReminder(lead.id, 'failed');
    }
  }
  return run;
}
