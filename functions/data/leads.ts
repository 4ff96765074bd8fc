// Leads: contact submissions from the landing-page dialog, the contact page and /pilot.
//
// Access patterns and keys:
//   lead by id ................ GetItem  pk=LEAD#<id>                  sk=LEAD
//   leads, newest first ....... Query    gsi1pk=LEADS                  gsi1sk=<createdAt>#<id>  (descending)
//   leads by status, newest ... Query    gsi2pk=LEADS#STATUS#<status>  gsi2sk=<createdAt>#<id>  (descending)
// The gsi1 list is sparse: honeypot submissions (status spam) carry no gsi1 keys, so they
// are never listed or counted as leads, yet remain reachable by status for review.
// Whoever changes a status rewrites gsi2pk (and adds or removes the gsi1 keys when a
// lead moves into or out of spam). Leads are written with attribute_not_exists, once,
// before anything else happens with them, so an accepted submission is never lost.
import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactSubmission, FormType } from '../shared/contact.ts';
import { GSI1, GSI2, TableRepository } from './table.ts';

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'closed', 'spam'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export interface Lead {
  id: string;
  name: string;
  email: string;
  company: string;
  message: string;
  role?: string;
  inquiryType?: string;
  formType: FormType;
  landingPageId?: string;
  status: LeadStatus;
  createdAt: string;
}

const leadKey = (id: string) => ({ pk: `LEAD#${id}`, sk: 'LEAD' as const });
const statusPk = (status: LeadStatus) => `LEADS#STATUS#${status}`;

function toLead(item: Record<string, unknown>): Lead {
  const lead = item as unknown as Lead;
  return {
    id: lead.id,
    name: lead.name,
    email: lead.email,
    company: lead.company,
    message: lead.message,
    formType: lead.formType,
    status: lead.status,
    createdAt: lead.createdAt,
    ...(lead.role ? { role: lead.role } : {}),
    ...(lead.inquiryType ? { inquiryType: lead.inquiryType } : {}),
    ...(lead.landingPageId ? { landingPageId: lead.landingPageId } : {}),
  };
}

export class LeadRepository extends TableRepository {
  /** Stores a submission; `spam` marks a filled honeypot. */
  async create(submission: ContactSubmission, options: { spam: boolean }): Promise<Lead> {
    const id = randomUUID();
    const createdAt = this.now().toISOString();
    const status: LeadStatus = options.spam ? 'spam' : 'new';
    const lead: Lead = {
      id,
      name: submission.name,
      email: submission.email,
      company: submission.company,
      message: submission.message,
      formType: submission.formType,
      status,
      createdAt,
      ...(submission.role ? { role: submission.role } : {}),
      ...(submission.inquiryType ? { inquiryType: submission.inquiryType } : {}),
      ...(submission.landingPageId ? { landingPageId: submission.landingPageId } : {}),
    };
    const sortKey = `${createdAt}#${id}`;
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...leadKey(id),
          ...(options.spam ? {} : { gsi1pk: 'LEADS', gsi1sk: sortKey }),
          gsi2pk: statusPk(status),
          gsi2sk: sortKey,
          ...lead,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return lead;
  }

  /** Leads that are not spam, newest first. */
  async newest(limit = 50): Promise<Lead[]> {
    return this.query(GSI1, 'gsi1pk', 'LEADS', limit);
  }

  async byStatus(status: LeadStatus, limit = 50): Promise<Lead[]> {
    return this.query(GSI2, 'gsi2pk', statusPk(status), limit);
  }

  private async query(index: string, key: string, value: string, limit: number) {
    const result = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        IndexName: index,
        KeyConditionExpression: '#key = :value',
        ExpressionAttributeNames: { '#key': key },
        ExpressionAttributeValues: { ':value': value },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (result.Items ?? []).map(toLead);
  }
}
