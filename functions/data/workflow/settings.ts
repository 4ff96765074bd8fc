// The publishing settings as stored (docs/decisions/0549-publishing-settings.md): one item,
// pk=SETTINGS sk=SETTINGS, which also holds the live guard's counters
// (functions/data/live-guard.ts). Read here for the workflow and for the claims check of
// content that goes live unsigned (functions/data/workflow/claims-check.ts).
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_SETTINGS, settingsSchema, type Settings } from '../../shared/workflow.ts';
import { keys } from '../keys.ts';

export const SETTING_NAMES = Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[];

/** The settings, each missing or unreadable one at its default (one never resets another). */
export async function readSettings(db: DynamoDBDocumentClient, table: string): Promise<Settings> {
  const result = await db.send(
    new GetCommand({ TableName: table, Key: keys.settings(), ConsistentRead: true }),
  );
  const item = result.Item ?? {};
  const settings = { ...DEFAULT_SETTINGS };
  for (const name of SETTING_NAMES) {
    const parsed = settingsSchema.shape[name].safeParse(item[name]);
    if (parsed.success) Object.assign(settings, { [name]: parsed.data });
  }
  return settings;
}
