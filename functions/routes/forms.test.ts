// Forms as data (issue 26): definitions round-trip through /api/admin/forms with their
// validation (reserved names, choice lists, hidden sources, merge fields), the public
// definition carries no internal fields, POST /api/contact checks a submission against the
// stored definition (required fields, options, unknown fields, control characters), records
// consent with its version, and sends the auto-reply at most once an hour per address.
// Real DynamoDB Local through the app (functions/test/harness.ts) and a real SMTP server on
// loopback (functions/test/smtp.ts) for the auto-reply.
import { afterEach, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../lib/errors.ts';
import { builtInForm } from '../shared/forms/built-in.ts';
import { type FormDefinitionInput, type StoredForm } from '../shared/forms/definition.ts';
import { type PublicForm } from '../shared/forms/public-form.ts';
import { leadDetailSchema } from '../shared/leads/lead.ts';
import { testApp } from '../test/harness.ts';
import { body, header, startSmtpServer } from '../test/smtp.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const servers: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

const webinar: FormDefinitionInput = {
  title: 'Webinar registration',
  fields: [
    { name: 'name', label: 'Full name', type: 'text', required: true },
    { name: 'email', label: 'Work e-mail', type: 'email', required: true },
    { name: 'company', label: 'Company', type: 'text' },
    {
      name: 'suppliers',
      label: 'Number of suppliers',
      type: 'select',
      required: true,
      options: [
        { value: '1-10', label: '1 to 10' },
        { value: '11-50', label: '11 to 50' },
        { value: '50+', label: 'More than 50' },
      ],
    },
    { name: 'phone', label: 'Phone', type: 'tel' },
    { name: 'country', label: 'Country', type: 'text', maxLength: 60 },
    { name: 'notes', label: 'Notes', type: 'textarea' },
    {
      name: 'campaign',
      label: 'Campaign',
      type: 'hidden',
      fill: { from: 'url', param: 'utm_campaign' },
    },
  ],
  consent: {
    required: true,
    text: 'I agree that PharmaBridge may contact me about this webinar.',
    privacyUrl: '/privacy',
  },
  submitLabel: 'Register',
  successMessage: 'You are registered: see you there.',
  autoReply: {
    enabled: true,
    subject: 'Your webinar seat',
    body: 'Hello {{name}},\n\nthank you for registering {{company}}.\n\nThe PharmaBridge team',
  },
};

async function setUp(env: Record<string, string> = {}) {
  const smtp = await startSmtpServer();
  servers.push(smtp);
  const now = { value: new Date('2026-11-27T09:00:00Z') };
  const base = await testApp({ SMTP_URL: smtp.url, ...env }, { now: () => now.value });
  const people: Record<
    string,
    (method: string, path: string, body?: unknown) => Promise<Response>
  > = {};
  for (const role of ['admin', 'publisher', 'editor', 'reviewer', 'sales'] as const) {
    const { cookie } = await base.signIn(`${role}@pharmabridge.test`, role);
    people[role] = async (method, path, payload) => base.json(method, path, payload, { cookie });
  }
  const visitor = (payload: unknown, headers: Record<string, string> = {}) =>
    base.json('POST', '/api/contact', payload, {
      'user-agent': BROWSER,
      'x-forwarded-for': '203.0.113.9',
      ...headers,
    });
  return { ...base, as: (role: string) => people[role]!, visitor, smtp, now };
}

const fieldsOf = async (response: Response) => ((await response.json()) as ErrorBody).error.fields;

describe('form definitions', () => {
  it('lists the built-in forms with their docs/requirements.md defaults before anyone saves one', async () => {
    const { as } = await setUp();
    const list = (await (await as('editor')('GET', '/api/admin/forms')).json()) as {
      forms: { id: string; revision: number; fieldCount: number }[];
    };
    expect(list.forms.map((form) => [form.id, form.revision, form.fieldCount])).toEqual([
      ['demo-request', 0, 4],
      ['pricing-request', 0, 4],
      ['contact', 0, 6],
      ['pilot-request', 0, 5],
    ]);
    const demo = (await (
      await as('editor')('GET', '/api/admin/forms/demo-request')
    ).json()) as StoredForm;
    expect(demo.form.fields.map((field) => [field.name, field.label, field.required])).toEqual([
      ['name', 'Name', true],
      ['email', 'Email', true],
      ['company', 'Company', false],
      ['message', 'Message', false],
    ]);
    expect(demo.form.successMessage).toBe("Thank you! We'll get back to you shortly.");
    expect((await as('editor')('GET', '/api/admin/forms/no-such-form')).status).toBe(404);
  });

  it('round-trips a custom form, refuses a stale revision, and audits the saves', async () => {
    const { as, services } = await setUp();
    const created = await as('editor')('PUT', '/api/admin/forms/webinar', { form: webinar });
    expect(created.status).toBe(200);
    const saved = (await created.json()) as StoredForm;
    expect(saved).toMatchObject({
      id: 'webinar',
      builtIn: false,
      revision: 1,
      updatedBy: 'editor@pharmabridge.test',
    });
    const read = (await (
      await as('publisher')('GET', '/api/admin/forms/webinar')
    ).json()) as StoredForm;
    expect(read.form).toEqual(saved.form);
    expect(read.form.fields[3]).toEqual({
      name: 'suppliers',
      label: 'Number of suppliers',
      type: 'select',
      required: true,
      options: [
        { value: '1-10', label: '1 to 10' },
        { value: '11-50', label: '11 to 50' },
        { value: '50+', label: 'More than 50' },
      ],
    });

    // Creating the same id again, or saving from an old revision, is refused; nothing is lost.
    expect((await as('editor')('PUT', '/api/admin/forms/webinar', { form: webinar })).status).toBe(
      409,
    );
    const second = await as('editor')('PUT', '/api/admin/forms/webinar', {
      form: { ...webinar, title: 'Webinar (autumn)' },
      revision: 1,
    });
    expect(((await second.json()) as StoredForm).revision).toBe(2);
    const stale = await as('publisher')('PUT', '/api/admin/forms/webinar', {
      form: { ...webinar, title: 'Stale' },
      revision: 1,
    });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as ErrorBody).error.message).toMatch(
      /Someone else saved this form/,
    );
    const after = (await (
      await as('editor')('GET', '/api/admin/forms/webinar')
    ).json()) as StoredForm;
    expect(after.form.title).toBe('Webinar (autumn)');

    const audit = await services.audit.list(10);
    expect(audit.entries.filter((entry) => entry.action === 'form-save')).toHaveLength(2);
  });

  it('refuses definitions that break a reserved name, a choice list, a hidden field or a merge field, naming the path', async () => {
    const { as } = await setUp();
    const put = (form: unknown) => as('admin')('PUT', '/api/admin/forms/bad', { form });
    const base = builtInForm('demo-request');
    const cases: [unknown, string, RegExp][] = [
      [
        { ...base, fields: [...base.fields, { name: 'email', label: 'Again', type: 'email' }] },
        'form.fields.4.name',
        /used twice/,
      ],
      [
        { ...base, fields: [...base.fields, { name: 'formType', label: 'Type', type: 'text' }] },
        'form.fields.4.name',
        /reserved/,
      ],
      [
        {
          ...base,
          fields: base.fields.map((f) => (f.name === 'email' ? { ...f, type: 'text' } : f)),
        },
        'form.fields.1.type',
        /reserved name/,
      ],
      [
        { ...base, fields: base.fields.filter((f) => f.name !== 'email') },
        'form.fields',
        /"email" field/,
      ],
      [
        { ...base, fields: [...base.fields, { name: 'size', label: 'Size', type: 'select' }] },
        'form.fields.4.options',
        /at least one option/,
      ],
      [
        {
          ...base,
          fields: [
            ...base.fields,
            {
              name: 'inquiryType',
              label: 'Kind',
              type: 'select',
              options: [{ value: 'webinar', label: 'Webinar' }],
            },
          ],
        },
        'form.fields.4.options.0.value',
        /must be one of: demo/,
      ],
      [
        { ...base, fields: [...base.fields, { name: 'src', label: 'Source', type: 'hidden' }] },
        'form.fields.4.fill',
        /needs a source/,
      ],
      [
        { ...base, fields: [...base.fields, { name: '1st', label: 'First', type: 'text' }] },
        'form.fields.4.name',
        /must start with a letter/,
      ],
      [
        { ...base, consent: { required: true, text: '', privacyUrl: '' } },
        'form.consent.text',
        /needs its text/,
      ],
      [
        { ...base, consent: { required: false, text: 'Yes', privacyUrl: 'javascript:alert(1)' } },
        'form.consent.privacyUrl',
        /path on this site/,
      ],
      [
        { ...base, autoReply: { enabled: true, subject: 'Hi', body: 'Body {{email}}' } },
        'form.autoReply.body',
        /not a merge field/,
      ],
      [
        { ...base, autoReply: { enabled: true, subject: 'Hi {{name}}', body: 'Body' } },
        'form.autoReply.subject',
        /merge fields go in the message only/,
      ],
      [{ ...base, submitLabel: 'Send\nnow' }, 'form.submitLabel', /one line/],
    ];
    for (const [form, path, message] of cases) {
      const response = await put(form);
      expect(response.status, path).toBe(400);
      const fields = await fieldsOf(response);
      expect(fields?.[path]?.join(' '), `${path}: ${JSON.stringify(fields)}`).toMatch(message);
    }
    expect((await as('admin')('GET', '/api/admin/forms/bad')).status).toBe(404);
  });

  it('is read and changed by admins, publishers and editors only; built-in forms cannot be deleted', async () => {
    const { as } = await setUp();
    for (const role of ['reviewer', 'sales']) {
      expect((await as(role)('GET', '/api/admin/forms')).status, role).toBe(403);
      expect(
        (await as(role)('PUT', '/api/admin/forms/webinar', { form: webinar })).status,
        role,
      ).toBe(403);
    }
    expect((await as('editor')('PUT', '/api/admin/forms/webinar', { form: webinar })).status).toBe(
      200,
    );
    expect((await as('editor')('DELETE', '/api/admin/forms/demo-request')).status).toBe(400);
    expect((await as('editor')('DELETE', '/api/admin/forms/webinar')).status).toBe(204);
    expect((await as('editor')('DELETE', '/api/admin/forms/webinar')).status).toBe(404);
  });

  it('gives visitors the public definition with its consent version, without the auto-reply', async () => {
    const { as, json } = await setUp();
    await as('editor')('PUT', '/api/admin/forms/webinar', { form: webinar });
    const response = await json('GET', '/api/forms/webinar');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    const form = (await response.json()) as PublicForm & Record<string, unknown>;
    expect(Object.keys(form).sort()).toEqual([
      'consent',
      'fields',
      'id',
      'locale',
      'submitLabel',
      'successMessage',
      'title',
    ]);
    // A custom form's own title; a built-in form's is the one docs/requirements.md gives visitors.
    expect(form.title).toBe(webinar.title);
    const demo = (await (await json('GET', '/api/forms/demo-request')).json()) as PublicForm;
    expect(demo.title).toBe('Request Demo');
    const pricing = (await (await json('GET', '/api/forms/pricing-request')).json()) as PublicForm;
    expect(pricing.title).toBe('Get Pricing Information');
    expect(JSON.stringify(form)).not.toContain('Your webinar seat');
    // SHA-256 of the consent text, first 16 hex digits (computed with `printf %s '<text>' | sha256sum`).
    expect(form.consent.version).toBe('a49d3f22a95faebb');
    expect((await json('GET', '/api/forms/nothing-here')).status).toBe(404);
    expect((await json('GET', '/api/forms/Not_An_Id')).status).toBe(404);
  });
});

