// Leads (functions/data/leads/, one module per concern: docs/decisions/0441-data-modules-by-concern.md):
// contact submissions from the landing-page dialog, the contact page and /pilot,
// with their internal timeline (notes, status changes) and their CRM delivery.
//
// Access patterns and keys:
//   lead by id .................... GetItem  pk=LEAD#<id>  sk=LEAD
//   a lead with everything ........ Query    pk=LEAD#<id>  (sk LEAD, NOTE#<at>#<rand>, OUTBOX#WEBHOOK)
//   leads (not spam), newest ...... Query    gsi1pk=LEADS                  gsi1sk=<createdAt>#<id>  (descending)
//   leads by status, newest ....... Query    gsi2pk=LEADS#STATUS#<status>  gsi2sk=<createdAt>#<id>  (descending)
//   either within a date range .... the same Query with  gsiNsk BETWEEN <from> AND <to>
//   number of new leads ........... Query    gsi2pk=LEADS#STATUS#new, Select COUNT
//   a contact's submissions ....... Query    pk=CONTACT#<lower-cased e-mail>  (functions/data/contacts.ts)
//   a form's leads, newest ........ Query    pk=FORM-LEADS#<form id>  sk=<createdAt>#<id>  (descending,
//                                   a date range by key; then BatchGet of the leads; functions/data/form-leads.ts)
//   new leads past their SLA ...... Query    gsi2pk=LEADS#STATUS#new  gsi2sk BETWEEN <cutoff - 7 days> AND <cutoff>
// The gsi1 list is sparse: spam carries no gsi1 keys, so it is never listed or counted
// with the leads, yet stays reachable by status for review (and rescue). A status change
// rewrites gsi2pk and adds or removes the gsi1 keys when a lead moves out of or into spam.
// Form, landing page, owner and the name/e-mail/company search are applied to the items
// those queries return, within a read budget per request
// (docs/decisions/0044-lead-keys-and-reads.md). Everything about one lead shares its partition, so
// erasing it is one query and deletes, plus its contact index item (functions/data/contacts.ts),
// whose key the lead's e-mail and time give. The index item is written with the lead, in the same
// transaction, and rewritten with every status change (it mirrors the status for the submission
// numbers). Owner (issue 26): `owner` on the lead item, an account's lower-cased e-mail, changed
// like the status (a condition on the value read, a timeline entry in the same transaction). Leads
// are written with attribute_not_exists, once, before anything else happens with them, so an
// accepted submission is never lost; its CRM delivery (functions/data/outbox.ts) is written in the
// same transaction.
//
// Issue 35: every lead carries its form's id and title (`formTitle`) and has an index item under
// its form, written in the create transaction and rewritten with every status change
// (functions/data/form-leads.ts), so `formId` filters read that form's leads only
// (docs/decisions/0393-leads-by-form-index.md). An assignment rule sets the owner of a new lead
// with the same condition as a person's change (nobody owns it yet), its timeline entry and its
// audit entry in one transaction (docs/decisions/0390-lead-assignment-rules.md). The SLA
// reminder is claimed once per lead by a conditional write (still new, never reminded), its
// audit entry in the same transaction (docs/decisions/0391-lead-sla-reminder.md).
//
// This module: the stored lead's shape, its keys and how items read back as leads.
import type { LeadStatus } from '../../shared/leads/basics.ts';
import {
  leadSchema,
  timelineEntrySchema,
  type LeadView,
  type TimelineEntry,
} from '../../shared/leads/lead.ts';
import { GSI1PK, keys, SK } from '../keys.ts';
import type { OutboxItem } from '../outbox.ts';

/** A stored lead, as the admin API shows it (functions/shared/leads/lead.ts leadSchema). */
export type Lead = LeadView;

/** A lead with its timeline (oldest first) and its CRM delivery, if one was ever due. */
export interface LeadRecord {
  lead: Lead;
  timeline: TimelineEntry[];
  outbox: OutboxItem | undefined;
}

export const LEADS_PK = GSI1PK.leads;
export const leadKey = keys.lead;
export const statusPk = (status: LeadStatus) => keys.leadStatusPartition(status);
export const NOTE_PREFIX = SK.leadNote;

/**
 * A lead item as the shared schema reads it (the keys and index attributes dropped). 'closed'
 * was a status of the first release that no code ever wrote; any that exists reads as lost,
 * which claims no won deal (docs/decisions/0043-lead-statuses.md).
 */
export const toLead = (item: Record<string, unknown>): Lead =>
  leadSchema.parse(item['status'] === 'closed' ? { ...item, status: 'lost' } : item);

/** A timeline item as the shared schema reads it; its id is the end of its sort key. */
export const toTimelineEntry = (item: Record<string, unknown>): TimelineEntry =>
  timelineEntrySchema.parse({ ...item, id: String(item['sk']).slice(NOTE_PREFIX.length) });
