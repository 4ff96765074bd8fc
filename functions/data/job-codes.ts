// Job codes (issue 37; docs/decisions/0550-job-codes.md): one counter item per year under
// SETTINGS (keys.jobCodeCounter), drawn from with one UpdateItem ADD, which DynamoDB applies
// atomically: two publishers at once get two numbers, and a number is never handed out twice.
// It is drawn before the publication's transaction, so a publication refused after the draw
// (a stale revision, a missing approval, a race) burns its number: the sequence has gaps,
// never repeats.
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { formatJobCode } from '../shared/job-codes.ts';
import { keys } from './keys.ts';
import { readSettings } from './workflow/settings.ts';

/** The next job code of the year of `at` (UTC), with the prefix set now. */
export async function drawJobCode(
  db: DynamoDBDocumentClient,
  table: string,
  at: Date,
): Promise<string> {
  const year = String(at.getUTCFullYear());
  const [{ jobCodePrefix }, result] = await Promise.all([
    readSettings(db, table),
    db.send(
      new UpdateCommand({
        TableName: table,
        Key: keys.jobCodeCounter(year),
        UpdateExpression: 'ADD #sequence :one',
        ExpressionAttributeNames: { '#sequence': 'sequence' },
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    ),
  ]);
  return formatJobCode(jobCodePrefix, year, Number(result.Attributes?.['sequence']));
}
