// Owner assignment rules and the SLA reminder (issue 35) through the real app and DynamoDB
// Local, with the log mail transport (no SMTP_URL: every e-mail is a log line) and an injected
// clock: rules are tried in order and the first match wins; round-robin shares leads sent at
// once exactly (the turn counter); the owner gets the owner e-mail; bad rules are 400s naming
// the field; everything audited. The reminder goes once to the owner of a lead still new
// after slaHours (off by default), never for a lead someone worked.
import { describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../data/audit.ts';
import type { ErrorBody } from '../lib/errors.ts';
import { runLeadReminders } from '../mail/lead-reminder.ts';
import type { FormDefinitionInput } from '../shared/forms/definition.ts';
import { leadSettingsSchema, type LeadSettingsInput } from '../shared/leads/settings.ts';
import { leadDetailSchema } from '../shared/leads/lead.ts';
import { adminTestApp, BROWSER_USER_AGENT } from '../test/harness.ts';

const MAIL_LOG = 'mail (not sent: no SMTP_URL or SES configured)';
const [ANA, BEN, CAL, DEE] = [
  'ana@pharmabridge.test',
  'ben@pharmabridge.test',
  'cal@pharmabridge.test',
  'dee@pharmabridge.test',
];
const HOUR = 3_600_000;

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

async function setUp(env: Record<string, string> = {}) {
  const clock = { now: new Date('2027-01-12T09:00:00.000Z') };
  const app = await adminTestApp({ CONTACT_RATE_LIMIT: '1000', ...env }, { now: () => clock.now });
  for (const email of [ANA, BEN, CAL, DEE]) await app.signIn(email, 'sales');
  await app.signIn('eve.editor@pharmabridge.test', 'editor');
  expect((await app.json('PUT', '/api/admin/forms/webinar-2027', { form: webinar })).status).toBe(
    200,
  );
  let sent = 0;
  const register = async (country: string, name = `Person ${++sent}`) => {
    const response = await app.anonJson(
      'POST',
      '/api/contact',
      {
        formId: 'webinar-2027',
        fields: { name, email: `p${sent}@example.com`, company: 'Example Pharma', country },
      },
      { 'user-agent': BROWSER_USER_AGENT },
    );
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const demo = async () => {
    const response = await app.anonJson('POST', '/api/contact', {
      name: 'Dana Whitfield',
      email: 'dana@example-pharma.com',
      company: 'Example Pharma',
      message: 'A demo, please.',
      formType: 'general',
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const put = (body: Partial<LeadSettingsInput> & Record<string, unknown>) =>
    app.json('PUT', '/api/admin/settings/leads', {
      recipients: [],
      webhook: { enabled: false },
      ...body,
    });
  const settings = async () =>
    leadSettingsSchema.parse(await (await app.json('GET', '/api/admin/settings/leads')).json());
  const detail = async (id: string) =>
    leadDetailSchema.parse(await (await app.json('GET', `/api/admin/leads/${id}`)).json());
  const mails = () =>
    app.log.lines
      .filter((line) => line.message === MAIL_LOG)
      .map((line) => line.details as { to: string[]; subject: string; text: string });
  const auditEntries = async (action: string) =>
    (
      (await (await app.json('GET', '/api/admin/audit')).json()) as { entries: AuditEntry[] }
    ).entries.filter((entry) => entry.action === action);
  const fields = async (response: Response) => {
    expect(response.status).toBe(400);
    return ((await response.json()) as ErrorBody).error.fields ?? {};
  };
  return { ...app, clock, register, demo, put, settings, detail, mails, auditEntries, fields };
}

// Each test sends a dozen leads or more through the real app: minutes on a loaded machine.
vi.setConfig({ testTimeout: 180_000 });

describe('owner assignment rules', () => {
  it('tries the rules in order, the first match wins, and mails the owner; audited', async () => {
    const app = await setUp();
    const saved = await app.put({
      assignment: [
        {
          formId: 'webinar-2027',
          field: { name: 'country', equals: 'DE' },
          owners: [ANA],
          mode: 'first',
        },
        { formId: 'webinar-2027', owners: [BEN, CAL], mode: 'round-robin' },
      ],
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const rules = (await app.settings()).assignment;
    expect(rules.map((rule) => [rule.formId, rule.field?.equals, rule.owners, rule.mode])).toEqual([
      ['webinar-2027', 'DE', [ANA], 'first'],
      ['webinar-2027', undefined, [BEN, CAL], 'round-robin'],
    ]);
    expect(rules.every((rule) => /^[a-z0-9-]+$/.test(rule.id))).toBe(true);

    const german = await app.register(' de ');
    const french = await app.register('FR');
    const spanish = await app.register('ES');
    const other = await app.demo();
    expect((await app.detail(german)).lead.owner).toBe(ANA);
    expect((await app.detail(french)).lead.owner).toBe(BEN);
    expect((await app.detail(spanish)).lead.owner).toBe(CAL);
    expect((await app.detail(other)).lead.owner).toBeUndefined();

    const timeline = (await app.detail(german)).timeline;
    expect(timeline).toEqual([
      expect.objectContaining({
        kind: 'owner',
        toOwner: ANA,
        author: expect.stringContaining('rule 1'),
      }),
    ]);
    const mail = app.mails().find((message) => message.to.includes(ANA));
    expect(mail?.subject).toBe('Lead assigned to you: Person 1 (Example Pharma)');
    expect(mail?.text).toContain('Lead routing rule 1 (form webinar-2027, country = DE, first)');
    expect(mail?.text).toContain('Form:     Webinar registration 2027');
    expect(mail?.text).not.toContain('p1@example.com');

    const owners = await app.auditEntries('lead-owner');
    expect(owners.map((entry) => [entry.leadId, entry.summary]).sort()).toEqual(
      [
        [
          german,
          `Lead ${german}: owner nobody → ${ANA} by assignment rule 1 (form webinar-2027, country = DE, first)`,
        ],
        [
          french,
          `Lead ${french}: owner nobody → ${BEN} by assignment rule 2 (form webinar-2027, round-robin)`,
        ],
        [
          spanish,
          `Lead ${spanish}: owner nobody → ${CAL} by assignment rule 2 (form webinar-2027, round-robin)`,
        ],
      ].sort(),
    );
    const settingsAudit = (await app.auditEntries('settings')).find((entry) =>
      entry.summary.startsWith('Lead routing saved'),
    );
    expect(settingsAudit?.summary).toContain(
      `assignment rule 1 (form webinar-2027, country = DE, first) → ${ANA}; rule 2 (form webinar-2027, round-robin) → ${BEN}, ${CAL}`,
    );
  });

  it('shares leads sent at once exactly in turn (round-robin under concurrency)', async () => {
    const app = await setUp();
    expect(
      (await app.put({ assignment: [{ owners: [ANA, BEN, CAL], mode: 'round-robin' }] })).status,
    ).toBe(200);
    const ids = await Promise.all(Array.from({ length: 12 }, () => app.register('NL')));
    const owners = await Promise.all(ids.map(async (id) => (await app.detail(id)).lead.owner));
    const counts = Object.fromEntries(
      [ANA, BEN, CAL].map((owner) => [owner, owners.filter((o) => o === owner).length]),
    );
    expect(counts).toEqual({ [ANA]: 4, [BEN]: 4, [CAL]: 4 });
  });

  it('passes over an owner who can no longer work leads, and never assigns spam', async () => {
    const app = await setUp();
    expect((await app.put({ assignment: [{ owners: [ANA, BEN], mode: 'first' }] })).status).toBe(
      200,
    );
    await app.services.admins.disable(ANA, app.email);
    const id = await app.register('DE');
    expect((await app.detail(id)).lead.owner).toBe(BEN);
    const spam = await app.anonJson('POST', '/api/contact', {
      name: 'Bot',
      email: 'bot@example.com',
      company: 'Bots',
      message: 'spam',
      formType: 'general',
      website: 'https://spam.example',
    });
    const spamId = ((await spam.json()) as { id: string }).id;
    expect((await app.detail(spamId)).lead.owner).toBeUndefined();
  });

  it('refuses bad rules with the field and the problem, and keeps what was stored', async () => {
    const app = await setUp();
    expect((await app.put({ assignment: [{ owners: [ANA], mode: 'first' }] })).status).toBe(200);
    expect(
      await app.fields(
        await app.put({ assignment: [{ owners: ['nobody@pharmabridge.test'], mode: 'first' }] }),
      ),
    ).toEqual({
      'assignment.0.owners.0': [
        expect.stringMatching(/^must be an active account whose role works leads/),
      ],
    });
    expect(
      await app.fields(
        await app.put({
          assignment: [{ owners: ['eve.editor@pharmabridge.test'], mode: 'first' }],
        }),
      ),
    ).toHaveProperty(['assignment.0.owners.0']);
    expect(
      await app.fields(
        await app.put({ assignment: [{ formId: 'no-such-form', owners: [ANA], mode: 'first' }] }),
      ),
    ).toEqual({ 'assignment.0.formId': ['is not a form of this site'] });
    expect(
      await app.fields(await app.put({ assignment: [{ owners: [ANA], mode: 'random' as never }] })),
    ).toEqual({ 'assignment.0.mode': ['must be one of "round-robin", "first"'] });
    expect(
      await app.fields(await app.put({ assignment: [{ owners: [], mode: 'first' }] })),
    ).toEqual({
      'assignment.0.owners': ['must name at least one owner'],
    });
    expect(
      await app.fields(
        await app.put({
          assignment: [{ field: { name: 'country', equals: ' ' }, owners: [ANA], mode: 'first' }],
        }),
      ),
    ).toEqual({ 'assignment.0.field.equals': ['must not be empty'] });
    expect(await app.fields(await app.put({ slaHours: 0 }))).toEqual({
      slaHours: ['must be at least 1 hour'],
    });
    expect(await app.fields(await app.put({ slaHours: 1.5 }))).toEqual({
      slaHours: ['must be a whole number'],
    });
    const kept = await app.settings();
    expect(kept.assignment.map((rule) => rule.owners)).toEqual([[ANA]]);
    expect(kept.slaHours).toBeNull();
  });
});

describe('the SLA reminder', () => {
  it('is off by default', async () => {
    const app = await setUp();
    expect((await app.settings()).slaHours).toBeNull();
    await app.register('DE');
    app.clock.now = new Date(app.clock.now.getTime() + 30 * 24 * HOUR);
    expect(await runLeadReminders(app.services)).toEqual({ reminded: 0, failed: 0 });
    expect(app.mails().filter((mail) => mail.subject.startsWith('Still new'))).toEqual([]);
  });

  it('reminds the owner once when a lead is still new after slaHours; audited', async () => {
    const app = await setUp({ NOTIFY_EMAIL: 'team@pharmabridge.example' });
    expect(
      (
        await app.put({
          recipients: ['team@pharmabridge.example'],
          slaHours: 2,
          assignment: [{ formId: 'webinar-2027', owners: [ANA], mode: 'first' }],
        })
      ).status,
    ).toBe(200);
    const owned = await app.register('DE', 'Jane Doe');
    const worked = await app.register('DE', 'Worked On');
    const unowned = await app.demo();
    expect(
      (await app.json('PATCH', `/api/admin/leads/${worked}`, { status: 'contacted' })).status,
    ).toBe(200);
    const reminders = () => app.mails().filter((mail) => mail.subject.startsWith('Still new'));

    app.clock.now = new Date(app.clock.now.getTime() + 2 * HOUR - 60_000);
    expect(await runLeadReminders(app.services)).toEqual({ reminded: 0, failed: 0 });
    app.clock.now = new Date(app.clock.now.getTime() + 2 * 60_000);
    // Two runs at once (overlapping schedules) remind each lead once.
    const runs = await Promise.all([
      runLeadReminders(app.services),
      runLeadReminders(app.services),
    ]);
    expect(runs.reduce((sum, run) => sum + run.reminded, 0)).toBe(2);
    expect(await runLeadReminders(app.services)).toEqual({ reminded: 0, failed: 0 });

    const sent = reminders();
    expect(sent.map((mail) => [mail.to, mail.subject]).sort()).toEqual(
      [
        [[ANA], 'Still new after 2 hours: Jane Doe (Example Pharma)'],
        [['team@pharmabridge.example'], 'Still new after 2 hours: Dana Whitfield (Example Pharma)'],
      ].sort(),
    );
    expect(sent.find((mail) => mail.to.includes(ANA))?.text).toContain(
      `/admin/leads?lead=${owned}`,
    );
    expect((await app.detail(owned)).lead.reminder).toMatchObject({
      to: [ANA],
      hours: 2,
      outcome: 'sent',
    });
    expect((await app.detail(worked)).lead.reminder).toBeUndefined();
    expect((await app.detail(unowned)).lead.reminder).toMatchObject({ outcome: 'sent' });
    const audit = await app.auditEntries('lead-reminder');
    expect(audit.map((entry) => entry.leadId).sort()).toEqual([owned, unowned].sort());
  });
});
