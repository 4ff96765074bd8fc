// Leads by form (issue 35) through the real app and DynamoDB Local: a custom form's lead
// carries the form's title as it was sent and shows it in the list, the detail, the CSV and
// the notification e-mail's subject; `formId` filters through the form index (built once for
// leads stored before it); the Form filter lists every form, a deleted one while a lead
// still names it.
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../lib/errors.ts';
import { keys } from '../data/keys.ts';
import type { FormDefinitionInput } from '../shared/forms/definition.ts';
import { leadFormName } from '../shared/leads/basics.ts';
import { leadDetailSchema } from '../shared/leads/lead.ts';
import { leadFormsSchema, leadListSchema } from '../shared/leads/list.ts';
import { UTF8_BOM } from '../shared/csv.ts';
import { adminTestApp, BROWSER_USER_AGENT } from '../test/harness.ts';

const MAIL_LOG = 'mail (not sent: no SMTP_URL or SES configured)';

const webinar: FormDefinitionInput = {
  title: 'Webinar registration 2027',
  fields: [
    { name: 'name', label: 'Full name', type: 'text', required: true },
    { name: 'email', label: 'Work e-mail', type: 'email', required: true },
    { name: 'company', label: 'Company', type: 'text' },
    { name: 'country', label: 'Country', type: 'text', maxLength: 60 },
  ],
  submitLabel: 'Register',
  successMessage: 'You are registered.',
};

