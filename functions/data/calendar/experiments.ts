// The calendar's experiment starts and ends (functions/data/experiments/): the start that
// happened (`startedAt`; a draft has none, so no entry) and the end that happened
// (`stoppedAt`) or, while it runs or is paused, the planned one: its start plus its minimum
// run (`minDays`), the earliest day the verdict rule lets it end
// (docs/decisions/0559-content-calendar.md).
import type { CalendarEntry } from '../../shared/calendar.ts';
import type { ExperimentItem } from '../experiments/store.ts';
import { GSI1PK } from '../keys.ts';
import { GSI1, queryAll } from '../table.ts';
import { inRange, type CalendarSource } from './range.ts';

const DAY_MS = 86_400_000;

export const experimentEntries: CalendarSource = async ({ db, tableName }, range, pages) => {
  const items = await queryAll<ExperimentItem>(db, {
    TableName: tableName,
    IndexName: GSI1,
    KeyConditionExpression: 'gsi1pk = :experiments',
    ExpressionAttributeValues: { ':experiments': GSI1PK.experiments },
  });
  return items.flatMap((item) => {
    if (!item.startedAt || !pages.has(item.pageId)) return [];
    const base = { pageId: item.pageId, experimentId: item.id, title: item.name };
    const entries: CalendarEntry[] = [{ type: 'experiment-start', at: item.startedAt, ...base }];
    if (item.status === 'stopped' && item.stoppedAt) {
      entries.push({ type: 'experiment-end', at: item.stoppedAt, ...base });
    } else if (item.status === 'running' || item.status === 'paused') {
      const at = new Date(Date.parse(item.startedAt) + item.minDays * DAY_MS).toISOString();
      entries.push({ type: 'experiment-end', at, planned: true, ...base });
    }
    return entries.filter((entry) => inRange(entry.at, range));
  });
};
