// The lead repository's CSV export: every lead a filter matches, within a row and read limit
// (docs/decisions/0044-lead-keys-and-reads.md; the split: docs/decisions/0441-data-modules-by-concern.md).
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { InvalidError } from '../../core/domain-errors.ts';
import type { LeadFilter } from '../../shared/leads/list.ts';
import { toLead, type Lead } from './lead-item.ts';
import { listQuery, matcher } from './list-query.ts';
import { LeadLists } from './list.ts';

/** The export's limits: rows written, items read. */
export const EXPORT_MAX_ROWS = 10_000;
export const EXPORT_READ_BUDGET = 20_000;

/** The export filter matches more than EXPORT_MAX_ROWS (or reads past its budget). */
export class ExportTooLargeError extends InvalidError {
  override name = 'ExportTooLargeError';
  constructor(message: string) {
    super(message, { from: [message] });
  }
}

export class LeadExport extends LeadLists {
  /** Every lead matching the filter, newest first, for the CSV export. */
  async all(filter: LeadFilter, page?: { id: string; slug: string }): Promise<Lead[]> {
    if (filter.formId) await this.forms.ensureBuilt();
    const query = listQuery(filter);
    const matches = matcher(filter, page);
    const found: Lead[] = [];
    let examined = 0;
    let startKey: Record<string, unknown> | undefined;
    do {
      const result = await this.db.send(
        new QueryCommand({ TableName: this.table, ...query.input, ExclusiveStartKey: startKey }),
      );
      const items = result.Items ?? [];
      examined += items.length;
      for (const lead of await this.leadsOf(items, query, filter)) {
        if (lead && matches(lead)) found.push(toLead(lead));
      }
      if (found.length > EXPORT_MAX_ROWS || examined > EXPORT_READ_BUDGET) {
        throw new ExportTooLargeError(
          `The filter matches more than ${EXPORT_MAX_ROWS.toLocaleString('en')} leads (or needs more than ${EXPORT_READ_BUDGET.toLocaleString('en')} read); narrow the date range`,
        );
      }
      startKey = result.LastEvaluatedKey;
    } while (startKey);
    return found;
  }
}
