// Contacts: the submissions of one e-mail address (case ignored) are one person (issue 26).
// The lead items cannot be queried by e-mail (the table's two indexes already hold the
// inbox list and the status lists, functions/data/leads/list.ts), so each lead has a small
// index item of its own, written in the lead's create transaction:
//
//   a contact's submissions ....... Query  pk=CONTACT#<lower-cased e-mail>  sk=<createdAt>#<leadId>
//
// The item holds the lead's id, time and status (mirrored by every status change, in the
// same transaction), so a contact's submission numbers ("3rd submission", spam not
// counted) need that one query and no read of the leads themselves. Its key holds the
// e-mail address, so erasing a lead deletes it too (LeadRepository.erase).
//
// Leads stored before the index existed carry no `contact` attribute. The first read that
// needs the index (the inbox list, a contact) builds it once per installation: it queries
// every lead through the two lead indexes (the all-leads list and the spam status list,
// which together hold every lead; no scan), writes the missing index items, then a marker
// item (SETTINGS / CONTACT-INDEX) so later reads skip the work. Each lead is indexed in a
// transaction that checks it is still unindexed and still has the status read, so a build
// running beside status changes (or a second build) never writes a stale status; running
// it again is harmless (docs/decisions/0184-contact-index.md).
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LeadStatus } from '../shared/leads/basics.ts';
import { GSI1, GSI2, queryAll, TableRepository, type TransactPart } from './table.ts';
import { GSI1PK, keys } from './keys.ts';

/** A contact's key: the e-mail address, trimmed and lower-cased. */
export const contactKey = (email: string) => email.trim().toLowerCase();

/** One submission in a contact's index. */
export interface ContactSubmission {
  leadId: string;
  createdAt: string;
  status: LeadStatus;
}

/** The lead's place among its contact's submissions; `submission` is absent for spam. */
export interface SubmissionNumber {
  submission?: number;
  submissions: number;
}

/** The index item of a lead (a transaction part's Item). */
export function contactItem(lead: {
  id: string;
  email: string;
  createdAt: string;
  status: LeadStatus;
}) {
  return {
    ...keys.contactSubmission(contactKey(lead.email), lead.createdAt, lead.id),
    leadId: lead.id,
    createdAt: lead.createdAt,
    status: lead.status,
  };
}

/** Numbers from a contact's submissions (any order); `status` overrides the mirrored one. */
export function numberOf(
  submissions: readonly ContactSubmission[],
  lead: { id: string; status: LeadStatus },
): SubmissionNumber {
  const counted = submissions
    .map((item) => (item.leadId === lead.id ? { ...item, status: lead.status } : item))
    .filter((item) => item.status !== 'spam')
    .sort((a, b) => (a.createdAt === b.createdAt ? 0 : a.createdAt < b.createdAt ? -1 : 1));
  const index = counted.findIndex((item) => item.leadId === lead.id);
  return {
    ...(index >= 0 ? { submission: index + 1 } : {}),
    submissions: counted.length,
  };
}

/** Index writes per round of the build (each is a small transaction). */
const BUILD_PARALLEL = 8;

/**
 * An index over leads older than it, built once per installation: `build` runs unless the
 * marker item says it ran to the end, then the marker is written. The returned function
 * shares one run between concurrent callers and lets the next caller try again after a
 * failure (this file's contact index and functions/data/form-leads.ts's form index).
 */
