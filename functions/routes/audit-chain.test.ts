// The audit trail that shows tampering (issue 37, docs/decisions/0553-audit-hash-chain.md):
// every entry chained by SHA-256 through the head item, also under concurrent writers;
// GET /api/admin/audit/verify finds an entry changed, removed or inserted directly in
// DynamoDB (Local, through the SDK, as someone with table access would); the export in CSV
// (read back with csv-parse, a parser nobody here wrote) and JSON, hashes and signatures.
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { entryHash, GENESIS_HASH, readHead } from '../data/audit-chain.ts';
import { signatureManifest } from '../data/audit-item.ts';
import type { ErrorBody } from '../lib/errors.ts';
import { auditExportSchema, auditVerdictSchema, type AuditEntryDto } from '../shared/api/audit.ts';
import { adminTestApp } from '../test/harness.ts';

type App = Awaited<ReturnType<typeof adminTestApp>>;

/** Every stored audit item of the table, in chain order. */
async function storedEntries({ services }: App): Promise<Record<string, unknown>[]> {
  const month = services.now().toISOString().slice(0, 7);
  const result = await services.db.send(
    new QueryCommand({
      TableName: services.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `AUDIT#${month}` },
      ConsistentRead: true,
    }),
  );
  return (result.Items ?? []).sort((a, b) => Number(a['seq']) - Number(b['seq']));
}

async function verify(t: App, query = '') {
  const response = await t.json('GET', `/api/admin/audit/verify${query}`);
  expect(response.status).toBe(200);
  return auditVerdictSchema.parse(await response.json());
}

/** An app with `count` entries recorded one after another (plus its sign-in's none). */
async function withEntries(count: number) {
  const t = await adminTestApp();
  for (let i = 0; i < count; i++) {
    await t.services.audit.record({ actor: 'a@example.com', action: 'update', summary: `e${i}` });
  }
  return t;
}

const keyOf = (item: Record<string, unknown>) => ({ pk: item['pk'], sk: item['sk'] });

describe('the audit hash chain', () => {
  it('chains every entry from the genesis hash, the head naming the last', async () => {
    const t = await withEntries(3);
    const items = await storedEntries(t);
    expect(items.map((item) => item['seq'])).toEqual([1, 2, 3]);
    expect(items[0]!['prevHash']).toBe(GENESIS_HASH);
    for (const [index, item] of items.entries()) {
      expect(item['hash']).toBe(entryHash(String(item['prevHash']), item));
      if (index > 0) expect(item['prevHash']).toBe(items[index - 1]!['hash']);
    }
    const head = await readHead(t.services.db, t.services.tableName);
    expect(head).toMatchObject({ seq: 3, hash: items[2]!['hash'], lastId: items[2]!['id'] });
    expect(await verify(t)).toEqual({ ok: true, checked: 3 });
  });

  it('does not fork under concurrent writers: every entry gets its own place', async () => {
    const t = await adminTestApp();
    // Stand-alone entries and a page change (its entry in the page's own transaction) at once.
    await Promise.all([
      ...Array.from({ length: 8 }, (_, i) =>
        t.services.audit.record({ actor: `w${i}@example.com`, action: 'update', summary: `w${i}` }),
      ),
      t.json('POST', '/api/landing-pages', {
        title: 'Concurrent',
        slug: 'concurrent',
        isActive: false,
      }),
    ]);
    const items = await storedEntries(t);
    expect(items).toHaveLength(9);
    expect(items.map((item) => item['seq'])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(new Set(items.map((item) => item['prevHash'])).size).toBe(9);
    expect(items.map((item) => item['action'])).toContain('create');
    expect(await verify(t)).toEqual({ ok: true, checked: 9 });
  });

  it('keeps an item condition’s meaning: a refused change is not retried as a chain conflict', async () => {
    const t = await adminTestApp();
    const body = { title: 'Taken', slug: 'taken', isActive: false };
    expect((await t.json('POST', '/api/landing-pages', body)).status).toBe(201);
    const again = await t.json('POST', '/api/landing-pages', body);
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error.fields?.['slug']).toBeDefined();
    // The refused change wrote no entry and left the chain whole.
    expect((await storedEntries(t)).map((item) => item['seq'])).toEqual([1]);
    expect(await verify(t)).toEqual({ ok: true, checked: 1 });
  });
});

