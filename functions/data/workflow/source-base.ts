// What a translation was made from (issue 39, docs/decisions/0573-pages-per-locale.md): the
// default locale's texts (unit id -> text, functions/localization/units.ts) when the
// translation's working copy was saved (SOURCE#COPY), carried to SOURCE#LIVE when that copy
// is published. A translation whose live base differs from the default locale's live texts
// now is flagged "source changed", with the field diff.
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from '../keys.ts';

export interface SourceBase {
  /** The default locale's live revision the texts are from. */
  sourceRevision: number;
  texts: Record<string, string>;
}

export async function readSourceBase(
  db: DynamoDBDocumentClient,
  table: string,
  translationId: string,
  of: 'copy' | 'live',
): Promise<SourceBase | undefined> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: table,
      Key: keys.sourceBase(translationId, of),
      ConsistentRead: true,
    }),
  );
  if (!Item) return undefined;
  return {
    sourceRevision: Number(Item['sourceRevision']),
    texts: (Item['texts'] ?? {}) as Record<string, string>,
  };
}

/** A transaction part that stores `base` as the translation's working or live base. */
export const sourceBasePut = (
  table: string,
  translationId: string,
  of: 'copy' | 'live',
  base: SourceBase,
) => ({
  Put: {
    TableName: table,
    Item: { ...keys.sourceBase(translationId, of), pageId: translationId, ...base },
  },
});

/**
 * For a publish of a translation: the part that makes its working copy's base the live one
 * (none when the copy has no base: nothing is known of its source).
 */
export async function publishBaseParts(
  db: DynamoDBDocumentClient,
  table: string,
  translationId: string,
): Promise<object[]> {
  const base = await readSourceBase(db, table, translationId, 'copy');
  return base ? [sourceBasePut(table, translationId, 'live', base)] : [];
}