export function buildOnceBehind(
  db: DynamoDBDocumentClient,
  table: string,
  marker: Record<string, string>,
  now: () => Date,
  build: () => Promise<unknown>,
): () => Promise<void> {
  let pending: Promise<void> | undefined;
  const run = async () => {
    const done = await db.send(
      new GetCommand({ TableName: table, Key: marker, ConsistentRead: true }),
    );
    if (done.Item) return;
    await build();
    await db.send(
      new PutCommand({ TableName: table, Item: { ...marker, builtAt: now().toISOString() } }),
    );
  };
  return () =>
    (pending ??= run().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}

/**
 * The part that notes on a lead (read as `item`) that an index holds it, as `attribute` =
 * `value`; refused when the lead changed status, was indexed or erased meanwhile, whose change
 * then wrote what the index needed (this file's and functions/data/form-leads.ts's).
 */
export function markIndexed(
  table: string,
  item: Record<string, unknown>,
  attribute: string,
  value: string,
): TransactPart {
  return {
    Update: {
      TableName: table,
      Key: keys.lead(String(item['id'])),
      UpdateExpression: 'SET #index = :value',
      ConditionExpression:
        'attribute_exists(pk) AND attribute_not_exists(#index) AND #status = :status',
      ExpressionAttributeNames: { '#index': attribute, '#status': 'status' },
      ExpressionAttributeValues: { ':value': value, ':status': item['status'] },
    },
  };
}

/**
 * Runs `indexOne` over every lead (spam included) that `unindexed` picks, read through the two
 * lead indexes (no scan), BUILD_PARALLEL at a time; returns how many it indexed. The build of
 * an index over leads older than it (this file's and functions/data/form-leads.ts's).
 */
export async function indexEveryLead(
  db: DynamoDBDocumentClient,
  table: string,
  unindexed: (item: Record<string, unknown>) => boolean,
  indexOne: (item: Record<string, unknown>) => Promise<boolean>,
): Promise<number> {
  const read = (input: { IndexName: string; KeyConditionExpression: string; pk: string }) =>
    queryAll(db, {
      TableName: table,
      IndexName: input.IndexName,
      KeyConditionExpression: input.KeyConditionExpression,
      ExpressionAttributeValues: { ':pk': input.pk },
    });
  const leads = [
    ...(await read({ IndexName: GSI1, KeyConditionExpression: 'gsi1pk = :pk', pk: GSI1PK.leads })),
    ...(await read({
      IndexName: GSI2,
      KeyConditionExpression: 'gsi2pk = :pk',
      pk: keys.leadStatusPartition('spam'),
    })),
  ].filter(unindexed);
  let indexed = 0;
  for (let start = 0; start < leads.length; start += BUILD_PARALLEL) {
    const done = await Promise.all(leads.slice(start, start + BUILD_PARALLEL).map(indexOne));
    indexed += done.filter(Boolean).length;
  }
  return indexed;
}

export class ContactIndex extends TableRepository {
  /** The build of this table's index, once per process (the marker makes it once per table). */

  /** A contact's submissions, oldest first. */
  async submissions(email: string): Promise<ContactSubmission[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.contactPartition(contactKey(email)) },
      ConsistentRead: true,
    });
    return items.map((item) => ({
      leadId: String(item['leadId']),
      createdAt: String(item['createdAt']),
      status: item['status'] as LeadStatus,
    }));
  }

  /** Submission numbers of the leads of a list page: one query per distinct contact. */
  async numbers(
    leads: readonly { id: string; email: string; status: LeadStatus }[],
  ): Promise<Map<string, SubmissionNumber>> {
    await this.ensureBuilt();
    const emails = [...new Set(leads.map((lead) => contactKey(lead.email)))];
    const byEmail = new Map(
      await Promise.all(
        emails.map(async (email) => [email, await this.submissions(email)] as const),
      ),
    );
    return new Map(
      leads.map((lead) => [lead.id, numberOf(byEmail.get(contactKey(lead.email)) ?? [], lead)]),
    );
  }

  /** Builds the index for leads older than it, once (see the header); retried after a failure. */
  readonly ensureBuilt = buildOnceBehind(
    this.db,
    this.table,
    keys.contactIndexDone(),
    () => this.now(),
    () => this.build(),
  );

  /** Indexes every lead that has no index item yet; returns how many it indexed. */
  build(): Promise<number> {
    return indexEveryLead(
      this.db,
      this.table,
      (item) => item['contact'] === undefined && typeof item['email'] === 'string',
      (item) => this.indexOne(item),
    );
  }

  private async indexOne(item: Record<string, unknown>): Promise<boolean> {
    const lead = {
      id: String(item['id']),
      email: String(item['email']),
      createdAt: String(item['createdAt']),
      status: item['status'] as LeadStatus,
    };
    return this.transact({
      items: [
        { Put: { TableName: this.table, Item: contactItem(lead) } },
        markIndexed(this.table, item, 'contact', contactKey(lead.email)),
      ],
      // Changed (or indexed, or erased) meanwhile: that change wrote what it needed.
      onConflict: () => undefined,
    });
  }
}