describe('GET /api/admin/audit/verify', () => {
  it('finds an entry changed in the table', async () => {
    const t = await withEntries(5);
    const target = (await storedEntries(t))[2]!;
    await t.services.db.send(
      new UpdateCommand({
        TableName: t.services.tableName,
        Key: keyOf(target),
        UpdateExpression: 'SET summary = :s',
        ExpressionAttributeValues: { ':s': 'nothing happened here' },
      }),
    );
    expect(await verify(t)).toEqual({
      ok: false,
      checked: 5,
      firstBroken: { id: target['id'], at: target['at'] },
    });
  });

  it('finds an entry removed from the middle (at the one after it) and from the end', async () => {
    const t = await withEntries(5);
    const items = await storedEntries(t);
    const del = (item: Record<string, unknown>) =>
      t.services.db.send(new DeleteCommand({ TableName: t.services.tableName, Key: keyOf(item) }));
    await del(items[4]!);
    // The last one gone: the head still names it.
    expect((await verify(t)).firstBroken).toEqual({ id: items[4]!['id'], at: items[4]!['at'] });
    await del(items[1]!);
    expect((await verify(t)).firstBroken).toEqual({ id: items[2]!['id'], at: items[2]!['at'] });
  });

  it('finds an inserted entry, even one whose hash was computed as the server would', async () => {
    const t = await withEntries(4);
    const items = await storedEntries(t);
    const before = items[1]!;
    const at = new Date(new Date(String(before['at'])).getTime() + 1).toISOString();
    const forged: Record<string, unknown> = {
      pk: before['pk'],
      sk: `${at}#forged00`,
      id: `${at}#forged00`,
      at,
      actor: 'someone@example.com',
      action: 'approve',
      summary: 'Approved (backdated)',
      expiresAt: before['expiresAt'],
      seq: Number(before['seq']) + 1,
      prevHash: before['hash'],
    };
    forged['hash'] = entryHash(String(before['hash']), forged);
    await t.services.db.send(new PutCommand({ TableName: t.services.tableName, Item: forged }));
    expect(await verify(t)).toEqual({
      ok: false,
      checked: 5,
      firstBroken: { id: forged['id'], at },
    });
  });

  it('finds an inserted entry that has no place in the chain at all', async () => {
    const t = await withEntries(3);
    const last = (await storedEntries(t))[2]!;
    const at = new Date(new Date(String(last['at'])).getTime() - 1).toISOString();
    await t.services.db.send(
      new PutCommand({
        TableName: t.services.tableName,
        Item: {
          pk: last['pk'],
          sk: `${at}#plain000`,
          id: `${at}#plain000`,
          at,
          actor: 'someone@example.com',
          action: 'update',
          summary: 'An entry without a hash',
        },
      }),
    );
    expect((await verify(t)).firstBroken).toEqual({ id: `${at}#plain000`, at });
  });

  it('checks a range from its first entry’s own previous hash; refuses a backwards range', async () => {
    let clock = new Date('2026-11-02T09:00:00.000Z');
    const t = await adminTestApp({}, { now: () => clock });
    for (const day of ['2026-11-02', '2026-11-03', '2026-11-04']) {
      clock = new Date(`${day}T10:00:00.000Z`);
      await t.services.audit.record({ actor: 'a@example.com', action: 'update', summary: day });
    }
    const [first] = await storedEntries(t);
    // A change before the range does not break the range.
    await t.services.db.send(
      new UpdateCommand({
        TableName: t.services.tableName,
        Key: keyOf(first!),
        UpdateExpression: 'SET summary = :s',
        ExpressionAttributeValues: { ':s': 'changed' },
      }),
    );
    expect(await verify(t, '?from=2026-11-03&to=2026-11-04')).toEqual({ ok: true, checked: 2 });
    expect((await verify(t, '?from=2026-11-02&to=2026-11-03')).firstBroken?.id).toBe(first!['id']);
    const backwards = await t.json('GET', '/api/admin/audit/verify?from=2026-11-04&to=2026-11-03');
    expect(backwards.status).toBe(400);
    expect(((await backwards.json()) as ErrorBody).error.fields).toHaveProperty('to');
    const bad = await t.json('GET', '/api/admin/audit/verify?from=yesterday');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.fields).toHaveProperty('from');
  });
});

