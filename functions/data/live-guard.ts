// What every write that changes what visitors see carries (issue 33; docs/decisions/0300-
// review-covers-every-visible-write.md): one Update of the installation's settings item
// (pk=SETTINGS sk=SETTINGS, where functions/data/workflow/review.ts keeps `approvalsRequired`) in
// the write's own transaction. It
//   - refuses the write when the settings require more approvals than the content written
//     has: a write nobody signed has 0. So no route, today's or tomorrow's, and no race with
//     an administrator raising the setting, puts unreviewed content live while review is
//     required; the routes decide first what to do instead (the working copy, or a 409);
//   - counts the writes that put content live (`liveGeneration`), so a change made to an
//     image in place, allowed only while no live page shows it, can require that no page
//     went live in between (functions/routes/media.ts reads the count before it looks);
//   - for a publish of signed content, checks that no image changed in place since the
//     signed hash was computed (`mediaGeneration`, counted by those image changes).
// Reading the settings (`approvalsRequired`) stays workflow.ts's; this module only adds and
// checks the counters beside it.
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConflictError, type FieldErrors } from '../core/domain-errors.ts';
import { keys } from './keys.ts';

/** The counters as read before a change that depends on them; undefined: never counted. */
export interface LiveGenerations {
  approvalsRequired: number;
  live: number | undefined;
  media: number | undefined;
}

export async function readGenerations(
  db: DynamoDBDocumentClient,
  table: string,
): Promise<LiveGenerations> {
  const result = await db.send(
    new GetCommand({ TableName: table, Key: keys.settings(), ConsistentRead: true }),
  );
  const item = result.Item ?? {};
  const count = (value: unknown) => (typeof value === 'number' ? value : undefined);
  return {
    approvalsRequired: count(item['approvalsRequired']) ?? 0,
    live: count(item['liveGeneration']),
    media: count(item['mediaGeneration']),
  };
}

/** What a write that puts content live vouches for. */
export interface LiveWrite {
  /** Distinct current approvals of the content written (0: nobody signed it). */
  approvals: number;
  /**
   * For signed content whose hash covers its images: the media count read before the hash
   * was checked. The write fails if an image changed in place since.
   */
  mediaGeneration?: number | undefined | null;
}

/** The transaction part of a write that changes what visitors see. */
export function liveWritePart(table: string, write: LiveWrite) {
  const values: Record<string, unknown> = { ':approvals': write.approvals, ':one': 1 };
  let condition = '(attribute_not_exists(approvalsRequired) OR approvalsRequired <= :approvals)';
  if (write.mediaGeneration !== undefined) {
    if (write.mediaGeneration === null) condition += ' AND attribute_not_exists(mediaGeneration)';
    else {
      condition += ' AND mediaGeneration = :media';
      values[':media'] = write.mediaGeneration;
    }
  }
  return {
    Update: {
      TableName: table,
      Key: keys.settings(),
      UpdateExpression: 'ADD liveGeneration :one',
      ConditionExpression: condition,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * The transaction part of an image changed in place: counted, and, when `liveGeneration` is
 * given (review is required), refused if any page went live since it was read.
 */
export function mediaChangePart(table: string, liveGeneration?: number | null) {
  const values: Record<string, unknown> = { ':one': 1 };
  let condition: string | undefined;
  if (liveGeneration === null) condition = 'attribute_not_exists(liveGeneration)';
  else if (liveGeneration !== undefined) {
    condition = 'liveGeneration = :live';
    values[':live'] = liveGeneration;
  }
  return {
    Update: {
      TableName: table,
      Key: keys.settings(),
      UpdateExpression: 'ADD mediaGeneration :one',
      ...(condition ? { ConditionExpression: condition } : {}),
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * A write that would change what visitors see without the approvals the settings require
 * (the setting was raised meanwhile, or an image changed under a signed copy): nothing
 * was written.
 */
export class ReviewRequiredError extends ConflictError {
  override name = 'ReviewRequiredError';
  constructor(
    message = 'Publishing now needs approvals this change does not have: save it to the working copy and submit it for review. Nothing was changed.',
    fields?: FieldErrors,
  ) {
    super(message, fields);
  }
}
