// Lead owners and bulk changes (issue 26) through the real app and DynamoDB Local: an owner
// is an active account whose role works leads, set and cleared by PATCH (timeline, audit,
// an e-mail to the new owner unless they took it themselves), filtered as "Mine"; a stale
// owner change conflicts; bulk status, owner and spam changes answer per lead; the CSV of
// a selection.
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../data/audit.ts';
import type { ErrorBody } from '../lib/errors.ts';
import { leadBulkResultSchema, leadOwnersSchema } from '../shared/leads/changes.ts';
import { leadDetailSchema } from '../shared/leads/lead.ts';
import { leadListSchema } from '../shared/leads/list.ts';
import { adminTestApp } from '../test/harness.ts';

const base = {
  name: 'Dana Whitfield',
  email: 'dana.whitfield@example-pharma.com',
  company: 'Example Pharma',
  message: 'We would like a demo of the traceability module.',
};
const SALES = 'sam.sales@pharmabridge.test';
const MAIL_LOG = 'mail (not sent: no SMTP_URL or SES configured)';

async function inbox() {
  const clock = { now: new Date('2026-03-02T09:00:00.000Z') };
  const app = await adminTestApp({ CONTACT_RATE_LIMIT: '1000' }, { now: () => clock.now });
  const sales = await app.signIn(SALES, 'sales');
  const submit = async (fields: Record<string, unknown> = {}) => {
    const response = await app.json('POST', '/api/contact', { ...base, ...fields });
    expect(response.status).toBe(201);
    clock.now = new Date(clock.now.getTime() + 60_000);
    return ((await response.json()) as { id: string }).id;
  };
  const patch = (id: string, body: unknown) => app.json('PATCH', `/api/admin/leads/${id}`, body);
  const asSales = (method: string, path: string, body?: unknown) =>
    app.anonJson(method, path, body, { cookie: sales.cookie });
  const detail = async (id: string) =>
    leadDetailSchema.parse(await (await app.json('GET', `/api/admin/leads/${id}`)).json());
  const names = async (query: string, as = app.json) =>
    leadListSchema
      .parse(await (await as('GET', `/api/admin/leads${query}`)).json())
      .leads.map((lead) => lead.name);
  const bulk = async (body: unknown) => {
    const response = await app.json('POST', '/api/admin/leads/bulk', body);
    expect(response.status, await response.clone().text()).toBe(200);
    return leadBulkResultSchema.parse(await response.json());
  };
  const auditEntries = async () =>
    ((await (await app.json('GET', '/api/admin/audit')).json()) as { entries: AuditEntry[] })
      .entries;
  const mails = () =>
    app.log.lines
      .filter((line) => line.message === MAIL_LOG)
      .map((line) => line.details as { to: string[]; subject: string; text: string });
  const tick = () => {
    clock.now = new Date(clock.now.getTime() + 60_000);
  };
  return { ...app, clock, tick, submit, patch, asSales, detail, names, bulk, auditEntries, mails };
}

