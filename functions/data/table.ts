// The single table and its key design. Each entity module documents its own access
// patterns; this file owns the physical shape, which infra/ mirrors for AWS.
import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  QueryCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '../core/domain-errors.ts';
import { chainParts, readHead } from './audit-chain.ts';
import { auditItem, type AuditInput, type AuditPart } from './audit-item.ts';
import type { WebhookEventInput } from '../shared/webhooks.ts';

export const GSI1 = 'gsi1';
export const GSI2 = 'gsi2';
/** Epoch seconds; DynamoDB's TTL deletes lazily, so readers also ignore expired items. */
export const TTL_ATTRIBUTE = 'expiresAt';

export async function ensureTable(
  db: DynamoDBDocumentClient,
  tableName: string,
): Promise<'created' | 'exists'> {
  try {
    await db.send(new DescribeTableCommand({ TableName: tableName }));
    return 'exists';
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const stringAttr = (name: string) => ({ AttributeName: name, AttributeType: 'S' as const });
  await db.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk'].map(stringAttr),
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [GSI1, GSI2].map((name) => ({
        IndexName: name,
        KeySchema: [
          { AttributeName: `${name}pk`, KeyType: 'HASH' as const },
          { AttributeName: `${name}sk`, KeyType: 'RANGE' as const },
        ],
        Projection: { ProjectionType: 'ALL' as const },
      })),
    }),
  );
  await waitUntilTableExists({ client: db, maxWaitTime: 30 }, { TableName: tableName });
  await db.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
    }),
  );
  return 'created';
}

/** What every repository of the table holds: the client, the table's name and a clock. */
export abstract class TableRepository {
  protected readonly db: DynamoDBDocumentClient;
  protected readonly table: string;
  protected readonly now: () => Date;

  constructor(db: DynamoDBDocumentClient, table: string, now: () => Date = () => new Date()) {
    this.db = db;
    this.table = table;
    this.now = now;
  }

  /** One transaction of `write`'s parts and its audit entry: see transact() below. */
  protected transact(write: TransactWrite): Promise<boolean> {
    return transact(this.db, this.table, write.now ?? this.now(), write);
  }
}

/** One part of a TransactWriteCommand. */
export type TransactPart = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A cancelled part's code (the others say 'None'), as DynamoDB names them. */
export const CONDITION_FAILED = 'ConditionalCheckFailed';

/** A change, its audit entry and what a refused condition means, for transact(). */
export interface TransactWrite {
  /** The change's parts; the codes `onConflict` receives have the same indexes. */
  items: readonly TransactPart[];
  /**
   * What the change's audit entry says (or its part, built by auditItem()), or several: the
   * entries are added after the items, so they exist exactly when the change does.
   */
  audit?: AuditInput | AuditPart | readonly (AuditInput | AuditPart)[] | undefined;
  /** When the change happens, for the audit entry's time (default: the repository's clock). */
  now?: Date;
  /**
   * The domain error a refused condition (or a concurrent transaction) means, given each
   * item's cancellation code by index ('None' for the items that passed). Returning no error
   * makes transact() return false (the caller answers with what it reads); without
   * onConflict the cancellation is rethrown.
   */
  onConflict?: (codes: readonly string[]) => Error | undefined | Promise<Error | undefined>;
  /**
   * The webhook events this change is (issue 40): one delivery per enabled subscription to
   * each is written in this transaction, after the items (so their codes keep their
   * indexes) and before the audit entries (functions/data/webhook-events.ts).
   */
  events?: readonly WebhookEventInput[] | undefined;
}

const isAuditPart = (audit: AuditInput | AuditPart): audit is AuditPart => 'Put' in audit;

/** How often a transaction refused only because another writer moved the chain head is tried. */
export const CHAIN_ATTEMPTS = 16;

/**
 * Sends `write` as one TransactWriteCommand: its items, then its audit entries chained
 * after the audit chain's head, then the head's conditional update (last, so the items'
 * cancellation codes keep their indexes; functions/data/audit-chain.ts). Returns true when it
 * committed. A transaction refused only at the head (another audited write moved it) is
 * built again on the new head, CHAIN_ATTEMPTS times at most, then answered as a conflict. A
 * transaction DynamoDB cancels because an item's condition failed or another transaction
 * held an item goes to `onConflict` with the items' codes; any other failure (throttling, a
 * bad request) is rethrown as it is.
 * docs/decisions/0510-one-audited-write.md, docs/decisions/0553-audit-hash-chain.md
 */