describe('POST /api/contact with a form', () => {
  const good = {
    formId: 'webinar',
    fields: {
      name: 'Dana Whitfield',
      email: 'Dana.Whitfield@example-pharma.com',
      company: 'Example Pharma',
      suppliers: '11-50',
      phone: '+1 (555) 010-2030',
      notes: 'Line one\nline two\u0000\u0007 with a NUL and a BEL\u007f',
      campaign: 'autumn-webinar',
    },
    consent: true,
    landingPageId: 'default',
  };

  it('stores the reserved fields as the lead, the others in fields, and the consent with its version', async () => {
    const { as, visitor } = await setUp();
    await as('editor')('PUT', '/api/admin/forms/webinar', { form: webinar });
    const response = await visitor(good);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const detail = leadDetailSchema.parse(
      await (await as('sales')('GET', `/api/admin/leads/${id}`)).json(),
    );
    expect(detail.lead).toMatchObject({
      name: 'Dana Whitfield',
      email: 'Dana.Whitfield@example-pharma.com',
      company: 'Example Pharma',
      message: '',
      formType: 'general',
      formId: 'webinar',
      fields: {
        suppliers: '11-50',
        phone: '+1 (555) 010-2030',
        notes: 'Line one\nline two with a NUL and a BEL',
        campaign: 'autumn-webinar',
      },
      consent: {
        given: true,
        text: 'I agree that PharmaBridge may contact me about this webinar.',
        version: 'a49d3f22a95faebb',
        at: '2026-11-27T09:00:00.000Z',
        privacyUrl: '/privacy',
      },
    });
  });

  it('takes a phone number as people type it (US, UK, DE, an extension), kept as typed beside its E.164 form', async () => {
    // Issue 33: `(415) 555-0100` was a 400 whose message said brackets were allowed.
    const { as, visitor } = await setUp();
    await as('editor')('PUT', '/api/admin/forms/webinar', { form: webinar });
    const cases: [typed: string, normal: string | undefined][] = [
      ['(415) 555-0100', '+14155550100'],
      ['+44 (0)20 7946 0958', '+442079460958'],
      ['030/901820', undefined],
      ['+49 89 636-48018 ext. 12', '+498963648018;ext=12'],
      ['(415) 555-0100 #7', '+14155550100;ext=7'],
    ];
    for (const [typed, normal] of cases) {
      const response = await visitor({ ...good, fields: { ...good.fields, phone: typed } });
      expect(response.status, typed).toBe(201);
      const { id } = (await response.json()) as { id: string };
      const { lead } = leadDetailSchema.parse(
        await (await as('sales')('GET', `/api/admin/leads/${id}`)).json(),
      );
      expect(lead.fields?.['phone'], typed).toBe(typed);
      expect(lead.phones, typed).toEqual(normal ? { phone: normal } : undefined);
    }
    const refused = await visitor({ ...good, fields: { ...good.fields, phone: '555 01' } });
    expect(refused.status).toBe(400);
    expect(await fieldsOf(refused)).toEqual({
      'fields.phone': ['must be a phone number of 6 to 15 digits'],
    });
  });

  it('refuses missing required fields, bad options, unknown fields, control characters and an unticked consent, naming each', async () => {
    const { as, visitor, services } = await setUp();
    await as('editor')('PUT', '/api/admin/forms/webinar', { form: webinar });
    const cases: [object, string, RegExp][] = [
      [
        { ...good, fields: { ...good.fields, suppliers: undefined } },
        'fields.suppliers',
        /is required/,
      ],
      [
        { ...good, fields: { ...good.fields, suppliers: '1000' } },
        'fields.suppliers',
        /must be one of: 1-10, 11-50, 50\+/,
      ],
      [
        { ...good, fields: { ...good.fields, budget: 'big' } },
        'fields.budget',
        /not a field of this form/,
      ],
      [
        { ...good, fields: { ...good.fields, company: 'Example\nPharma' } },
        'fields.company',
        /one line/,
      ],
      [
        { ...good, fields: { ...good.fields, country: 'Ger\u0007many' } },
        'fields.country',
        /one line/,
      ],
      [{ ...good, fields: { ...good.fields, phone: 'call me' } }, 'fields.phone', /phone number/],
      [
        { ...good, fields: { ...good.fields, email: 'not-an-address' } },
        'fields.email',
        /valid email/,
      ],
      [
        { ...good, fields: { ...good.fields, country: 'x'.repeat(61) } },
        'fields.country',
        /at most 60/,
      ],
      [{ ...good, consent: false }, 'consent', /must be ticked/],
      [{ ...good, consent: undefined }, 'consent', /must be ticked/],
      [
        { ...good, consentVersion: '0000000000000000' },
        'consent',
        /changed since this page was loaded/,
      ],
      [{ ...good, formId: 'no-such-form' }, 'formId', /not a form of this site/],
    ];
    for (const [payload, path, message] of cases) {
      const response = await visitor(payload);
      expect(response.status, path).toBe(400);
      const fields = await fieldsOf(response);
      expect(fields?.[path]?.join(' '), `${path}: ${JSON.stringify(fields)}`).toMatch(message);
    }
    expect(await services.leads.newest()).toEqual([]);
  });

  it("keeps docs/requirements.md bodies valid, and asks them for a built-in form's required consent", async () => {
    const { as, visitor } = await setUp();
    const spec = {
      name: 'Dana',
      email: 'dana@example-pharma.com',
      company: 'Example',
      message: 'Hi',
      formType: 'general',
    };
    expect((await visitor(spec)).status).toBe(201);
    const demo = builtInForm('demo-request');
    const consented = {
      ...demo,
      consent: { required: true, text: 'You may contact me.', privacyUrl: '' },
    };
    expect(
      (
        await as('publisher')('PUT', '/api/admin/forms/demo-request', {
          form: consented,
          revision: 0,
        })
      ).status,
    ).toBe(200);
    const refused = await visitor(spec);
    expect(refused.status).toBe(400);
    expect((await fieldsOf(refused))?.['consent']).toEqual(['must be ticked to send this form']);
    const accepted = await visitor({ ...spec, consent: true });
    expect(accepted.status).toBe(201);
    const { id } = (await accepted.json()) as { id: string };
    const detail = leadDetailSchema.parse(
      await (await as('admin')('GET', `/api/admin/leads/${id}`)).json(),
    );
    expect(detail.lead.formId).toBe('demo-request');
    expect(detail.lead.consent).toMatchObject({ given: true, text: 'You may contact me.' });
  });

  it('changing the consent text makes a new version, and each lead keeps the one it was given', async () => {
    const { as, visitor, json } = await setUp();
    await as('editor')('PUT', '/api/admin/forms/webinar', { form: webinar });
    const v1 = ((await (await json('GET', '/api/forms/webinar')).json()) as PublicForm).consent
      .version;
    const first = (await (await visitor({ ...good, consentVersion: v1 })).json()) as { id: string };
    await as('editor')('PUT', '/api/admin/forms/webinar', {
      form: {
        ...webinar,
        consent: { ...webinar.consent, text: 'I agree to be contacted by e-mail and phone.' },
      },
      revision: 1,
    });
    // Another instance's cache would be at most FORM_CACHE_MS old; this one was cleared by the save.
    const v2 = ((await (await json('GET', '/api/forms/webinar')).json()) as PublicForm).consent
      .version;
    expect(v2).not.toBe(v1);
    expect((await visitor({ ...good, consentVersion: v1 })).status).toBe(400);
    const second = (await (await visitor({ ...good, consentVersion: v2 })).json()) as {
      id: string;
    };
    const consentOf = async (id: string) =>
      leadDetailSchema.parse(await (await as('admin')('GET', `/api/admin/leads/${id}`)).json()).lead
        .consent;
    expect(await consentOf(first.id)).toMatchObject({ version: v1, text: webinar.consent!.text });
    expect(await consentOf(second.id)).toMatchObject({
      version: v2,
      text: 'I agree to be contacted by e-mail and phone.',
    });
  });

  it('sends the auto-reply with merge fields, once an hour per address, never to spam or bots', async () => {
    const { as, visitor, smtp, now } = await setUp();
    await as('editor')('PUT', '/api/admin/forms/webinar', { form: webinar });
    expect((await visitor(good)).status).toBe(201);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(['Dana.Whitfield@example-pharma.com']);
    expect(header(mail!.raw, 'Subject')).toBe('Your webinar seat');
    expect(body(mail!.raw)).toContain('thank you for registering Example Pharma.');
    expect(mail!.raw).toContain('text/html');

    // The same address (in other case) within the hour: stored, not mailed again.
    now.value = new Date('2026-11-27T09:59:00Z');
    const again = {
      ...good,
      fields: { ...good.fields, email: 'dana.whitfield@EXAMPLE-pharma.com' },
    };
    expect((await visitor(again)).status).toBe(201);
    expect(smtp.received).toHaveLength(1);
    // A honeypot submission and a bot's: stored, never mailed.
    now.value = new Date('2026-11-27T11:00:00Z');
    expect((await visitor({ ...good, website: 'http://spam.example' })).status).toBe(201);
    expect((await visitor(good, { 'user-agent': 'curl/8.5.0' })).status).toBe(201);
    expect(smtp.received).toHaveLength(1);
    // An hour after the first: mailed again.
    expect((await visitor(good)).status).toBe(201);
    expect(smtp.received).toHaveLength(2);
  });

  it("escapes the visitor's values in the HTML part", async () => {
    const { as, visitor, smtp } = await setUp();
    await as('editor')('PUT', '/api/admin/forms/webinar', { form: webinar });
    await visitor({ ...good, fields: { ...good.fields, name: '<img src=x onerror=alert(1)>' } });
    const html = smtp.received[0]!.raw.split('Content-Type: text/html')[1]!;
    expect(html).not.toContain('<img src');
    expect(html).toContain('<p>Hello &lt;img src=3Dx onerror=3Dalert(1)&gt;,</p>');
  });
});