describe('PATCH /api/admin/leads/:id {owner}', () => {
  it('gives a lead to a sales account: timeline, audit, and an e-mail without the message', async () => {
    const app = await inbox();
    const id = await app.submit();
    const response = await app.patch(id, { owner: 'Sam.Sales@PharmaBridge.test' });
    expect(response.status).toBe(200);
    const detail = leadDetailSchema.parse(await response.json());
    expect(detail.lead.owner).toBe(SALES);
    expect(detail.timeline).toEqual([
      expect.objectContaining({ kind: 'owner', author: app.email, toOwner: SALES }),
    ]);
    expect(detail.timeline[0]!.fromOwner).toBeUndefined();
    const audit = (await app.auditEntries()).filter((entry) => entry.action === 'lead-owner');
    expect(audit.map((entry) => [entry.summary, entry.leadId])).toEqual([
      [`Lead ${id}: owner nobody → ${SALES}`, id],
    ]);
    const [mail, ...others] = app.mails();
    expect(others).toEqual([]);
    expect(mail!.to).toEqual([SALES]);
    expect(mail!.subject).toBe('Lead assigned to you: Dana Whitfield (Example Pharma)');
    expect(mail!.text).toContain(`/admin/leads?lead=${id}`);
    expect(mail!.text).toContain(`${app.email} made you the owner`);
    // Less than the new-lead e-mail: no address, no message.
    expect(mail!.text).not.toContain(base.email);
    expect(mail!.text).not.toContain(base.message);

    // Taken back by the admin for themselves: no e-mail to anyone; then given to nobody.
    app.tick();
    expect((await app.patch(id, { owner: app.email })).status).toBe(200);
    expect(app.mails()).toHaveLength(1);
    app.tick();
    const cleared = leadDetailSchema.parse(await (await app.patch(id, { owner: null })).json());
    expect(cleared.lead.owner).toBeUndefined();
    expect(cleared.timeline.map((entry) => [entry.fromOwner, entry.toOwner])).toEqual([
      [undefined, SALES],
      [SALES, app.email],
      [app.email, undefined],
    ]);
    // The same owner again changes nothing and audits nothing.
    const before = (await app.auditEntries()).length;
    expect((await app.patch(id, { owner: null })).status).toBe(200);
    expect((await app.auditEntries()).length).toBe(before);
  });

  it('sets status, owner and a note in one change', async () => {
    const app = await inbox();
    const id = await app.submit();
    const response = await app.patch(id, { status: 'contacted', owner: SALES, note: 'Mine now' });
    expect(response.status).toBe(200);
    const detail = leadDetailSchema.parse(await response.json());
    expect(detail.lead).toMatchObject({ status: 'contacted', owner: SALES });
    expect(detail.timeline.map((entry) => entry.kind)).toEqual(['status', 'owner', 'note']);
  });

  it('refuses an owner that is no account, a disabled one, or a role without leads', async () => {
    const app = await inbox();
    const id = await app.submit();
    await app.signIn('edna.editor@pharmabridge.test', 'editor');
    await app.signIn('gone@pharmabridge.test', 'sales');
    expect(await app.services.admins.disable('gone@pharmabridge.test', app.email)).toBe('disabled');
    for (const owner of [
      'nobody@pharmabridge.test',
      'edna.editor@pharmabridge.test',
      'gone@pharmabridge.test',
    ]) {
      const response = await app.patch(id, { owner });
      expect(response.status, owner).toBe(400);
      expect(((await response.json()) as ErrorBody).error.fields).toEqual({
        owner: ['must be an active account whose role works leads (Admin, Publisher, Sales)'],
      });
    }
    const malformed = await app.patch(id, { owner: 'not an address' });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as ErrorBody).error.fields?.['owner']).toEqual([
      'must be the e-mail address of an account, or null',
    ]);
    expect((await app.detail(id)).lead.owner).toBeUndefined();
    expect(app.mails()).toEqual([]);
  });

  it('refuses an owner change based on a stale read with a conflict', async () => {
    const app = await inbox();
    const id = await app.submit();
    const stale = (await app.services.leads.record(id))!;
    expect((await app.patch(id, { owner: SALES })).status).toBe(200);
    await expect(
      app.services.leads.update(stale, { owner: app.email }, app.email, { forward: false }),
    ).rejects.toThrow(/changed by someone else/);
    expect((await app.detail(id)).lead.owner).toBe(SALES);
    // A status change from the same stale read is fine: the status did not move.
    await app.services.leads.update(stale, { status: 'contacted' }, app.email, { forward: false });
    expect((await app.detail(id)).lead).toMatchObject({ status: 'contacted', owner: SALES });
  });
});

describe('owner filters and the owners list', () => {
  it('lists "Mine" (owner=me) and one owner, and answers 400 for a bad owner', async () => {
    const app = await inbox();
    const a = await app.submit({ name: 'A' });
    const b = await app.submit({ name: 'B' });
    await app.submit({ name: 'C' });
    await app.patch(a, { owner: SALES });
    await app.patch(b, { owner: app.email });
    expect(await app.names('?owner=me')).toEqual(['B']);
    expect(await app.names('?owner=me', app.asSales)).toEqual(['A']);
    expect(await app.names(`?owner=${encodeURIComponent('SAM.sales@pharmabridge.test')}`)).toEqual([
      'A',
    ]);
    expect(await app.names('?owner=')).toEqual(['C', 'B', 'A']);
    const bad = await app.json('GET', '/api/admin/leads?owner=someone');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.fields).toEqual({
      owner: ['must be me or an e-mail address'],
    });
  });

  it('names the active accounts whose role works leads, for a sales account too', async () => {
    const app = await inbox();
    await app.signIn('edna.editor@pharmabridge.test', 'editor');
    await app.signIn('pat.publisher@pharmabridge.test', 'publisher');
    await app.signIn('gone@pharmabridge.test', 'sales');
    await app.services.admins.disable('gone@pharmabridge.test', app.email);
    const response = await app.asSales('GET', '/api/admin/leads/owners');
    expect(response.status).toBe(200);
    const { owners } = leadOwnersSchema.parse(await response.json());
    expect(owners.map((owner) => owner.email).sort()).toEqual(
      [app.email, 'pat.publisher@pharmabridge.test', SALES].sort(),
    );
  });
});

