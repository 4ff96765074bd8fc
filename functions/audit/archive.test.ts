// The daily audit archive (functions/audit/archive.ts) against moto_server, the S3-compatible
// server the S3 driver's tests use (functions/test/moto.ts): AWS itself cannot run here, so
// the bucket with Object Lock in compliance mode is moto's. The day's entries (JSON with
// their hashes, CSV), the head and the day's verdict are written there, and a locked version
// cannot be deleted.
import { randomUUID } from 'node:crypto';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectLockConfigurationCommand,
} from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import * as z from 'zod';
import { auditExportSchema, auditVerdictSchema } from '../shared/api/audit.ts';
import { S3ObjectStore } from '../storage/s3.ts';
import { testApp } from '../test/harness.ts';
import { archiveAuditDay, archivePrefix, previousDay } from './archive.ts';

async function lockedBucket() {
  const bucket = `pb-audit-${randomUUID().slice(0, 8)}`;
  const store = new S3ObjectStore({
    bucket,
    region: 'us-east-1',
    endpoint: inject('motoEndpoint'),
    credentials: { accessKeyId: 'testing', secretAccessKey: 'testing' },
  });
  await store.client.send(
    new CreateBucketCommand({ Bucket: bucket, ObjectLockEnabledForBucket: true }),
  );
  await store.client.send(
    new PutObjectLockConfigurationCommand({
      Bucket: bucket,
      ObjectLockConfiguration: {
        ObjectLockEnabled: 'Enabled',
        Rule: { DefaultRetention: { Mode: 'COMPLIANCE', Days: 1 } },
      },
    }),
  );
  const text = async (key: string) => {
    const object = await store.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return object.Body!.transformToString();
  };
  return { store, bucket, text };
}

const headFileSchema = z.object({
  day: z.string(),
  head: z.object({ seq: z.number(), hash: z.string() }),
  verdict: auditVerdictSchema,
});

describe('the daily audit archive', () => {
  it("writes yesterday's entries with their hashes, the head and the verdict, locked", async () => {
    let clock = new Date('2026-12-03T23:59:00.000Z');
    const { services } = await testApp({}, { now: () => clock });
    await services.audit.record({ actor: 'a@example.com', action: 'update', summary: 'before' });
    clock = new Date('2026-12-04T08:00:00.000Z');
    await services.audit.record({ actor: 'a@example.com', action: 'update', summary: 'one' });
    clock = new Date('2026-12-04T17:00:00.000Z');
    await services.audit.record({ actor: 'a@example.com', action: 'update', summary: 'two' });
    clock = new Date('2026-12-05T00:30:00.000Z');
    expect(previousDay(clock)).toBe('2026-12-04');

    const { store, bucket, text } = await lockedBucket();
    const archived = await archiveAuditDay(services.audit, store, clock);
    const prefix = archivePrefix('2026-12-04');
    expect(archived).toEqual({
      day: '2026-12-04',
      entries: 2,
      ok: true,
      keys: [`${prefix}entries.json`, `${prefix}entries.csv`, `${prefix}head.json`],
    });
    const json = auditExportSchema.parse(JSON.parse(await text(`${prefix}entries.json`)));
    expect(json.entries.map((entry) => [entry.summary, entry.seq])).toEqual([
      ['one', 2],
      ['two', 3],
    ]);
    expect(json.entries.every((entry) => /^[0-9a-f]{64}$/.test(entry.hash ?? ''))).toBe(true);
    expect(await text(`${prefix}entries.csv`)).toContain(json.entries[1]!.hash);
    const head = headFileSchema.parse(JSON.parse(await text(`${prefix}head.json`)));
    expect(head).toMatchObject({
      day: '2026-12-04',
      head: { seq: 3, hash: json.entries[1]!.hash },
      verdict: { ok: true, checked: 2 },
    });

    // Object Lock in compliance mode: the version is retained, and deleting it is refused.
    const written = await store.client.send(
      new HeadObjectCommand({ Bucket: bucket, Key: `${prefix}head.json` }),
    );
    expect(written.ObjectLockMode).toBe('COMPLIANCE');
    await expect(
      store.client.send(
        new DeleteObjectCommand({
          Bucket: bucket,
          Key: `${prefix}head.json`,
          VersionId: written.VersionId,
        }),
      ),
    ).rejects.toMatchObject({ name: 'AccessDenied' });
  });

  it('records a broken chain in the day it archives', async () => {
    let clock = new Date('2026-12-04T08:00:00.000Z');
    const { services } = await testApp({}, { now: () => clock });
    await services.audit.record({ actor: 'a@example.com', action: 'update', summary: 'one' });
    const [entry] = (await services.audit.exportRange(undefined, clock.toISOString())).entries;
    await services.db.send(
      new UpdateCommand({
        TableName: services.tableName,
        Key: { pk: 'AUDIT#2026-12', sk: entry!.id },
        UpdateExpression: 'SET summary = :s',
        ExpressionAttributeValues: { ':s': 'rewritten' },
      }),
    );
    clock = new Date('2026-12-05T00:30:00.000Z');
    const { store, text } = await lockedBucket();
    const archived = await archiveAuditDay(services.audit, store, clock);
    expect(archived.ok).toBe(false);
    const head = headFileSchema.parse(
      JSON.parse(await text(`${archivePrefix('2026-12-04')}head.json`)),
    );
    expect(head.verdict.firstBroken).toEqual({ id: entry!.id, at: entry!.at });
  });
});
