// Contacts (issue 26) through the real app and DynamoDB Local: submissions with one e-mail
// address, whatever its case, are one contact with numbered submissions (spam not
// counted) and one merged timeline; erasure takes the index item with it; leads stored
// before the index are indexed by the first read that needs them, once.
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '../data/keys.ts';
import type { ErrorBody } from '../lib/errors.ts';
import { contactSchema } from '../shared/leads/contacts.ts';
import { leadListSchema } from '../shared/leads/list.ts';
import { adminTestApp } from '../test/harness.ts';

const base = {
  name: 'Dana Whitfield',
  email: 'dana.whitfield@example-pharma.com',
  company: 'Example Pharma',
  message: 'We would like a demo.',
};

async function inbox() {
  const clock = { now: new Date('2026-03-02T09:00:00.000Z') };
  const app = await adminTestApp({ CONTACT_RATE_LIMIT: '1000' }, { now: () => clock.now });
  const submit = async (fields: Record<string, unknown> = {}) => {
    const response = await app.json('POST', '/api/contact', { ...base, ...fields });
    expect(response.status).toBe(201);
    clock.now = new Date(clock.now.getTime() + 60_000);
    return ((await response.json()) as { id: string }).id;
  };
  const contact = async (email: string) => {
    const response = await app.json('GET', `/api/admin/contacts/${encodeURIComponent(email)}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return contactSchema.parse(await response.json());
  };
  const list = async (query = '') =>
    leadListSchema.parse(await (await app.json('GET', `/api/admin/leads${query}`)).json());
  const tick = () => {
    clock.now = new Date(clock.now.getTime() + 60_000);
  };
  return { ...app, clock, submit, contact, list, tick };
}

describe('GET /api/admin/contacts/:email', () => {
  it('gathers every submission of one address, case ignored, numbered without spam', async () => {
    const app = await inbox();
    const first = await app.submit({ name: 'Dana W.', company: 'Old Pharma' });
    const spam = await app.submit({ email: 'DANA.Whitfield@Example-Pharma.com', website: 'x' });
    await app.submit({ name: 'Someone Else', email: 'someone@example.com' });
    const second = await app.submit({
      email: 'Dana.Whitfield@example-pharma.com',
      formType: 'pricing',
    });
    const third = await app.submit({ formType: 'pilot' });

    const contact = await app.contact('DANA.WHITFIELD@example-pharma.com');
    expect(contact.email).toBe('dana.whitfield@example-pharma.com');
    expect(contact.name).toBe('Dana Whitfield');
    expect(contact.company).toBe('Example Pharma');
    expect(contact.owner).toBeUndefined();
    expect(contact.firstSeen).toBe('2026-03-02T09:00:00.000Z');
    expect(contact.lastSeen).toBe('2026-03-02T09:04:00.000Z');
    expect(contact.truncated).toBe(false);
    expect(contact.submissions.map((lead) => [lead.id, lead.submission, lead.submissions])).toEqual(
      [
        [third, 3, 3],
        [second, 2, 3],
        [spam, undefined, 3],
        [first, 1, 3],
      ],
    );
    // Summaries only: the message stays in the lead's own detail.
    expect(JSON.stringify(contact)).not.toContain(base.message);
    expect(contact.timeline.map((entry) => entry.kind)).toEqual([
      'submission',
      'submission',
      'submission',
      'submission',
    ]);

    // The inbox rows carry the same numbers.
    const rows = await app.list();
    expect(rows.leads.map((lead) => [lead.name, lead.submission, lead.submissions])).toEqual([
      ['Dana Whitfield', 3, 3],
      ['Dana Whitfield', 2, 3],
      ['Someone Else', 1, 1],
      ['Dana W.', 1, 3],
    ]);
    // Rescued from spam, the second submission counts and moves the others up.
    expect((await app.json('PATCH', `/api/admin/leads/${spam}`, { status: 'new' })).status).toBe(
      200,
    );
    const after = await app.contact(base.email);
    expect(after.submissions.map((lead) => [lead.submission, lead.submissions])).toEqual([
      [4, 4],
      [3, 4],
      [2, 4],
      [1, 4],
    ]);
    const detail = (await (await app.json('GET', `/api/admin/leads/${third}`)).json()) as {
      contact: unknown;
    };
    expect(detail.contact).toEqual({ submission: 4, submissions: 4 });
  });

  it('merges the status changes, owner changes and notes of all its leads by time', async () => {
    const app = await inbox();
    const first = await app.submit();
    const second = await app.submit({ email: base.email.toUpperCase() });
    app.tick();
    await app.json('PATCH', `/api/admin/leads/${first}`, { status: 'contacted', note: 'Called' });
    app.tick();
    await app.json('PATCH', `/api/admin/leads/${second}`, { owner: app.email });
    app.tick();
    await app.json('PATCH', `/api/admin/leads/${first}`, { status: 'qualified' });

    const contact = await app.contact(base.email);
    expect(contact.owner).toBe(app.email);
    expect(
      contact.timeline.map((entry) => {
        if (entry.kind === 'submission') return `${entry.leadId} submission ${entry.submission}`;
        if (entry.kind === 'status') return `${entry.leadId} status ${entry.from}->${entry.to}`;
        if (entry.kind === 'owner') return `${entry.leadId} owner ${entry.toOwner}`;
        return `${entry.leadId} note ${entry.text}`;
      }),
    ).toEqual([
      `${first} submission 1`,
      `${second} submission 2`,
      `${first} status new->contacted`,
      `${first} note Called`,
      `${second} owner ${app.email}`,
      `${first} status contacted->qualified`,
    ]);
    const times = contact.timeline.map((entry) => entry.at);
    expect([...times].sort()).toEqual(times);
    expect(contact.timeline.every((entry) => entry.at)).toBe(true);
  });

  it('answers 404 for an address nobody used, or once its leads are erased', async () => {
    const app = await inbox();
    const missing = await app.json('GET', '/api/admin/contacts/nobody%40example.com');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as ErrorBody).error.message).toBe('Contact not found');
    expect((await app.json('GET', '/api/admin/contacts/not-an-address')).status).toBe(404);

    const a = await app.submit();
    const b = await app.submit();
    expect((await app.json('DELETE', `/api/admin/leads/${a}`)).status).toBe(204);
    expect((await app.contact(base.email)).submissions.map((lead) => lead.id)).toEqual([b]);
    expect((await app.list()).leads[0]).toMatchObject({ id: b, submission: 1, submissions: 1 });
    expect((await app.json('DELETE', `/api/admin/leads/${b}`)).status).toBe(204);
    expect((await app.json('GET', `/api/admin/contacts/${base.email}`)).status).toBe(404);
    // The index item held the address in its key: nothing of it is left in the table.
    const left = await app.services.db.send(
      new QueryCommand({
        TableName: app.services.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.contactPartition(base.email) },
      }),
    );
    expect(left.Items).toEqual([]);
  });

  it('indexes leads stored before contacts existed at the first read, once', async () => {
    const app = await inbox();
    // Two leads as the first release wrote them: no contact attribute, no index item.
    const legacy = (id: string, createdAt: string, status: string, email: string) => ({
      ...keys.lead(id),
      ...(status === 'spam' ? {} : { gsi1pk: 'LEADS', gsi1sk: `${createdAt}#${id}` }),
      gsi2pk: keys.leadStatusPartition(status),
      gsi2sk: `${createdAt}#${id}`,
      id,
      name: 'Old Dana',
      email,
      company: 'Example Pharma',
      message: 'Hello',
      formType: 'general',
      status,
      createdAt,
    });
    const old = '6f1e4c9a-1111-4222-8333-000000000001';
    const oldSpam = '6f1e4c9a-1111-4222-8333-000000000002';
    for (const item of [
      legacy(old, '2026-01-05T10:00:00.000Z', 'contacted', 'Dana.Whitfield@Example-Pharma.com'),
      legacy(oldSpam, '2026-01-06T10:00:00.000Z', 'spam', base.email),
    ]) {
      await app.services.db.send(new PutCommand({ TableName: app.services.tableName, Item: item }));
    }
    const fresh = await app.submit();

    const contact = await app.contact(base.email);
    expect(contact.submissions.map((lead) => [lead.id, lead.submission])).toEqual([
      [fresh, 2],
      [oldSpam, undefined],
      [old, 1],
    ]);
    expect(contact.firstSeen).toBe('2026-01-05T10:00:00.000Z');
    const marker = await app.services.db.send(
      new QueryCommand({
        TableName: app.services.tableName,
        KeyConditionExpression: 'pk = :pk AND sk = :sk',
        ExpressionAttributeValues: {
          ':pk': keys.contactIndexDone().pk,
          ':sk': keys.contactIndexDone().sk,
        },
      }),
    );
    expect(marker.Items).toHaveLength(1);
    // A second build finds nothing left to index; the index holds each lead once.
    expect(await app.services.leads.contacts.build()).toBe(0);
    expect(await app.services.leads.contacts.submissions(base.email)).toHaveLength(3);
  });

  it('is for roles that work leads only', async () => {
    const app = await inbox();
    await app.submit();
    const editor = await app.signIn('editor@pharmabridge.test', 'editor');
    const refused = await app.anonJson('GET', `/api/admin/contacts/${base.email}`, undefined, {
      cookie: editor.cookie,
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorBody).error.permission).toBe('leads');
    const sales = await app.signIn('sales@pharmabridge.test', 'sales');
    const allowed = await app.anonJson('GET', `/api/admin/contacts/${base.email}`, undefined, {
      cookie: sales.cookie,
    });
    expect(allowed.status).toBe(200);
  });
});