describe('GET /api/admin/audit/export', () => {
  async function withSignature() {
    const t = await withEntries(1);
    const { text, signature } = signatureManifest(
      { name: 'Dr. Ada "Lovelace", MD', email: 'ada@example.com', checklist: [] },
      '2026-11-25T14:02:31.000Z',
      'approved-medical',
    );
    await t.services.audit.record({
      actor: 'ada@example.com',
      action: 'approve',
      summary: `Approved "Launch": ${text}\nsecond line`,
      signature,
    });
    return t;
  }

  it('gives the entries as JSON, oldest first, with their hashes and the head', async () => {
    const t = await withSignature();
    const response = await t.json('GET', '/api/admin/audit/export?format=json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="audit-/);
    const body = auditExportSchema.parse(await response.json());
    expect(body.entries.map((entry) => entry.seq)).toEqual([1, 2]);
    // The entries before the export's own (written after it read them).
    const stored = (await storedEntries(t)).slice(0, 2);
    expect(body.entries.map((entry) => entry.hash)).toEqual(stored.map((item) => item['hash']));
    expect(body.head).toMatchObject({ seq: 2, hash: stored[1]!['hash'] });
    expect(body.entries[1]!.signature).toMatchObject({
      signerName: 'Dr. Ada "Lovelace", MD',
      signedAtText: '2026-11-25 14:02 UTC',
      meaningLabel: 'approved, medical',
    });
    // The export is audited, after what it exported.
    expect((await storedEntries(t)).at(-1)).toMatchObject({ action: 'audit-export', seq: 3 });
  });

  it('gives CSV that a strict parser reads back cell for cell', async () => {
    const t = await withSignature();
    const response = await t.json('GET', '/api/admin/audit/export?format=csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows = parse(await response.text(), {
      bom: true,
      columns: true,
      relax_quotes: false,
      relax_column_count: false,
    }) as Record<string, string>[];
    expect(rows).toHaveLength(2);
    const stored = (await storedEntries(t)).slice(0, 2);
    expect(rows.map((row) => row['Hash'])).toEqual(stored.map((item) => item['hash']));
    expect(rows[1]).toMatchObject({
      Position: '2',
      Action: 'Approved (e-signature)',
      'Signed by (printed name)': 'Dr. Ada "Lovelace", MD',
      'Signed at (with time zone)': '2026-11-25 14:02 UTC',
      'Meaning of the signature': 'approved, medical',
      'Previous hash': stored[0]!['hash'],
    });
    expect(rows[1]!['Summary']).toContain('\nsecond line');
  });

  it('exports only the range asked; refuses an unknown format naming it', async () => {
    let clock = new Date('2026-11-02T10:00:00.000Z');
    const t = await adminTestApp({}, { now: () => clock });
    for (const day of ['2026-11-02', '2026-11-03']) {
      clock = new Date(`${day}T10:00:00.000Z`);
      await t.services.audit.record({ actor: 'a@example.com', action: 'update', summary: day });
    }
    const response = await t.json('GET', '/api/admin/audit/export?from=2026-11-03&to=2026-11-03');
    const body = auditExportSchema.parse(await response.json());
    expect(body.entries.map((entry: AuditEntryDto) => entry.summary)).toEqual(['2026-11-03']);
    expect(body).toMatchObject({
      from: '2026-11-03T00:00:00.000Z',
      to: '2026-11-03T23:59:59.999Z',
    });
    const bad = await t.json('GET', '/api/admin/audit/export?format=xml');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.fields).toHaveProperty('format');
  });

  it('refuses anyone but administrators', async () => {
    const t = await withEntries(1);
    for (const path of ['/api/admin/audit/verify', '/api/admin/audit/export?format=csv']) {
      expect((await t.anonJson('GET', path)).status).toBe(401);
      for (const role of ['publisher', 'reviewer', 'editor', 'sales'] as const) {
        const { cookie } = await t.signIn(`${role}-${path.length}@example.com`, role);
        expect((await t.anonJson('GET', path, undefined, { cookie })).status, role).toBe(403);
      }
    }
  });
});

describe('verification beside a writer', () => {
  it('counts an entry written between its read of the head and of the entries as written', async () => {
    const t = await withEntries(2);
    // A writer's entry lands right after verification has read the head (through the SDK's
    // send, as a second Lambda's write would land): it lies past the head read first.
    const db = t.services.db;
    const send = db.send.bind(db) as (command: unknown) => Promise<unknown>;
    let wrote = false;
    (db as unknown as { send: (command: unknown) => Promise<unknown> }).send = async (command) => {
      const answer = await send(command);
      const key = (command as { input?: { Key?: { pk?: unknown } } }).input?.Key;
      if (!wrote && key && String(key.pk).startsWith('AUDIT-HEAD')) {
        wrote = true;
        await t.services.audit.record({ actor: 'b@example.com', action: 'update', summary: 'x' });
      }
      return answer;
    };
    try {
      // A range to a minute on: the writer's entry was stamped before it committed, so it
      // falls inside a range that ends after its time (as in the CI run that found this).
      const to = new Date(t.services.now().getTime() + 60_000).toISOString();
      const verdict = await verify(t, `?to=${encodeURIComponent(to)}`);
      expect(wrote).toBe(true);
      expect(verdict.ok).toBe(true);
    } finally {
      (db as unknown as { send: unknown }).send = send;
    }
  });
});
