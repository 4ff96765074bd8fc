// What a lead list reads: the index and key range a filter names, the per-item part of the
// filter (form, owner, locale, landing page, search) and the signed cursor's position in the list
// (docs/decisions/0044-lead-keys-and-reads.md, docs/decisions/0393-leads-by-form-index.md;
// the split: docs/decisions/0441-data-modules-by-concern.md).
import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { InvalidError } from '../../core/domain-errors.ts';
import { leadFromPage } from '../../shared/leads/basics.ts';
import { type LeadFilter, leadLocale } from '../../shared/leads/list.ts';
import { keys, PK, SK, uuidKeyPattern } from '../keys.ts';
import { GSI1, GSI2 } from '../table.ts';
import { LEADS_PK, leadKey, statusPk } from './lead-item.ts';

// Refusals are domain errors (functions/core/domain-errors.ts), answered 400 or 409 with
// these messages and fields by the app's error handler.
/** A page token no longer (or never) valid for this list. */
export class InvalidCursorError extends InvalidError {
  override name = 'InvalidCursorError';
  constructor(problem: string) {
    super(`Invalid request: cursor ${problem}`, { cursor: [problem] });
  }
}

/** Case- and accent-insensitive text for the search. */
const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Which index a filter reads, and the key range within it: one form's index items
 * (functions/data/form-leads.ts) for a `formId`, else the status index or the all-leads one.
 */
export function listQuery(filter: LeadFilter) {
  const index = filter.formId ? undefined : filter.status ? GSI2 : GSI1;
  const partition = filter.formId
    ? keys.formLeadsPartition(filter.formId)
    : filter.status
      ? statusPk(filter.status)
      : LEADS_PK;
  const prefix = index ?? '';
  // Sort keys are "<ISO time>#<id>": "<from>" sorts before every key of that instant, and
  // "<to>" before every key of that one, so BETWEEN from AND to is [from, to).
  const low = filter.from ? new Date(filter.from).toISOString() : undefined;
  const high = filter.to ? new Date(filter.to).toISOString() : undefined;
  const range =
    low && high
      ? { expression: ' AND #sk BETWEEN :low AND :high', values: { ':low': low, ':high': high } }
      : low
        ? { expression: ' AND #sk >= :low', values: { ':low': low } }
        : high
          ? { expression: ' AND #sk < :high', values: { ':high': high } }
          : { expression: '', values: {} };
  const input = {
    ...(index ? { IndexName: index } : {}),
    KeyConditionExpression: `#pk = :pk${range.expression}`,
    ExpressionAttributeNames: {
      '#pk': `${prefix}pk`,
      ...(range.expression ? { '#sk': `${prefix}sk` } : {}),
    },
    ExpressionAttributeValues: { ':pk': partition, ...range.values },
    ScanIndexForward: false,
  } satisfies Omit<QueryCommandInput, 'ExclusiveStartKey' | 'Limit' | 'TableName'>;
  return { index, partition, low, high, input };
}
export type ListQuery = ReturnType<typeof listQuery>;

/**
 * Where the next page of a list starts: the last lead read (its table and index keys).
 * The route signs it (functions/lib/cursor.ts); list() also checks that it belongs to the
 * filter it is given, since an index key from another partition would read that one.
 */
export const leadCursorSchema = z.strictObject({
  pk: z.string().regex(uuidKeyPattern(PK.lead)),
  sk: z.literal(SK.lead),
  /** The index partition: a gsi's, or FORM-LEADS#<form id> (up to 75 characters). */
  ipk: z.string().max(80),
  isk: z.string().max(80),
});
export type LeadCursor = z.infer<typeof leadCursorSchema>;

/** The cursor after the lead `item` in the list `query` reads. */
export function cursorOf(item: Record<string, unknown>, query: ListQuery): LeadCursor {
  return {
    pk: String(item['pk']),
    sk: SK.lead,
    ipk: query.index ? String(item[`${query.index}pk`]) : query.partition,
    // A form index item's sort key is the lead's time and id, as the lists' are.
    isk: query.index
      ? String(item[`${query.index}sk`])
      : `${String(item['createdAt'])}#${String(item['id'])}`,
  };
}

/** The cursor after an item a list query read: a lead, or a form index item. */
export function positionOf(item: Record<string, unknown>, query: ListQuery): LeadCursor {
  if (query.index) return cursorOf(item, query);
  return { ...leadKey(String(item['leadId'])), ipk: query.partition, isk: String(item['sk']) };
}

/** DynamoDB's start key for a cursor, if the cursor belongs to this very list and range. */
export function startKeyOf(cursor: LeadCursor, query: ListQuery) {
  const inRange =
    (query.low === undefined || cursor.isk >= query.low) &&
    (query.high === undefined || cursor.isk < query.high);
  if (cursor.ipk !== query.partition || !inRange) {
    throw new InvalidCursorError('belongs to another filter; start again from the first page');
  }
  if (!query.index) return { pk: cursor.ipk, sk: cursor.isk };
  return {
    pk: cursor.pk,
    sk: cursor.sk,
    [`${query.index}pk`]: cursor.ipk,
    [`${query.index}sk`]: cursor.isk,
  };
}

/** The per-item part of a filter: form, owner, locale, landing page, search. */
export function matcher(
  filter: LeadFilter,
  page: { id: string; slug: string } | undefined,
): (item: Record<string, unknown>) => boolean {
  const q = filter.q ? fold(filter.q) : undefined;
  return (item) => {
    if (filter.form && item['formType'] !== filter.form) return false;
    // `me` is resolved to the caller's e-mail by the route.
    if (filter.owner && item['owner'] !== filter.owner) return false;
    // A lead from before locales counts as the default locale's (docs/decisions/0575-leads-by-locale.md).
    if (filter.locale && leadLocale(item) !== filter.locale) return false;
    if (filter.page) {
      const lead = item as { landingPageId?: string; attribution?: { pageId?: string } };
      const fromPage = page
        ? leadFromPage(lead, page)
        : lead.landingPageId === filter.page || lead.attribution?.pageId === filter.page;
      if (!fromPage) return false;
    }
    if (q) {
      const haystack = [item['name'], item['email'], item['company']]
        .map((value) => fold(typeof value === 'string' ? value : ''))
        .join('\n');
      if (!haystack.includes(q)) return false;
    }
    return true;
  };
}