export async function transact(
  db: DynamoDBDocumentClient,
  table: string,
  now: Date,
  write: TransactWrite,
): Promise<boolean> {
  const audits = write.audit === undefined ? [] : [write.audit].flat();
  // Loaded with the first change that is an event: the public function's cold start carries
  // only the writes it makes at once (page views, beacons), not the webhooks' outbox.
  const webhooks = write.events?.length ? await import('./webhook-events.ts') : undefined;
  const deliveries = webhooks
    ? await webhooks.eventOutboxItems(db, table, now, write.events ?? [])
    : [];
  const auditParts = audits.map((audit) =>
    isAuditPart(audit) ? audit : auditItem(table, now, audit).put,
  );
  for (let attempt = 1; ; attempt++) {
    const chain =
      auditParts.length > 0 ? chainParts(table, await readHead(db, table), auditParts) : undefined;
    const parts = chain ? [...chain.parts, chain.head] : [];
    try {
      await db.send(
        new TransactWriteCommand({ TransactItems: [...write.items, ...deliveries, ...parts] }),
      );
      if (deliveries.length > 0) webhooks?.webhookEventsWritten();
      return true;
    } catch (error) {
      const codes = conflictCodes(error);
      const itemCodes = codes?.slice(0, write.items.length);
      const chainCodes = codes?.slice(write.items.length + deliveries.length) ?? [];
      // The head moved (its condition failed) or another transaction held the head or an
      // entry: another audited write. An entry refused by its own condition is not that.
      const headMoved =
        chainCodes.at(-1) === 'ConditionalCheckFailed' ||
        chainCodes.some((code) => code === 'TransactionConflict');
      const refusedAtHead =
        chain !== undefined &&
        codes?.length === write.items.length + deliveries.length + parts.length &&
        itemCodes!.every((code) => code === 'None') &&
        headMoved;
      if (refusedAtHead) {
        // Only the chain's head was in the way: another audited write.
        if (attempt < CHAIN_ATTEMPTS) {
          await new Promise((done) => setTimeout(done, Math.random() * 20 * attempt));
          continue;
        }
        throw new ConflictError(
          'Other changes were being recorded in the audit log at the same moment; try again.',
        );
      }
      if (!codes || !write.onConflict) throw error;
      const domainError = await write.onConflict(itemCodes!);
      if (domainError) throw domainError;
      return false;
    }
  }
}

/**
 * Each part's code when `error` is a transaction cancelled by a condition or a concurrent
 * transaction, else undefined.
 */
function conflictCodes(error: unknown): string[] | undefined {
  if ((error as { name?: string } | null)?.name !== 'TransactionCanceledException') return;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
  const codes = (reasons ?? []).map((reason) => reason.Code ?? 'None');
  const conflict = codes.some(
    (code) => code === CONDITION_FAILED || code === 'TransactionConflict',
  );
  return conflict || !reasons ? codes : undefined;
}

/** A transaction part that creates `item`, and cancels the transaction if its key is taken. */
export const putNew = <T extends object>(table: string, item: T) => ({
  Put: { TableName: table, Item: item, ConditionExpression: 'attribute_not_exists(pk)' },
});

export function isConditionalFailure(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException';
}

/** Whether a conditional write happened: false when DynamoDB refused its condition. */
export async function conditionally(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

/**
 * Every item a query matches, following DynamoDB's pages to the end. `T` is the item
 * shape the caller's key design stores under that key (not validated here).
 */
export async function queryAll<T = Record<string, unknown>>(
  db: DynamoDBDocumentClient,
  input: Omit<QueryCommandInput, 'ExclusiveStartKey'>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const result = await db.send(new QueryCommand({ ...input, ExclusiveStartKey: cursor }));
    items.push(...((result.Items ?? []) as T[]));
    cursor = result.LastEvaluatedKey;
  } while (cursor);
  return items;
}

/**
 * The items of these keys (those that exist), 100 to a BatchGetItem; what DynamoDB hands back
 * unprocessed under load is asked again after a short, growing pause. Any order.
 */
export async function getAll(
  db: DynamoDBDocumentClient,
  table: string,
  keys: readonly Record<string, unknown>[],
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for (let start = 0; start < keys.length; start += 100) {
    let pending: Record<string, unknown>[] = keys.slice(start, start + 100);
    for (let round = 0; pending.length > 0; round++) {
      if (round > 8) throw new Error('DynamoDB kept keys unprocessed');
      if (round > 0) await new Promise((done) => setTimeout(done, Math.min(1000, 50 * 2 ** round)));
      const result = await db.send(
        new BatchGetCommand({ RequestItems: { [table]: { Keys: pending } } }),
      );
      items.push(...(result.Responses?.[table] ?? []));
      pending = (result.UnprocessedKeys?.[table]?.Keys ?? []) as Record<string, unknown>[];
    }
  }
  return items;
}

/**
 * Deletes items by key, 25 to a BatchWriteItem; what DynamoDB hands back unprocessed under
 * load is sent again after a short, growing pause.
 */
export async function deleteKeys(
  db: DynamoDBDocumentClient,
  table: string,
  keys: readonly Record<string, unknown>[],
): Promise<void> {
  for (let start = 0; start < keys.length; start += 25) {
    let requests: Record<string, unknown>[] = keys
      .slice(start, start + 25)
      .map((key) => ({ DeleteRequest: { Key: { pk: key['pk'], sk: key['sk'] } } }));
    for (let round = 0; requests.length > 0; round++) {
      if (round > 8) throw new Error('DynamoDB kept refusing the deletes');
      if (round > 0) await new Promise((done) => setTimeout(done, Math.min(1000, 50 * 2 ** round)));
      const result = await db.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
      requests = (result.UnprocessedItems?.[table] ?? []) as Record<string, unknown>[];
    }
  }
}
