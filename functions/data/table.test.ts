// transact(): one TransactWriteCommand of a change and its audit entry, and a cancelled
// transaction's codes mapped to the caller's domain error, against DynamoDB Local with the
// real SDK.
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ConflictError, NotFoundError } from '../core/domain-errors.ts';
import { AuditLog } from './audit.ts';
import { auditItem } from './audit-item.ts';
import { createDocumentClient } from './dynamo.ts';
import { CONDITION_FAILED, ensureTable, putNew, TableRepository, transact } from './table.ts';

const now = new Date('2026-03-04T05:06:07Z');

async function freshTable() {
  const db = createDocumentClient({ region: 'local', endpoint: inject('dynamoEndpoint') });
  const table = `test-${randomUUID()}`;
  await ensureTable(db, table);
  const audit = new AuditLog(db, table, () => now);
  const get = async (pk: string) =>
    (await db.send(new GetCommand({ TableName: table, Key: { pk, sk: 'A' } }))).Item;
  return { db, table, audit, get };
}

/** A repository of notes, the smallest user of the helper. */
class Notes extends TableRepository {
  /** Adds note `id`; a taken id is a ConflictError. */
  add(id: string, text: string) {
    return this.transact({
      items: [putNew(this.table, { pk: `NOTE#${id}`, sk: 'A', text })],
      audit: { actor: 'a@example.test', action: 'goal-create', summary: `Note ${id} added` },
      onConflict: () => new ConflictError(`Note ${id} exists already`),
    });
  }
}

describe('transact', () => {
  it('writes the change and its audit entry in one transaction, at the given time', async () => {
    const { db, table, audit, get } = await freshTable();
    const notes = new Notes(db, table, () => now);
    expect(await notes.add('1', 'first')).toBe(true);
    expect(await get('NOTE#1')).toMatchObject({ text: 'first' });
    const { entries } = await audit.list();
    expect(entries).toEqual([
      expect.objectContaining({ summary: 'Note 1 added', at: now.toISOString() }),
    ]);
  });

  it('writes neither the change nor the entry when a condition fails, and throws the domain error', async () => {
    const { db, table, audit, get } = await freshTable();
    const notes = new Notes(db, table, () => now);
    await notes.add('1', 'first');
    await expect(notes.add('1', 'second')).rejects.toThrow(
      new ConflictError('Note 1 exists already'),
    );
    expect(await get('NOTE#1')).toMatchObject({ text: 'first' });
    expect((await audit.list()).entries).toHaveLength(1);
  });

  it("hands onConflict each item's code by index, without the audit entries' codes", async () => {
    const { db, table, audit } = await freshTable();
    await db.send(new PutCommand({ TableName: table, Item: { pk: 'B', sk: 'A' } }));
    const seen: (readonly string[])[] = [];
    const write = (pks: string[]) =>
      transact(db, table, now, {
        items: pks.map((pk) => putNew(table, { pk, sk: 'A' })),
        audit: [
          { actor: 'a@example.test', action: 'goal-create', summary: 'one' },
          auditItem(table, now, { actor: 'a@example.test', action: 'goal-delete', summary: 'two' })
            .put,
        ],
        onConflict: (codes) => {
          seen.push(codes);
          const index = codes.indexOf(CONDITION_FAILED);
          return index === 0 ? new NotFoundError('first') : new ConflictError(`item ${index}`);
        },
      });
    await expect(write(['B', 'C', 'D'])).rejects.toThrow(new NotFoundError('first'));
    await expect(write(['C', 'D', 'B'])).rejects.toThrow(new ConflictError('item 2'));
    expect(seen).toEqual([
      [CONDITION_FAILED, 'None', 'None'],
      ['None', 'None', CONDITION_FAILED],
    ]);
    expect((await audit.list()).entries).toEqual([]);
    expect(await write(['C', 'D'])).toBe(true);
    expect((await audit.list()).entries.map((entry) => entry.summary).sort()).toEqual([
      'one',
      'two',
    ]);
  });

  it('returns false when onConflict gives no error, and rethrows a cancellation without onConflict', async () => {
    const { db, table } = await freshTable();
    await db.send(new PutCommand({ TableName: table, Item: { pk: 'B', sk: 'A' } }));
    const items = [putNew(table, { pk: 'B', sk: 'A' })];
    expect(await transact(db, table, now, { items, onConflict: async () => undefined })).toBe(
      false,
    );
    await expect(transact(db, table, now, { items })).rejects.toMatchObject({
      name: 'TransactionCanceledException',
    });
  });

  it('rethrows a failure that is no conflict as it is, without asking onConflict', async () => {
    const { db, table } = await freshTable();
    let asked = false;
    // An item without its sort key is a bad request, not a refused condition.
    const write = transact(db, table, now, {
      items: [{ Put: { TableName: table, Item: { pk: 'X' } } }],
      onConflict: () => {
        asked = true;
        return new ConflictError('no');
      },
    });
    await expect(write).rejects.toMatchObject({ name: 'ValidationException' });
    expect(asked).toBe(false);
  });
});
