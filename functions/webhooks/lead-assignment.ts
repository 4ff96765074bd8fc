// Owner assignment rules (issue 35, docs/decisions/0390-lead-assignment-rules.md): the lead
// routing settings' `assignment`, tried in order for each new lead (never spam); the first rule
// whose form and field match gives the lead an owner, who gets the owner e-mail
// (functions/mail/lead-owner.ts). A round-robin rule takes its turn from an atomic counter per
// rule (functions/data/lead-settings.ts nextTurn), so leads arriving at once are shared out
// exactly; a rule's owner who is no longer an active account that works leads is passed over
// for the next one. The owner is set only while nobody owns the lead, with its timeline entry
// and an audit entry naming the rule, in one transaction (functions/data/leads/routing.ts assign).
import type { Lead } from '../data/leads/lead-item.ts';
import type { VisitorServices } from '../lib/context.ts';
import { notifyLeadOwner } from '../mail/lead-owner.ts';
import { leadFormId } from '../shared/leads/basics.ts';
import type { AssignmentRule } from '../shared/leads/settings.ts';
import { can } from '../shared/roles.ts';

/** The fields a lead holds as its own properties rather than in `fields`. */
const OWN_FIELDS = ['name', 'email', 'company', 'message', 'role', 'inquiryType'] as const;

const fold = (text: string) => text.trim().toLowerCase();

/** A lead's value of a form field: its own property for a reserved name, else `fields`. */
function fieldValue(lead: Lead, name: string): string | boolean | undefined {
  if ((OWN_FIELDS as readonly string[]).includes(name)) {
    const value = lead[name as (typeof OWN_FIELDS)[number]];
    return typeof value === 'string' && value !== '' ? value : undefined;
  }
  return lead.fields?.[name];
}

/**
 * Whether a rule applies to a lead: its form (a lead without a form id is its type's built-in
 * form) and its field's value, case and surrounding spaces ignored; a ticked checkbox equals
 * "yes" or "true", an unticked one "no" or "false". A rule naming neither matches every lead.
 */
export function ruleMatches(rule: AssignmentRule, lead: Lead): boolean {
  if (rule.formId && rule.formId !== leadFormId(lead)) return false;
  if (!rule.field) return true;
  const value = fieldValue(lead, rule.field.name);
  if (value === undefined) return false;
  const accepted =
    typeof value === 'boolean' ? (value ? ['yes', 'true'] : ['no', 'false']) : [fold(value)];
  return accepted.includes(fold(rule.field.equals));
}

/** "rule 2 (form webinar-2027, country = DE, round-robin)": the audit's and the e-mail's words. */
export function describeRule(rule: AssignmentRule, position: number): string {
  const parts = [
    rule.formId ? `form ${rule.formId}` : 'any form',
    ...(rule.field ? [`${rule.field.name} = ${rule.field.equals}`] : []),
    rule.mode,
  ];
  return `rule ${position} (${parts.join(', ')})`;
}

/** The owner a rule gives its next lead: its turn's (round-robin) or its first, if active. */
async function pickOwner(
  services: Pick<VisitorServices, 'admins' | 'leadSettings'>,
  rule: AssignmentRule,
): Promise<string | undefined> {
  const count = rule.owners.length;
  const start =
    rule.mode === 'round-robin' ? ((await services.leadSettings.nextTurn(rule.id)) - 1) % count : 0;
  for (let step = 0; step < count; step++) {
    const candidate = rule.owners[(start + step) % count]!;
    const account = await services.admins.get(candidate);
    if (account && !account.disabled && can(account.role, 'leads')) return candidate;
  }
  return undefined;
}

export interface Assignment {
  owner: string;
  ruleId: string;
  position: number;
}

/**
 * Gives a newly stored lead an owner by the first matching rule, and mails that owner. Throws
 * only when the store fails (the caller logs it: the lead is stored whatever happens here).
 */
export async function assignNewLead(
  services: Pick<
    VisitorServices,
    'admins' | 'leadSettings' | 'leadRouting' | 'leads' | 'mailer' | 'config' | 'log'
  >,
  lead: Lead,
): Promise<Assignment | undefined> {
  if (lead.status !== 'new' || lead.owner) return undefined;
  const rules = (await services.leadRouting.effective()).assignment;
  const index = rules.findIndex((rule) => ruleMatches(rule, lead));
  const rule = rules[index];
  if (!rule) return undefined;
  const position = index + 1;
  const described = describeRule(rule, position);
  const owner = await pickOwner(services, rule);
  if (!owner) {
    services.log.warn('lead assignment rule has no active owner', {
      leadId: lead.id,
      ruleId: rule.id,
    });
    return undefined;
  }
  const actor = `Lead routing (${described})`;
  const assigned = await services.leads.assign(lead, owner, {
    actor,
    summary: `Lead ${lead.id}: owner nobody → ${owner} by assignment ${described}`,
  });
  if (!assigned) return undefined;
  services.log.info('lead assigned', { leadId: lead.id, ruleId: rule.id, owner });
  await notifyLeadOwner(services, [{ ...lead, owner }], owner, actor, described);
  return { owner, ruleId: rule.id, position };
}
