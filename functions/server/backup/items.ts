// The table's part of a backup (docs/decisions/0109-backup-and-restore.md): items.jsonl,
// every item as DynamoDB JSON a line (binary as base64), written by a consistent scan with
// two-factor secrets stored in clear sealed on the way, and written back 25 a request at a
// restore; and the object keys an item refers to, for the manifest's missingObjects.
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import {
  BatchWriteItemCommand,
  ScanCommand,
  type AttributeValue,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { PK, SK } from '../../data/keys.ts';
import { objectKeysOf } from '../../media/library.ts';
import { isSealed, type SecretBox } from '../../webhooks/secret-box.ts';
import { BackupError } from './errors.ts';

type JsonValue = Record<string, unknown>;

function attributeToJson(value: AttributeValue): JsonValue {
  if (value.B) return { B: Buffer.from(value.B).toString('base64') };
  if (value.BS) return { BS: value.BS.map((bytes) => Buffer.from(bytes).toString('base64')) };
  if (value.L) return { L: value.L.map(attributeToJson) };
  if (value.M) return { M: itemToJson(value.M) };
  return Object.fromEntries(Object.entries(value)); // S, N, BOOL, NULL, SS, NS as they are
}

function itemToJson(item: Record<string, AttributeValue>): Record<string, JsonValue> {
  return Object.fromEntries(
    Object.entries(item).map(([name, value]) => [name, attributeToJson(value)]),
  );
}

const scalarSchema = z.union([
  z.strictObject({ S: z.string() }),
  z.strictObject({ N: z.string() }),
  z.strictObject({ BOOL: z.boolean() }),
  z.strictObject({ NULL: z.literal(true) }),
  z.strictObject({ SS: z.array(z.string()) }),
  z.strictObject({ NS: z.array(z.string()) }),
]);

function attributeFromJson(value: JsonValue): AttributeValue {
  if (typeof value['B'] === 'string') return { B: Buffer.from(value['B'], 'base64') };
  if (Array.isArray(value['BS']))
    return { BS: (value['BS'] as string[]).map((text) => Buffer.from(text, 'base64')) };
  if (Array.isArray(value['L'])) return { L: (value['L'] as JsonValue[]).map(attributeFromJson) };
  if (value['M'] && typeof value['M'] === 'object')
    return { M: itemFromJson(value['M'] as Record<string, JsonValue>) };
  const scalar = scalarSchema.safeParse(value);
  if (!scalar.success) throw new BackupError('The backup holds an item it cannot read.');
  return scalar.data;
}

function itemFromJson(item: Record<string, JsonValue>): Record<string, AttributeValue> {
  return Object.fromEntries(
    Object.entries(item).map(([name, value]) => [name, attributeFromJson(value)]),
  );
}

/** The object keys an image's or a gated download's item refers to (none for other items). */
function objectKeysOfItem(item: Record<string, AttributeValue>): string[] {
  if (item['pk']?.S === PK.assets && item['status']?.S === 'ready' && item['id']?.S) {
    return [`assets/${item['id'].S}`];
  }
  if (!item['pk']?.S?.startsWith(PK.media) || item['sk']?.S !== SK.media) return [];
  const id = item['id']?.S;
  const version = Number(item['version']?.N);
  if (!id || !Number.isInteger(version)) return [];
  const variants = (item['variants']?.L ?? []).map((variant) => ({
    width: Number(variant.M?.['width']?.N),
    url: '',
    bytes: 0,
  }));
  return objectKeysOf({ id, version, variants }).flatMap((key) => [key, `${key}.meta`]);
}

/**
 * The item with a two-factor secret that an earlier version stored in clear encrypted
 * (the admin item's totpSecret, an enrolment's secret), so the archive holds none in
 * clear even from an installation not started since (start-up encrypts them too:
 * functions/data/two-factor/store.ts). Other items are answered as they are.
 */
async function withSealedTotp(
  item: Record<string, AttributeValue>,
  box: SecretBox,
): Promise<{ item: Record<string, AttributeValue>; sealed: boolean }> {
  const pk = item['pk']?.S ?? '';
  const sk = item['sk']?.S;
  const field =
    pk.startsWith(PK.admin) && sk === SK.admin
      ? 'totpSecret'
      : pk.startsWith(PK.admin) && sk === SK.totpEnrolment
        ? 'secret'
        : undefined;
  const clear = field ? item[field]?.S : undefined;
  if (!field || clear === undefined || isSealed(clear)) return { item, sealed: false };
  return { item: { ...item, [field]: { S: await box.encrypt(clear) } }, sealed: true };
}

/**
 * The table, page by page with consistent reads, into `path` (one item a line, a private
 * file); answers the count, the two-factor secrets sealed on the way, and the object keys
 * the image and download items refer to.
 */
export async function dumpTable(
  db: DynamoDBDocumentClient,
  table: string,
  itemsPath: string,
  totpBox: SecretBox,
): Promise<{ count: number; sealedSecrets: number; referenced: Set<string> }> {
  const itemsOut = createWriteStream(itemsPath, { mode: 0o600, flags: 'wx' });
  const referenced = new Set<string>();
  let count = 0;
  let sealedSecrets = 0;
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({ TableName: table, ConsistentRead: true, ExclusiveStartKey: startKey }),
    );
    for (const scanned of page.Items ?? []) {
      for (const key of objectKeysOfItem(scanned)) referenced.add(key);
      const { item, sealed } = await withSealedTotp(scanned, totpBox);
      if (sealed) sealedSecrets += 1;
      if (!itemsOut.write(`${JSON.stringify(itemToJson(item))}\n`)) {
        await new Promise<void>((drained) => itemsOut.once('drain', () => drained()));
      }
      count += 1;
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  await new Promise<void>((closed, failed) =>
    itemsOut.end((error?: Error | null) => (error ? failed(error) : closed())),
  );
  return { count, sealedSecrets, referenced };
}

/** Writes the items of items.jsonl, 25 a request, retrying what DynamoDB leaves unprocessed. */
export async function writeItems(
  db: DynamoDBDocumentClient,
  table: string,
  path: string,
): Promise<number> {
  let batch: WriteRequest[] = [];
  let written = 0;
  const flush = async () => {
    let pending = batch;
    batch = [];
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(2000, 50 * 2 ** attempt)));
      if (attempt === 10) throw new Error('DynamoDB Local keeps refusing writes');
      const result = await db.send(
        new BatchWriteItemCommand({ RequestItems: { [table]: pending } }),
      );
      pending = result.UnprocessedItems?.[table] ?? [];
    }
  };
  for await (const line of createInterface({
    input: createReadStream(path),
    crlfDelay: Infinity,
  })) {
    if (!line) continue;
    batch.push({
      PutRequest: { Item: itemFromJson(JSON.parse(line) as Record<string, JsonValue>) },
    });
    written += 1;
    if (batch.length === 25) await flush();
  }
  await flush();
  return written;
}
