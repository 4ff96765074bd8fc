// The lead repository's lists: one page of leads for a filter within a read budget, the
// new leads' count for the admin's tab (docs/decisions/0044-lead-keys-and-reads.md; the
// filter and cursor: functions/data/leads/list-query.ts; the split:
// docs/decisions/0441-data-modules-by-concern.md).
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { LeadStatus } from '../../shared/leads/basics.ts';
import type { LeadFilter } from '../../shared/leads/list.ts';
import { getAll, GSI2 } from '../table.ts';
import { leadKey, statusPk, toLead, type Lead } from './lead-item.ts';
import {
  cursorOf,
  listQuery,
  matcher,
  positionOf,
  startKeyOf,
  type LeadCursor,
  type ListQuery,
} from './list-query.ts';
import { LeadStore } from './store.ts';

/** Items one list request may read before it answers with what it found (and a cursor). */
export const LIST_READ_BUDGET = 2000;
/** Items per DynamoDB page while filtering. */
const QUERY_PAGE = 200;

export class LeadLists extends LeadStore {
  /**
   * One page of leads, newest first. Reads the status index (or the all-leads index), in
   * the date range by key; form, owner, locale, page and search are checked per item, reading at most
   * LIST_READ_BUDGET items before answering with what matched so far (`partial`).
   */
  async list(
    filter: LeadFilter,
    options: {
      limit: number;
      cursor?: LeadCursor | undefined;
      page?: { id: string; slug: string };
      /** Items to read at most (LIST_READ_BUDGET); tests make it small. */
      budget?: number;
    },
  ): Promise<{ leads: Lead[]; cursor: LeadCursor | undefined; partial: boolean }> {
    const budget = options.budget ?? LIST_READ_BUDGET;
    // Leads from before the form index get their items first (once per installation).
    if (filter.formId) await this.forms.ensureBuilt();
    const query = listQuery(filter);
    let startKey: Record<string, unknown> | undefined = options.cursor
      ? startKeyOf(options.cursor, query)
      : undefined;
    const matches = matcher(filter, options.page);
    const filtered = Boolean(
      filter.form || filter.page || filter.q || filter.owner || filter.locale,
    );
    const found: Record<string, unknown>[] = [];
    let examined = 0;
    let lastExamined: Record<string, unknown> | undefined;
    // Read one match past the page, so a cursor is given only when there is more.
    while (found.length <= options.limit && examined < budget) {
      const want = filtered
        ? Math.min(QUERY_PAGE, budget - examined)
        : options.limit + 1 - found.length;
      const result = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          ...query.input,
          Limit: want,
          ExclusiveStartKey: startKey,
        }),
      );
      const items = result.Items ?? [];
      const leads = await this.leadsOf(items, query, filter);
      for (const [index, item] of items.entries()) {
        examined++;
        lastExamined = item;
        const lead = leads[index];
        if (lead && matches(lead)) found.push(lead);
        if (found.length > options.limit) break;
      }
      startKey = result.LastEvaluatedKey;
      if (!startKey) break;
    }
    if (found.length > options.limit) {
      const page = found.slice(0, options.limit);
      return {
        leads: page.map(toLead),
        cursor: cursorOf(page.at(-1)!, query),
        partial: false,
      };
    }
    // Stopped at the budget: DynamoDB hands a start key whenever a page was full, so look
    // one item ahead before promising the caller that there is more.
    let partial = false;
    if (startKey && lastExamined) {
      const ahead = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          ...query.input,
          Limit: 1,
          ExclusiveStartKey: startKey,
          ProjectionExpression: 'pk',
        }),
      );
      partial = (ahead.Items ?? []).length > 0;
    }
    return {
      leads: found.map(toLead),
      cursor: partial ? positionOf(lastExamined!, query) : undefined,
      partial,
    };
  }

  /**
   * The lead items of a page a list query read, aligned with it: the items themselves, or
   * for a form's index (functions/data/form-leads.ts) their leads, read in one BatchGet per
   * 100; an index item whose mirrored status the filter excludes (spam, unless asked for;
   * another status than the one asked for) is undefined, and its lead is not read.
   */
  protected async leadsOf(
    items: Record<string, unknown>[],
    query: ListQuery,
    filter: LeadFilter,
  ): Promise<(Record<string, unknown> | undefined)[]> {
    if (query.index) return items;
    const wanted = (item: Record<string, unknown>) =>
      filter.status ? item['status'] === filter.status : item['status'] !== 'spam';
    const read = await getAll(
      this.db,
      this.table,
      items.filter(wanted).map((item) => leadKey(String(item['leadId']))),
    );
    const byId = new Map(read.map((lead) => [String(lead['id']), lead]));
    return items.map((item) => (wanted(item) ? byId.get(String(item['leadId'])) : undefined));
  }

  /** How many leads have status new: the figure on the admin's tab. */
  async countNew(): Promise<number> {
    let count = 0;
    let startKey: Record<string, unknown> | undefined;
    do {
      const result = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          IndexName: GSI2,
          KeyConditionExpression: 'gsi2pk = :pk',
          ExpressionAttributeValues: { ':pk': statusPk('new') },
          Select: 'COUNT',
          ExclusiveStartKey: startKey,
        }),
      );
      count += result.Count ?? 0;
      startKey = result.LastEvaluatedKey;
    } while (startKey);
    return count;
  }

  /** Leads that are not spam, newest first. */
  async newest(limit = 50): Promise<Lead[]> {
    return (await this.list({}, { limit })).leads;
  }

  async byStatus(status: LeadStatus, limit = 50): Promise<Lead[]> {
    return (await this.list({ status }, { limit })).leads;
  }
}
