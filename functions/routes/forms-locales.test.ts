// Forms and consent per locale (issue 39, docs/decisions/0570-forms-per-locale.md): a form's
// `translations` are validated against the form (each refusal names its path), reviewed with
// the rest of the definition, served by GET /api/forms/:id?locale=de-DE with a consent version
// per locale; POST /api/contact with `locale` stores it and that locale's consent, refuses a
// stale German version, sends the German auto-reply, and the CSV and webhook payload carry it.
// Real DynamoDB Local through the app (functions/test/harness.ts), a real SMTP server on
// loopback (functions/test/smtp.ts) for the auto-reply.
import { afterEach, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../lib/errors.ts';
import { consentVersion } from '../shared/forms/consent.ts';
import { type FormDefinitionInput, type StoredForm } from '../shared/forms/definition.ts';
import { type PublicForm } from '../shared/forms/public-form.ts';
import { leadDetailSchema } from '../shared/leads/lead.ts';
import { leadWebhookPayloadSchema } from '../shared/leads/webhook.ts';
import { webhookPayload } from '../webhooks/lead-payload.ts';
import { formTeam, signature } from '../test/form-team.ts';
import { testApp } from '../test/harness.ts';
import { body, header, startSmtpServer } from '../test/smtp.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const servers: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

const CONSENT_EN = 'I agree that PharmaBridge may contact me about this webinar.';
const CONSENT_DE =
  'Ich bin damit einverstanden, dass PharmaBridge mich zu diesem Webinar kontaktiert.';

const webinar: FormDefinitionInput = {
  title: 'Webinar registration',
  fields: [
    { name: 'name', label: 'Full name', type: 'text', required: true },
    {
      name: 'email',
      label: 'Work e-mail',
      type: 'email',
      required: true,
      help: 'Your work address',
    },
    { name: 'company', label: 'Company', type: 'text' },
    {
      name: 'suppliers',
      label: 'Number of suppliers',
      type: 'select',
      required: true,
      options: [
        { value: '1-10', label: '1 to 10' },
        { value: '50+', label: 'More than 50' },
      ],
    },
    { name: 'campaign', label: 'Campaign', type: 'hidden', fill: { from: 'url', param: 'utm' } },
  ],
  consent: { required: true, text: CONSENT_EN, privacyUrl: '/privacy' },
  submitLabel: 'Register',
  successMessage: 'You are registered: see you there.',
  autoReply: {
    enabled: true,
    subject: 'Your webinar seat',
    body: 'Hello {{name}},\n\nthank you for registering.',
  },
};

const german = {
  'de-DE': {
    title: 'Webinar-Anmeldung',
    fields: {
      name: { label: 'Vollständiger Name' },
      email: { label: 'Geschäftliche E-Mail-Adresse', help: 'Ihre Firmenadresse' },
      suppliers: { label: 'Anzahl der Lieferanten', options: { '1-10': '1 bis 10' } },
    },
    consent: { text: CONSENT_DE },
    submitLabel: 'Anmelden',
    successMessage: 'Sie sind angemeldet. Wir freuen uns auf Sie.',
    autoReply: {
      subject: 'Ihr Platz im Webinar',
      body: 'Guten Tag {{name}},\n\nvielen Dank fuer Ihre Anmeldung.',
    },
  },
};

async function setUp(locales: string[] = ['en-US', 'de-DE']) {
  const smtp = await startSmtpServer();
  servers.push(smtp);
  const now = { value: new Date('2026-11-27T09:00:00Z') };
  const base = await testApp({ SMTP_URL: smtp.url }, { now: () => now.value });
  const people: Record<
    string,
    (method: string, path: string, payload?: unknown) => Promise<Response>
  > = {};
  for (const role of ['admin', 'editor', 'sales'] as const) {
    const { cookie } = await base.signIn(`${role}@pharmabridge.test`, role);
    people[role] = async (method, path, payload) => base.json(method, path, payload, { cookie });
  }
  const as = (role: string) => people[role]!;
  const set = await as('admin')('PUT', '/api/admin/settings', { locales });
  if (set.status !== 200) throw new Error(`settings: ${set.status} ${await set.text()}`);
  const visitor = (payload: unknown) =>
    base.json('POST', '/api/contact', payload, {
      'user-agent': BROWSER,
      'x-forwarded-for': '203.0.113.9',
    });
  const publicForm = async (query = '') => {
    const response = await base.json('GET', `/api/forms/webinar${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as PublicForm;
  };
  return { ...base, as, visitor, smtp, now, publicForm };
}

const fieldsOf = async (response: Response) => ((await response.json()) as ErrorBody).error.fields;

const good = {
  formId: 'webinar',
  fields: {
    name: 'Dana Weber',
    email: 'dana.weber@example-pharma.de',
    company: 'Beispiel Pharma GmbH',
    suppliers: '1-10',
  },
  consent: true,
};

describe('form translations', () => {
  it('round-trip with the definition and are refused with the path of what is wrong', async () => {
    const { as } = await setUp();
    const saved = await as('editor')('PUT', '/api/admin/forms/webinar', {
      form: { ...webinar, translations: german },
    });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as StoredForm).form.translations).toEqual(german);

    const refused = async (translations: unknown, path: string, problem: RegExp) => {
      const response = await as('editor')('PUT', '/api/admin/forms/bad', {
        form: { ...webinar, translations },
      });
      expect(response.status, path).toBe(400);
      const fields = (await fieldsOf(response)) ?? {};
      expect(Object.keys(fields), path).toContain(`form.${path}`);
      expect(fields[`form.${path}`]!.join(' '), path).toMatch(problem);
    };
    const de = german['de-DE'];
    await refused(
      { 'de-DE': { fields: { job: { label: 'Beruf' } } } },
      'translations.de-DE.fields.job',
      /not a field of this form/,
    );
    await refused(
      {
        'de-DE': { fields: { suppliers: { label: 'Anzahl', options: { '11-50': '11 bis 50' } } } },
      },
      'translations.de-DE.fields.suppliers.options.11-50',
      /not an option of this field/,
    );
    await refused(
      { 'de-DE': { fields: { company: { label: 'Firma', options: { a: 'A' } } } } },
      'translations.de-DE.fields.company.options.a',
      /only a choice list has options/,
    );
    await refused({ de_DE: de }, 'translations.de_DE', /BCP 47 locale/);
    await refused({ 'de-de': de }, 'translations.de-de', /written de-DE/);
    await refused({ 'en-US': de }, 'translations.en-US', /default locale/);
    await refused(
      { 'de-DE': { fields: { suppliers: { options: { '1-10': '1 bis 10' } } } } },
      'translations.de-DE.fields.suppliers.label',
      /^is required$/,
    );
    await refused(
      { 'de-DE': { fields: { name: { label: '' } } } },
      'translations.de-DE.fields.name.label',
      /required/,
    );
    await refused(
      { 'de-DE': { autoReply: { subject: 'Hallo {{name}}', body: 'Text' } } },
      'translations.de-DE.autoReply.subject',
      /merge fields go in the message only/,
    );
    await refused(
      { 'de-DE': { autoReply: { subject: 'Hallo', body: 'Hallo {{email}}' } } },
      'translations.de-DE.autoReply.body',
      /not a merge field/,
    );
    await refused(
      { 'de-DE': { colour: 'blau' } },
      'translations.de-DE.colour',
      /not a known field/,
    );
    const noConsent = await as('editor')('PUT', '/api/admin/forms/bad', {
      form: {
        ...webinar,
        consent: { required: false, text: '' },
        translations: { 'de-DE': { consent: { text: CONSENT_DE } } },
      },
    });
    expect(Object.keys((await fieldsOf(noConsent)) ?? {})).toEqual([
      'form.translations.de-DE.consent.text',
    ]);
  });

  it('reach visitors only once the form is signed and published, like any change of it', async () => {
    const team = await formTeam(1);
    await team.as('admin')('PUT', '/api/admin/settings', { locales: ['en-US', 'de-DE'] });
    const german = async () => {
      team.clock.advance(10_000);
      return (await (
        await team.json('GET', '/api/forms/contact?locale=de-DE')
      ).json()) as PublicForm;
    };
    const before = await german();
    const state = await team.state();
    const contactForm = state.form;
    const saved = await team.as('author')('PUT', team.path('contact'), {
      form: {
        ...contactForm,
        translations: { 'de-DE': { submitLabel: 'Nachricht senden' } },
      },
      revision: state.revision,
    });
    expect(saved.status).toBe(200);
    expect(await german()).toEqual(before);
    expect((await team.as('author')('POST', team.path('contact', 'submit'), {})).status).toBe(200);
    expect(await german()).toEqual(before);
    expect(
      (await team.as('reviewer')('POST', team.path('contact', 'approve'), signature())).status,
    ).toBe(201);
    expect(await german()).toEqual(before);
    expect((await team.as('publisher')('POST', team.path('contact', 'publish'), {})).status).toBe(
      200,
    );
    expect((await german()).submitLabel).toBe('Nachricht senden');
    expect(before.submitLabel).toBe(contactForm.submitLabel);
  });
});

describe('GET /api/forms/:formId?locale', () => {
  it('gives the texts in the locale, the default where untranslated, and a consent version per locale', async () => {
    const { as, publicForm, now } = await setUp();
    await as('editor')('PUT', '/api/admin/forms/webinar', { form: webinar });
    const english = await publicForm();
    const saved = await as('editor')('PUT', '/api/admin/forms/webinar', {
      form: { ...webinar, translations: german },
      revision: 1,
    });
    expect(saved.status).toBe(200);
    now.value = new Date(now.value.getTime() + 10_000);
    const plain = await publicForm();
    const en = await publicForm('?locale=en-US');
    const de = await publicForm('?locale=de-DE');
    // The default locale's version is the hash of its text, as before translations.
    expect(plain.consent.version).toBe(await consentVersion(CONSENT_EN));
    expect(plain).toEqual(en);
    expect(en.locale).toBe('en-US');
    expect(en.consent.version).toBe(english.consent.version);
    expect(de.locale).toBe('de-DE');
    expect(de.title).toBe('Webinar-Anmeldung');
    expect(de.consent).toMatchObject({
      text: CONSENT_DE,
      version: await consentVersion(CONSENT_DE),
      required: true,
      privacyUrl: '/privacy',
    });
    expect(de.consent.version).not.toBe(en.consent.version);
    expect(de.submitLabel).toBe('Anmelden');
    expect(de.successMessage).toBe('Sie sind angemeldet. Wir freuen uns auf Sie.');
    expect(de.fields.map((field) => [field.name, field.label, field.help])).toEqual([
      ['name', 'Vollständiger Name', undefined],
      ['email', 'Geschäftliche E-Mail-Adresse', 'Ihre Firmenadresse'],
      ['company', 'Company', undefined],
      ['suppliers', 'Anzahl der Lieferanten', undefined],
      ['campaign', 'Campaign', undefined],
    ]);
    expect(de.fields[3]!.options).toEqual([
      { value: '1-10', label: '1 bis 10' },
      { value: '50+', label: 'More than 50' },
    ]);
    expect(JSON.stringify(de)).not.toContain('Ihr Platz im Webinar');
  });

  it('refuses a locale that is not a BCP 47 code or not one of the site locales, naming locale', async () => {
    const { json } = await setUp(['en-US', 'de-DE']);
    for (const [query, problem] of [
      ['?locale=german', /BCP 47/],
      ['?locale=de-de', /written de-DE/],
      ['?locale=de-AT', /not one of the site's locales \(en-US, de-DE\)/],
    ] as const) {
      const response = await json('GET', `/api/forms/webinar${query}`);
      expect(response.status, query).toBe(400);
      const fields = (await fieldsOf(response)) ?? {};
      expect(Object.keys(fields), query).toEqual(['locale']);
      expect(fields['locale']!.join(' '), query).toMatch(problem);
    }
    // A built-in form without translations answers in German with its default texts.
    const contact = await json('GET', '/api/forms/contact?locale=de-DE');
    expect(contact.status).toBe(200);
    expect((await contact.json()) as PublicForm).toMatchObject({
      locale: 'de-DE',
      title: 'Schreiben Sie uns',
    });
  });
});

describe('POST /api/contact with a locale', () => {
  it('stores the locale and the German consent, refuses a stale German version, mails in German', async () => {
    const { as, visitor, publicForm, smtp } = await setUp();
    await as('editor')('PUT', '/api/admin/forms/webinar', {
      form: { ...webinar, translations: german },
    });
    const de = await publicForm('?locale=de-DE');
    const en = await publicForm();

    // The English version with the German locale: the text the visitor saw was not that one.
    const stale = await visitor({ ...good, locale: 'de-DE', consentVersion: en.consent.version });
    expect(stale.status).toBe(400);
    expect(Object.keys((await fieldsOf(stale)) ?? {})).toEqual(['consent']);
    const unknown = await visitor({ ...good, locale: 'fr-FR', consentVersion: de.consent.version });
    expect(unknown.status).toBe(400);
    expect(Object.keys((await fieldsOf(unknown)) ?? {})).toEqual(['locale']);

    const sent = await visitor({ ...good, locale: 'de-DE', consentVersion: de.consent.version });
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: string };
    const lead = leadDetailSchema.parse(
      await (await as('sales')('GET', `/api/admin/leads/${id}`)).json(),
    ).lead;
    expect(lead.locale).toBe('de-DE');
    expect(lead.consent).toMatchObject({
      given: true,
      text: CONSENT_DE,
      version: de.consent.version,
    });
    const payload = leadWebhookPayloadSchema.parse(webhookPayload(lead));
    expect(payload.data.locale).toBe('de-DE');

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(header(mail!.raw, 'Subject')).toBe('Ihr Platz im Webinar');
    expect(body(mail!.raw)).toContain('Guten Tag Dana Weber,');
    expect(body(mail!.raw)).not.toContain('thank you for registering');

    // The German version after the German text changed: refused, naming consent.
    const resaved = await as('editor')('PUT', '/api/admin/forms/webinar', {
      form: {
        ...webinar,
        translations: {
          'de-DE': {
            ...german['de-DE'],
            consent: { text: `${CONSENT_DE} Jederzeit widerruflich.` },
          },
        },
      },
      revision: 1,
    });
    expect(resaved.status).toBe(200);
    const changed = await visitor({ ...good, locale: 'de-DE', consentVersion: de.consent.version });
    expect(changed.status).toBe(400);
    expect(((await changed.json()) as ErrorBody).error.fields?.['consent']?.[0]).toMatch(
      /changed since this page was loaded/,
    );
    // English visitors are untouched by the German change.
    const english = await visitor({
      ...good,
      fields: { ...good.fields, email: 'dana@example.com' },
      consentVersion: en.consent.version,
    });
    expect(english.status).toBe(201);
    const englishLead = leadDetailSchema.parse(
      await (
        await as('sales')(
          'GET',
          `/api/admin/leads/${((await english.json()) as { id: string }).id}`,
        )
      ).json(),
    ).lead;
    expect(englishLead.locale).toBe('en-US');
    expect(englishLead.consent).toMatchObject({ text: CONSENT_EN, version: en.consent.version });

    // The CSV's Locale column, just before the lead's id.
    const csv = await (await as('admin')('GET', '/api/admin/leads/export')).text();
    const [head] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(head).toMatch(/,Consent text,Locale,Lead id(,|$)/);
    expect(csv).toContain(`,de-DE,${lead.id}`);
    expect(csv).toContain(`,en-US,${englishLead.id}`);
  });
});