describe('POST /api/admin/leads/bulk', () => {
  it('sets a status on each lead and reports the ones it could not', async () => {
    const app = await inbox();
    const a = await app.submit({ name: 'A' });
    const b = await app.submit({ name: 'B' });
    const gone = await app.submit({ name: 'Gone' });
    await app.json('DELETE', `/api/admin/leads/${gone}`);
    await app.patch(b, { status: 'contacted' });
    const result = await app.bulk({ ids: [a, gone, b], action: 'status', status: 'contacted' });
    expect(result).toEqual({
      results: [
        { id: a, outcome: 'ok' },
        { id: gone, outcome: 'not-found', message: 'Lead not found' },
        { id: b, outcome: 'unchanged' },
      ],
      succeeded: 2,
      failed: 1,
    });
    expect(await app.names('?status=contacted')).toEqual(['B', 'A']);
    const summaries = (await app.auditEntries())
      .filter((entry) => entry.action === 'lead-status')
      .map((entry) => entry.summary);
    expect(summaries).toContain(`Lead ${a}: status new → contacted (bulk)`);
    expect(summaries.filter((summary) => summary.includes('(bulk)'))).toHaveLength(1);
  });

  it('reports a lead changed by someone else meanwhile as a conflict, and changes the rest', async () => {
    const app = await inbox();
    const a = await app.submit({ name: 'A' });
    const b = await app.submit({ name: 'B' });
    // B is read, then changed by another request before the bulk change writes.
    const record = app.services.leads.record.bind(app.services.leads);
    let raced = false;
    app.services.leads.record = async (id: string) => {
      const read = await record(id);
      if (id === b && !raced) {
        raced = true;
        expect((await app.patch(b, { status: 'lost' })).status).toBe(200);
      }
      return read;
    };
    const result = await app.bulk({ ids: [a, b], action: 'status', status: 'qualified' });
    expect(result.results).toEqual([
      { id: a, outcome: 'ok' },
      {
        id: b,
        outcome: 'conflict',
        message: 'This lead was changed by someone else; reload it and try again',
      },
    ]);
    expect(result).toMatchObject({ succeeded: 1, failed: 1 });
    app.services.leads.record = record;
    expect((await app.detail(b)).lead.status).toBe('lost');
    expect((await app.detail(a)).lead.status).toBe('qualified');
  });

  it('gives leads to an owner with one e-mail, and marks leads as spam', async () => {
    const app = await inbox();
    const a = await app.submit({ name: 'A' });
    const b = await app.submit({ name: 'B', company: 'Beta Bio' });
    const given = await app.bulk({ ids: [a, b], action: 'owner', owner: SALES });
    expect(given).toMatchObject({ succeeded: 2, failed: 0 });
    expect(await app.names('?owner=me', app.asSales)).toEqual(['B', 'A']);
    const mails = app.mails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: [SALES], subject: '2 leads assigned to you' });
    expect(mails[0]!.text).toContain('Beta Bio');
    expect(mails[0]!.text).not.toContain(base.email);

    const refused = await app.json('POST', '/api/admin/leads/bulk', {
      ids: [a],
      action: 'owner',
      owner: 'nobody@pharmabridge.test',
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorBody).error.fields).toHaveProperty('owner');

    const spam = await app.bulk({ ids: [b], action: 'spam' });
    expect(spam.results).toEqual([{ id: b, outcome: 'ok' }]);
    expect(await app.names('')).toEqual(['A']);
    expect(await app.names('?status=spam')).toEqual(['B']);
  });

  it('validates the request, naming the field', async () => {
    const app = await inbox();
    const id = await app.submit();
    const problems = async (body: unknown) => {
      const response = await app.json('POST', '/api/admin/leads/bulk', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      return ((await response.json()) as ErrorBody).error.fields;
    };
    expect(await problems({ ids: [], action: 'spam' })).toEqual({
      ids: ['must name at least one lead'],
    });
    const many = Array.from(
      { length: 101 },
      (_, n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    );
    expect(await problems({ ids: many, action: 'spam' })).toEqual({
      ids: ['must name at most 100 leads'],
    });
    expect(await problems({ ids: [id, id], action: 'spam' })).toEqual({
      ids: ['must not name a lead twice'],
    });
    expect(await problems({ ids: [id], action: 'status' })).toEqual({
      status: ['is required to set a status'],
    });
    expect(await problems({ ids: [id], action: 'owner' })).toEqual({
      owner: ['is required to set an owner (null for nobody)'],
    });
    expect(await problems({ ids: [id], action: 'delete' })).toEqual({
      action: ['must be one of "status", "owner", "spam"'],
    });
    expect((await app.detail(id)).lead.status).toBe('new');
  });
});