async function setUp() {
  const clock = { now: new Date('2027-01-12T09:00:00.000Z') };
  const app = await adminTestApp(
    { CONTACT_RATE_LIMIT: '1000', NOTIFY_EMAIL: 'team@pharmabridge.example' },
    { now: () => clock.now },
  );
  const visitor = async (body: Record<string, unknown>) => {
    const response = await app.anonJson('POST', '/api/contact', body, {
      'user-agent': BROWSER_USER_AGENT,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    clock.now = new Date(clock.now.getTime() + 60_000);
    return ((await response.json()) as { id: string }).id;
  };
  const register = (name: string, country = 'DE') =>
    visitor({
      formId: 'webinar-2027',
      fields: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com`, country },
    });
  const demo = (name: string) =>
    visitor({
      name,
      email: 'dana@example-pharma.com',
      company: 'Example Pharma',
      message: 'A demo, please.',
      formType: 'general',
    });
  const list = async (query = '') =>
    leadListSchema.parse(await (await app.json('GET', `/api/admin/leads${query}`)).json()).leads;
  const formChoices = async () =>
    leadFormsSchema.parse(await (await app.json('GET', '/api/admin/leads/forms')).json()).forms;
  const saveForm = async (form: FormDefinitionInput, revision?: number) => {
    const response = await app.json('PUT', '/api/admin/forms/webinar-2027', {
      form,
      ...(revision === undefined ? {} : { revision }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
  };
  const mails = () =>
    app.log.lines
      .filter((line) => line.message === MAIL_LOG)
      .map((line) => line.details as { to: string[]; subject: string; text: string });
  return { ...app, clock, visitor, register, demo, list, formChoices, saveForm, mails };
}

describe('leads by form', () => {
  it("carries the form's title into the list, the detail, the CSV and the notification subject", async () => {
    const app = await setUp();
    await app.saveForm(webinar);
    const id = await app.register('Jane Doe');
    const [row] = await app.list();
    expect(row).toMatchObject({ id, formId: 'webinar-2027', formTitle: webinar.title });
    expect(leadFormName(row!)).toBe('Webinar registration 2027');
    const detail = leadDetailSchema.parse(
      await (await app.json('GET', `/api/admin/leads/${id}`)).json(),
    );
    expect(leadFormName(detail.lead)).toBe('Webinar registration 2027');
    const notification = app.mails().find((mail) => mail.to.includes('team@pharmabridge.example'));
    expect(notification?.subject).toBe('New Webinar registration 2027 from Jane Doe');
    expect(notification?.text).toContain('Form:     Webinar registration 2027');

    // The lead keeps the title it was sent with when the form is renamed.
    await app.saveForm({ ...webinar, title: 'Webinar 2027 (renamed)' }, 1);
    const [again] = await app.list();
    expect(again?.formTitle).toBe('Webinar registration 2027');

    const csv = await app.json('GET', '/api/admin/leads/export?formId=webinar-2027');
    expect(csv.status).toBe(200);
    // No cell here holds a comma, a quote or a line break: lines and commas split it.
    const text = await csv.text();
    const [header, ...rows] = text
      .replace(UTF8_BOM, '')
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split(','));
    expect(rows).toHaveLength(1);
    expect(rows[0]![header!.indexOf('Form')]).toBe('Webinar registration 2027');
    expect(rows[0]![header!.indexOf('Form id')]).toBe('webinar-2027');
  });

  it('keeps the built-in forms’ wording', async () => {
    const app = await setUp();
    const id = await app.demo('Dana Whitfield');
    const [row] = await app.list();
    expect(row?.id).toBe(id);
    expect(leadFormName(row!)).toBe('Dialog (general)');
    expect(app.mails()[0]?.subject).toBe('New demo request from Dana Whitfield (Example Pharma)');
  });

  it('filters by formId, built-in forms included, through pages of the form index', async () => {
    const app = await setUp();
    await app.saveForm(webinar);
    const registered = [];
    for (const name of ['Ann One', 'Bob Two', 'Cy Three']) {
      registered.push(await app.register(name));
      await app.demo(`Demo ${name}`);
    }
    const names = async (query: string) => (await app.list(query)).map((lead) => lead.name);
    expect(await names('?formId=webinar-2027')).toEqual(['Cy Three', 'Bob Two', 'Ann One']);
    expect(await names('?formId=demo-request')).toEqual([
      'Demo Cy Three',
      'Demo Bob Two',
      'Demo Ann One',
    ]);
    expect(await names('?formId=pilot-request')).toEqual([]);

    // A status filter within the form, and spam left out unless asked for.
    await app.json('PATCH', `/api/admin/leads/${registered[1]}`, { status: 'contacted' });
    await app.json('PATCH', `/api/admin/leads/${registered[2]}`, { status: 'spam' });
    expect(await names('?formId=webinar-2027&status=contacted')).toEqual(['Bob Two']);
    expect(await names('?formId=webinar-2027')).toEqual(['Bob Two', 'Ann One']);
    expect(await names('?formId=webinar-2027&status=spam')).toEqual(['Cy Three']);

    // Pages: one lead at a time, with the cursor, and a date range.
    const first = leadListSchema.parse(
      await (await app.json('GET', '/api/admin/leads?formId=webinar-2027&limit=1')).json(),
    );
    expect(first.leads.map((lead) => lead.name)).toEqual(['Bob Two']);
    const second = leadListSchema.parse(
      await (
        await app.json(
          'GET',
          `/api/admin/leads?formId=webinar-2027&limit=1&cursor=${encodeURIComponent(first.cursor!)}`,
        )
      ).json(),
    );
    expect(second.leads.map((lead) => lead.name)).toEqual(['Ann One']);
    expect(await names('?formId=webinar-2027&from=2027-01-12T09:02:00.000Z')).toEqual(['Bob Two']);

    const bad = await app.json('GET', '/api/admin/leads?formId=Not%20a%20form!');
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as ErrorBody).error.fields ?? {})).toEqual(['formId']);
  });

  it('indexes leads stored before the form index, once, and names them by their form', async () => {
    const app = await setUp();
    await app.saveForm(webinar);
    const id = await app.register('Old Lead');
    // As an older release stored it: no title, no form index item, no formIndex attribute.
    const lead = leadDetailSchema.parse(
      await (await app.json('GET', `/api/admin/leads/${id}`)).json(),
    ).lead;
    const { db } = app.services;
    const table = app.services.tableName;
    await db.send(
      new UpdateCommand({
        TableName: table,
        Key: keys.lead(id),
        UpdateExpression: 'REMOVE formTitle, formIndex',
      }),
    );
    await db.send(
      new DeleteCommand({
        TableName: table,
        Key: keys.formLead('webinar-2027', lead.createdAt, id),
      }),
    );
    await db.send(new DeleteCommand({ TableName: table, Key: keys.formIndexDone() }));
    const fresh = await setUpSameTable(app);
    const rows = await fresh.list('?formId=webinar-2027');
    expect(rows.map((row) => row.id)).toEqual([id]);
    // Filled in from the form as it is now.
    expect(rows[0]?.formTitle).toBe('Webinar registration 2027');
    expect(await fresh.services.leads.forms.build()).toBe(0);
  });

  it('lists every form in the Form filter, a deleted one while a lead names it', async () => {
    const app = await setUp();
    await app.saveForm(webinar);
    const before = await app.formChoices();
    expect(before.map((form) => [form.id, form.label, form.deleted])).toEqual([
      ['demo-request', 'Dialog (general)', false],
      ['pricing-request', 'Dialog (pricing)', false],
      ['contact', 'Contact page', false],
      ['pilot-request', 'Pilot', false],
      ['webinar-2027', 'Webinar registration 2027', false],
    ]);
    const id = await app.register('Jane Doe');
    expect((await app.json('DELETE', '/api/admin/forms/webinar-2027')).status).toBe(204);
    const after = await app.formChoices();
    expect(after.at(-1)).toEqual({
      id: 'webinar-2027',
      label: 'Webinar registration 2027',
      builtIn: false,
      deleted: true,
    });
    // Its lead still shows and filters by it.
    expect((await app.list('?formId=webinar-2027')).map((lead) => lead.id)).toEqual([id]);
    // Erasing its last lead takes the deleted form out of the filter.
    expect((await app.json('DELETE', `/api/admin/leads/${id}`)).status).toBe(204);
    expect((await app.formChoices()).map((form) => form.id)).not.toContain('webinar-2027');
  });
});

/** A second app over the same table: a fresh process that has not built the index. */
async function setUpSameTable(app: Awaited<ReturnType<typeof setUp>>) {
  const { createServices } = await import('../services.ts');
  const { createApp } = await import('../app.ts');
  const services = createServices(
    app.services.config,
    { region: 'local', endpoint: app.services.config.env.DYNAMODB_ENDPOINT! },
    { log: app.log, now: () => app.clock.now },
  );
  const server = createApp(services);
  const list = async (query: string) =>
    leadListSchema.parse(
      await (
        await server.request(`/api/admin/leads${query}`, { headers: { cookie: app.cookie } })
      ).json(),
    ).leads;
  return { services, list };
}
