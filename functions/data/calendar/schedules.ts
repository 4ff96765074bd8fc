// The calendar's scheduled publishes and unpublishes (functions/data/workflow/schedules.ts):
// the schedules index read between the range's instants, of pages that still exist.
import { GSI1PK } from '../keys.ts';
import { GSI1, queryAll } from '../table.ts';
import type { ScheduleItem } from '../workflow/schedules.ts';
import type { CalendarSource } from './range.ts';

export const scheduledEntries: CalendarSource = async ({ db, tableName }, range, pages) => {
  const items = await queryAll<ScheduleItem>(db, {
    TableName: tableName,
    IndexName: GSI1,
    // gsi1sk is `<at>#<pageId>#<action>`: one at the range's end sorts after `end` itself.
    KeyConditionExpression: 'gsi1pk = :schedules AND gsi1sk BETWEEN :start AND :end',
    ExpressionAttributeValues: {
      ':schedules': GSI1PK.schedules,
      ':start': range.start,
      ':end': range.end,
    },
  });
  return items.flatMap((item) => {
    const page = pages.get(item.pageId);
    return page ? [{ type: item.action, at: item.at, pageId: page.id, title: page.title }] : [];
  });
};