describe('POST /api/admin/leads/export {ids}', () => {
  it('writes the chosen leads in the order given, with owner and consent columns, audited', async () => {
    const app = await inbox();
    const a = await app.submit({ name: 'A' });
    await app.submit({ name: 'Not chosen' });
    const c = await app.submit({ name: 'C' });
    await app.patch(c, { owner: SALES });
    const response = await app.json('POST', '/api/admin/leads/export', { ids: [c, a] });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const records = (await response.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(records).toHaveLength(4);
    const header = records[0]!.split(',');
    const cell = (record: string, column: string) => record.split(',')[header.indexOf(column)];
    expect(cell(records[1]!, 'Name')).toBe('C');
    expect(cell(records[1]!, 'Owner')).toBe(SALES);
    expect(cell(records[1]!, 'Consent')).toBe('none');
    expect(cell(records[2]!, 'Name')).toBe('A');
    expect(records.join('\n')).not.toContain('Not chosen');
    const entries = (await app.auditEntries()).filter((entry) => entry.action === 'lead-export');
    expect(entries.map((entry) => entry.summary)).toEqual([
      'Leads exported as CSV: 2 rows (a selection of 2)',
    ]);
    const empty = await app.json('POST', '/api/admin/leads/export', { ids: [] });
    expect(empty.status).toBe(400);
  });

  it('carries the consent record, and each custom field in a column of its own', async () => {
    const app = await inbox();
    const consent = {
      given: true,
      text: 'I agree to be contacted about PharmaBridge.',
      version: 'abc123',
      at: '2026-03-02T09:00:00.000Z',
    };
    const lead = await app.services.leads.create(
      { ...base, formType: 'general' },
      {
        spam: false,
        form: {
          formId: 'trade-show',
          // Issue 33: joined as "booth=x; budget=10k-50k" this forged a budget field.
          fields: { booth: 'x; budget=10k-50k', newsletter: true, phone: '(415) 555-0100' },
          phones: { phone: '+14155550100' },
          consent,
        },
      },
    );
    const other = await app.services.leads.create(
      { ...base, name: 'Other', formType: 'general' },
      { spam: false, form: { formId: 'trade-show', fields: { booth: '=cmd|calc', size: 'XL' } } },
    );
    const response = await app.json('POST', '/api/admin/leads/export', {
      ids: [lead.id, other.id],
    });
    const [header, row, second] = (await response.text()).replace(/^\uFEFF/, '').split('\r\n');
    // The fixed columns, then the custom fields by name (the union over the export).
    expect(header).toMatch(
      /,Owner,Form id,Consent,Consent version,Consent text,Locale,Lead id,Field: booth,Field: newsletter,Field: phone,Field: phone \(E\.164\),Field: size$/,
    );
    expect(header).not.toContain('budget');
    expect(row).toMatch(
      new RegExp(
        `,trade-show,given,abc123,I agree to be contacted about PharmaBridge\\.,en-US,${lead.id},x; budget=10k-50k,yes,\\(415\\) 555-0100,'\\+14155550100,$`,
      ),
    );
    // A value that looks like a formula is made text; a field a lead lacks is empty.
    expect(second).toMatch(new RegExp(`,${other.id},'=cmd\\|calc,,,,XL$`));
  });
});
