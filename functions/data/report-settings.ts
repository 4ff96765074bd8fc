// The weekly report's settings and its last scheduled run (issue 25,
// docs/decisions/0155-weekly-report.md).
//
// Access pattern and key (functions/data/keys.ts):
//   the settings ..... GetItem / Put  pk=SETTINGS  sk=REPORT
//   a week's run ..... UpdateItem conditional on lastSentWeek <> the week: one runner wins
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_REPORT_SETTINGS } from '../shared/reports.ts';
import { auditActor } from './audit.ts';
import { keys } from './keys.ts';
import { conditionally, TableRepository } from './table.ts';

export interface StoredReportSettings {
  enabled: boolean;
  timeZone: string;
  recipients: string[];
  lastSentWeek: string | null;
  lastSentAt: string | null;
}

export class ReportSettingsRepository extends TableRepository {
  async get(): Promise<StoredReportSettings> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.reportSettings(), ConsistentRead: true }),
    );
    const item = result.Item ?? {};
    return {
      enabled:
        typeof item['enabled'] === 'boolean' ? item['enabled'] : DEFAULT_REPORT_SETTINGS.enabled,
      timeZone:
        typeof item['timeZone'] === 'string' ? item['timeZone'] : DEFAULT_REPORT_SETTINGS.timeZone,
      recipients: Array.isArray(item['recipients'])
        ? (item['recipients'] as string[])
        : DEFAULT_REPORT_SETTINGS.recipients,
      lastSentWeek: typeof item['lastSentWeek'] === 'string' ? item['lastSentWeek'] : null,
      lastSentAt: typeof item['lastSentAt'] === 'string' ? item['lastSentAt'] : null,
    };
  }

  /** Saves the settings (the last run is kept), audited in the same transaction. */
  async put(
    settings: Pick<StoredReportSettings, 'enabled' | 'timeZone' | 'recipients'>,
    actor: { email: string; ip?: string | undefined },
  ): Promise<StoredReportSettings> {
    const current = await this.get();
    const next = { ...current, ...settings };
    await this.transact({
      items: [{ Put: { TableName: this.table, Item: { ...keys.reportSettings(), ...next } } }],
      audit: {
        ...auditActor(actor),
        action: 'settings',
        summary: `Weekly report ${next.enabled ? 'on' : 'off'}: Mondays 08:00 ${next.timeZone}, to ${next.recipients.length ? next.recipients.join(', ') : 'nobody'}`,
      },
    });
    return next;
  }

  /**
   * Claims the scheduled report of the week starting `week` (a local Monday, YYYY-MM-DD):
   * true for exactly one caller, however many runners ask at once.
   */
  async claimWeek(week: string): Promise<boolean> {
    return conditionally(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.reportSettings(),
          UpdateExpression: 'SET lastSentWeek = :week, lastSentAt = :at',
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(lastSentWeek) OR lastSentWeek <> :week)',
          ExpressionAttributeValues: { ':week': week, ':at': this.now().toISOString() },
        }),
      ),
    );
  }

  /** Gives a claimed week back after its mail failed, so the next run tries again. */
  async releaseWeek(week: string, previous: StoredReportSettings): Promise<void> {
    await conditionally(
      this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...keys.reportSettings(), ...previous },
          ConditionExpression: 'lastSentWeek = :week',
          ExpressionAttributeValues: { ':week': week },
        }),
      ),
    );
  }
}
