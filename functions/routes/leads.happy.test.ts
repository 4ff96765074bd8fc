// The Leads inbox API through the real app and DynamoDB Local: lists with each filter and
// pagination, status changes and notes (audited), spam rescue, erasure, the notification
// outcome and the CSV export.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../data/audit.ts';
import { adminTestApp, seedPages } from '../test/harness.ts';
import { body as mailBody, startSmtpServer } from '../test/smtp.ts';
import { UTF8_BOM } from '../shared/csv.ts';
import { leadDetailSchema } from '../shared/leads/lead.ts';
import { leadListSchema, leadStatsSchema, type LeadList } from '../shared/leads/list.ts';

const base = {
  name: 'Dana Whitfield',
  email: 'dana.whitfield@example-pharma.com',
  company: 'Example Pharma',
  message: 'We would like a demo.',
};

/** An admin app whose clock moves one minute per submitted lead. */
async function inbox(overrides: Record<string, string> = {}) {
  const clock = { now: new Date('2026-03-02T09:00:00.000Z') };
  const app = await adminTestApp(
    { CONTACT_RATE_LIMIT: '1000', ...overrides },
    { now: () => clock.now },
  );
  const submit = async (fields: Record<string, unknown> = {}) => {
    const response = await app.json('POST', '/api/contact', { ...base, ...fields });
    expect(response.status).toBe(201);
    clock.now = new Date(clock.now.getTime() + 60_000);
    return ((await response.json()) as { id: string }).id;
  };
  const list = async (query = ''): Promise<LeadList> => {
    const response = await app.json('GET', `/api/admin/leads${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return leadListSchema.parse(await response.json());
  };
  const names = async (query = '') => (await list(query)).leads.map((lead) => lead.name);
  const patch = (id: string, body: unknown) => app.json('PATCH', `/api/admin/leads/${id}`, body);
  const detail = async (id: string) =>
    leadDetailSchema.parse(await (await app.json('GET', `/api/admin/leads/${id}`)).json());
  const auditEntries = async () =>
    ((await (await app.json('GET', '/api/admin/audit')).json()) as { entries: AuditEntry[] })
      .entries;
  return { ...app, clock, submit, list, names, patch, detail, auditEntries };
}

describe('GET /api/admin/leads: lists', () => {
  it('lists leads newest first with every column, spam left out', async () => {
    const app = await inbox();
    const first = await app.submit({
      name: 'First',
      formType: 'pricing',
      landingPageId: 'default',
    });
    await app.submit({
      name: 'Second',
      formType: 'contact-page',
      inquiryType: 'sales',
      role: 'CDO',
    });
    await app.submit({ name: 'Bot', website: 'http://spam.example' });
    await app.submit({ name: 'Third', formType: 'pilot' });

    const list = await app.list();
    expect(list.leads.map((lead) => lead.name)).toEqual(['Third', 'Second', 'First']);
    expect(list.cursor).toBeUndefined();
    expect(list.partial).toBe(false);
    expect(list.leads[2]).toEqual({
      id: first,
      name: 'First',
      email: base.email,
      company: base.company,
      formType: 'pricing',
      // The form it was sent with (issue 26): a docs/requirements.md body names its built-in form.
      formId: 'pricing-request',
      // The form's title as it was sent (issue 35); the inbox shows a built-in's type label.
      formTitle: 'Pricing request (dialog)',
      // The locale of the page it came from (issue 39): en-US when the body names none.
      locale: 'en-US',
      landingPageId: 'default',
      status: 'new',
      createdAt: '2026-03-02T09:00:00.000Z',
      // One e-mail address, one contact: the first of its three submissions (spam not counted).
      submission: 1,
      submissions: 3,
    });
    expect(list.leads[1]).toMatchObject({ inquiryType: 'sales', role: 'CDO' });
    // The list carries no message; the detail does.
    expect(JSON.stringify(list)).not.toContain(base.message);
  });

  it('pages with a cursor until the end', async () => {
    const app = await inbox();
    for (let i = 1; i <= 7; i++) await app.submit({ name: `Lead ${i}` });
    const first = await app.list('?limit=3');
    expect(first.leads.map((l) => l.name)).toEqual(['Lead 7', 'Lead 6', 'Lead 5']);
    expect(first.cursor).toBeDefined();
    const second = await app.list(`?limit=3&cursor=${first.cursor}`);
    expect(second.leads.map((l) => l.name)).toEqual(['Lead 4', 'Lead 3', 'Lead 2']);
    const third = await app.list(`?limit=3&cursor=${second.cursor}`);
    expect(third.leads.map((l) => l.name)).toEqual(['Lead 1']);
    expect(third.cursor).toBeUndefined();
    // Exactly a page left: no cursor to an empty page.
    const exact = await app.list('?limit=7');
    expect(exact.leads).toHaveLength(7);
    expect(exact.cursor).toBeUndefined();
  });

  it('filters by status, spam included', async () => {
    const app = await inbox();
    const a = await app.submit({ name: 'A' });
    await app.submit({ name: 'B' });
    await app.submit({ name: 'Bot', website: 'x' });
    expect((await app.patch(a, { status: 'contacted' })).status).toBe(200);
    expect(await app.names('?status=contacted')).toEqual(['A']);
    expect(await app.names('?status=new')).toEqual(['B']);
    expect(await app.names('?status=spam')).toEqual(['Bot']);
    expect(await app.names('?status=won')).toEqual([]);
    expect(await app.names('?status=')).toEqual(['B', 'A']);
  });

  it('filters by form', async () => {
    const app = await inbox();
    await app.submit({ name: 'Dialog', formType: 'general' });
    await app.submit({ name: 'Pricing', formType: 'pricing' });
    await app.submit({ name: 'Page', formType: 'contact-page', inquiryType: 'demo' });
    await app.submit({ name: 'Pilot', formType: 'pilot' });
    expect(await app.names('?form=pricing')).toEqual(['Pricing']);
    expect(await app.names('?form=contact-page')).toEqual(['Page']);
    expect(await app.names('?form=pilot')).toEqual(['Pilot']);
    expect(await app.names('?form=general&status=new')).toEqual(['Dialog']);
  });

  it('filters by landing page, whatever form of its id the lead carries', async () => {
    const app = await inbox();
    const pages = await seedPages(app.services, ['spring']);
    const home = pages.find((page) => page.slug === 'default')!;
    const spring = pages.find((page) => page.slug === 'spring')!;
    await app.submit({ name: 'Home dialog', landingPageId: 'default' });
    await app.submit({ name: 'Home pricing', formType: 'pricing', landingPageId: home.id });
    await app.submit({ name: 'Spring', landingPageId: 'spring' });
    await app.submit({ name: 'Spring live', landingPageId: 'legacy/spring' });
    await app.submit({ name: 'No page', formType: 'pilot' });
    expect(await app.names(`?page=${home.id}`)).toEqual(['Home pricing', 'Home dialog']);
    expect(await app.names(`?page=${spring.id}`)).toEqual(['Spring live', 'Spring']);
    // A page that no longer exists is matched by the value the leads carry.
    expect(await app.names('?page=legacy/spring')).toEqual(['Spring live']);
  });

  it('filters by date range: from inclusive, to exclusive', async () => {
    const app = await inbox();
    for (const name of ['09:00', '09:01', '09:02', '09:03']) await app.submit({ name });
    expect(await app.names('?from=2026-03-02T09:01:00.000Z&to=2026-03-02T09:03:00.000Z')).toEqual([
      '09:02',
      '09:01',
    ]);
    expect(await app.names('?from=2026-03-02T09:02:00Z')).toEqual(['09:03', '09:02']);
    expect(await app.names('?to=2026-03-02T09:01:00Z')).toEqual(['09:00']);
    // Offsets are instants: 10:01+01:00 is 09:01Z.
    expect(await app.names('?from=2026-03-02T10:03:00%2B01:00')).toEqual(['09:03']);
    expect(await app.names('?status=new&from=2026-03-02T09:03:00Z')).toEqual(['09:03']);
  });

  it('searches name, email and company, ignoring case and accents', async () => {
    const app = await inbox();
    await app.submit({ name: 'Zoë Müller', email: 'zm@klinik.example', company: 'Klinik' });
    await app.submit({
      name: 'Sam Okafor',
      email: 'sam@supplier.example',
      company: 'Acme Biotech',
    });
    await app.submit({ name: 'Li Wei', email: 'li@wei.example', company: 'Zoetis Partners' });
    expect(await app.names('?q=ZOE')).toEqual(['Li Wei', 'Zoë Müller']);
    expect(await app.names('?q=muller')).toEqual(['Zoë Müller']);
    expect(await app.names('?q=supplier.example')).toEqual(['Sam Okafor']);
    expect(await app.names('?q=acme%20bio')).toEqual(['Sam Okafor']);
    expect(await app.names('?q=nobody')).toEqual([]);
    // The message is not searched.
    expect(await app.names('?q=demo')).toEqual([]);
  });

  it('pages through a filtered list, and says when a page stopped at the read budget', async () => {
    const app = await inbox();
    for (let i = 1; i <= 6; i++) {
      await app.submit({ name: `Lead ${i}`, formType: i % 2 ? 'pilot' : 'general' });
    }
    const first = await app.list('?form=pilot&limit=2');
    expect(first.leads.map((l) => l.name)).toEqual(['Lead 5', 'Lead 3']);
    const second = await app.list(`?form=pilot&limit=2&cursor=${first.cursor}`);
    expect(second.leads.map((l) => l.name)).toEqual(['Lead 1']);
    expect(second.cursor).toBeUndefined();

    // The budget (2,000 items per request) is a parameter of the repository.
    const partial = await app.services.leads.list({ form: 'pilot' }, { limit: 10, budget: 3 });
    expect(partial.leads.map((l) => l.name)).toEqual(['Lead 5']);
    expect(partial.partial).toBe(true);
    const rest = await app.services.leads.list(
      { form: 'pilot' },
      { limit: 10, budget: 3, cursor: partial.cursor },
    );
    expect(rest.leads.map((l) => l.name)).toEqual(['Lead 3', 'Lead 1']);
    expect(rest.partial).toBe(false);
  });

  it('counts new leads for the tab label', async () => {
    const app = await inbox();
    const stats = async () =>
      leadStatsSchema.parse(await (await app.json('GET', '/api/admin/leads/stats')).json());
    expect(await stats()).toEqual({ newCount: 0 });
    const a = await app.submit();
    await app.submit();
    await app.submit({ website: 'spam' });
    expect(await stats()).toEqual({ newCount: 2 });
    await app.patch(a, { status: 'contacted' });
    expect(await stats()).toEqual({ newCount: 1 });
  });
});

describe('GET/PATCH /api/admin/leads/:id: detail, workflow, notes', () => {
  it('shows every field, the message with its line breaks, and an empty timeline', async () => {
    const app = await inbox();
    const id = await app.submit({
      formType: 'contact-page',
      inquiryType: 'partnership',
      role: 'Director of Data Operations',
      message: 'Line one\nLine two\n\nLine four',
    });
    const detail = await app.detail(id);
    expect(detail).toEqual({
      lead: {
        id,
        ...base,
        message: 'Line one\nLine two\n\nLine four',
        role: 'Director of Data Operations',
        inquiryType: 'partnership',
        formType: 'contact-page',
        formId: 'contact',
        formTitle: 'Contact page',
        locale: 'en-US',
        status: 'new',
        createdAt: '2026-03-02T09:00:00.000Z',
        notification: { status: 'not-configured' },
      },
      timeline: [],
      delivery: null,
      webhookConfigured: false,
      contact: { submission: 1, submissions: 1 },
    });
  });

  it('shows attribution fields once a lead carries them', async () => {
    const app = await inbox();
    const lead = await app.services.leads.create(
      { ...base, formType: 'general', landingPageId: 'spring' },
      {
        spam: false,
        attribution: {
          pageId: 'b6a7e3c4-1111-4222-8333-944455556666',
          referrerHost: 'news.example.com',
          utmSource: 'newsletter',
          utmMedium: 'email',
          utmCampaign: 'spring-2026',
        },
      },
    );
    expect((await app.detail(lead.id)).lead.attribution).toEqual({
      pageId: 'b6a7e3c4-1111-4222-8333-944455556666',
      referrerHost: 'news.example.com',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring-2026',
    });
  });

  it('moves a lead through the workflow with notes, each change in the timeline and the audit log', async () => {
    const app = await inbox();
    const id = await app.submit();
    let response = await app.patch(id, { status: 'contacted', note: 'Called; demo on Friday.' });
    expect(response.status).toBe(200);
    let detail = leadDetailSchema.parse(await response.json());
    expect(detail.lead).toMatchObject({
      status: 'contacted',
      updatedAt: '2026-03-02T09:01:00.000Z',
    });
    expect(detail.timeline).toEqual([
      expect.objectContaining({ kind: 'status', from: 'new', to: 'contacted', author: app.email }),
      expect.objectContaining({ kind: 'note', text: 'Called; demo on Friday.', author: app.email }),
    ]);

    app.clock.now = new Date('2026-03-03T10:00:00.000Z');
    response = await app.patch(id, { note: '  Sent the pricing sheet.  ' });
    detail = leadDetailSchema.parse(await response.json());
    expect(detail.lead.status).toBe('contacted');
    expect(detail.timeline.at(-1)).toMatchObject({
      kind: 'note',
      text: 'Sent the pricing sheet.',
      at: '2026-03-03T10:00:00.000Z',
    });
    for (const status of ['qualified', 'won'] as const) {
      app.clock.now = new Date(app.clock.now.getTime() + 60_000);
      expect((await app.patch(id, { status })).status).toBe(200);
    }
    detail = await app.detail(id);
    expect(detail.lead.status).toBe('won');
    expect(detail.timeline.map((entry) => entry.to ?? 'note')).toEqual([
      'contacted',
      'note',
      'note',
      'qualified',
      'won',
    ]);
    expect(await app.names('?status=won')).toEqual([base.name]);
    expect(await app.names('?status=contacted')).toEqual([]);

    const entries = (await app.auditEntries()).filter((entry) => entry.leadId === id);
    // Entries of one request share an instant, so compare without their order.
    expect(entries.map((entry) => entry.summary).sort()).toEqual(
      [
        `Lead ${id}: status new → contacted`,
        `Lead ${id}: note added`,
        `Lead ${id}: note added`,
        `Lead ${id}: status contacted → qualified`,
        `Lead ${id}: status qualified → won`,
      ].sort(),
    );
    expect(entries.every((entry) => entry.actor === app.email)).toBe(true);
    // Audit lines name the lead by id only: no person, no note text.
    expect(JSON.stringify(entries)).not.toMatch(/Dana|example-pharma|Friday|pricing sheet/);
  });

  it('changes nothing (and audits nothing) for the status the lead already has', async () => {
    const app = await inbox();
    const id = await app.submit();
    const response = await app.patch(id, { status: 'new' });
    expect(response.status).toBe(200);
    expect((await app.detail(id)).timeline).toEqual([]);
    expect((await app.auditEntries()).filter((entry) => entry.leadId === id)).toEqual([]);
  });

  it('refuses a change based on a stale read with a conflict', async () => {
    const app = await inbox();
    const id = await app.submit();
    const stale = (await app.services.leads.record(id))!;
    await app.patch(id, { status: 'contacted' });
    await expect(
      app.services.leads.update(stale, { status: 'lost' }, 'other@pharmabridge.test', {
        forward: false,
      }),
    ).rejects.toThrow(/changed by someone else/);
    expect((await app.detail(id)).lead.status).toBe('contacted');
  });

  it('rescues a honeypot lead from spam, and marks a lead as spam', async () => {
    const app = await inbox();
    const id = await app.submit({ name: 'Real Person', website: 'autofilled by a browser' });
    expect(await app.names()).toEqual([]);
    expect((await app.detail(id)).lead).toMatchObject({ status: 'spam', spamSource: 'honeypot' });
    expect((await app.detail(id)).lead.notification).toEqual({ status: 'skipped' });

    expect((await app.patch(id, { status: 'new' })).status).toBe(200);
    expect(await app.names()).toEqual(['Real Person']);
    expect(await app.names('?status=spam')).toEqual([]);
    const rescued = (await app.detail(id)).lead;
    expect(rescued.status).toBe('new');
    expect(rescued.spamSource).toBeUndefined();

    expect((await app.patch(id, { status: 'spam' })).status).toBe(200);
    expect(await app.names()).toEqual([]);
    expect((await app.detail(id)).lead).toMatchObject({ status: 'spam', spamSource: 'admin' });
    const summaries = (await app.auditEntries()).map((entry) => entry.summary);
    expect(summaries).toContain(`Lead ${id}: status spam → new`);
    expect(summaries).toContain(`Lead ${id}: status new → spam`);
  });
});

describe('DELETE /api/admin/leads/:id: erasure', () => {
  it('deletes the lead, its notes and its delivery; the audit keeps the id and who, nothing personal', async () => {
    const app = await inbox({
      LEAD_WEBHOOK_URL: 'http://127.0.0.1:9/hooks',
      LEAD_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 1).toString('base64')}`,
    });
    const id = await app.submit();
    const other = await app.submit({ name: 'Someone Else' });
    await app.patch(id, { status: 'contacted', note: 'Dana asked us to call on her mobile.' });
    const partition = async (leadId: string) =>
      (
        await app.services.db.send(
          new QueryCommand({
            TableName: app.services.tableName,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': `LEAD#${leadId}` },
          }),
        )
      ).Items ?? [];
    expect((await partition(id)).map((item) => String(item['sk']).split('#')[0])).toEqual([
      'LEAD',
      'NOTE',
      'NOTE',
      'OUTBOX',
    ]);

    const response = await app.json('DELETE', `/api/admin/leads/${id}`);
    expect(response.status).toBe(204);
    expect(await partition(id)).toEqual([]);
    expect((await app.json('GET', `/api/admin/leads/${id}`)).status).toBe(404);
    expect(await app.names('?status=contacted')).toEqual([]);
    expect(await app.names()).toEqual(['Someone Else']);
    expect((await app.detail(other)).lead.name).toBe('Someone Else');

    const erased = (await app.auditEntries()).find((entry) => entry.action === 'lead-erase');
    expect(erased).toMatchObject({ leadId: id, actor: app.email });
    const everything = JSON.stringify(await app.auditEntries());
    expect(everything).not.toMatch(/Dana|Whitfield|example-pharma|mobile/);

    expect((await app.json('DELETE', `/api/admin/leads/${id}`)).status).toBe(404);
  });
});

describe('notification email outcome', () => {
  it('records sent, or failed with the reason, on the lead', async () => {
    for (const rejectRecipients of [false, true]) {
      const smtp = await startSmtpServer({ rejectRecipients });
      try {
        const app = await inbox({ SMTP_URL: smtp.url, NOTIFY_EMAIL: 'sales@pharmabridge.example' });
        const id = await app.submit();
        const { notification } = (await app.detail(id)).lead;
        if (rejectRecipients) {
          expect(notification).toMatchObject({ status: 'failed', transport: 'smtp' });
          expect(notification?.error).toBeTruthy();
        } else {
          expect(notification).toEqual({
            status: 'sent',
            transport: 'smtp',
            at: '2026-03-02T09:00:00.000Z',
          });
          expect(mailBody(smtp.received[0]!.raw)).toContain(base.email);
        }
      } finally {
        await smtp.stop();
      }
    }
  });
});

describe('GET /api/admin/leads/export: CSV', () => {
  it('exports the current filter as RFC 4180 CSV with a BOM, formulas inert, audited', async () => {
    const app = await inbox();
    const evil = await app.submit({
      name: '=HYPERLINK("http://evil","x")',
      company: '+cmd|calc',
      message: 'Line one\nLine two, with "quotes"',
      formType: 'pricing',
    });
    await app.submit({ name: 'Pilot Person', formType: 'pilot' });
    await app.submit({ name: 'Bot', website: 'spam' });

    const response = await app.json('GET', '/api/admin/leads/export?form=pricing');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="leads-2026-03-02.csv"',
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    const records = text.slice(1).split('\r\n');
    expect(records[0]).toBe(
      'Received (UTC),Name,Email,Company,Role,Form,Inquiry type,Landing page,Status,Message,Referrer host,UTM source,UTM medium,UTM campaign,Owner,Form id,Consent,Consent version,Consent text,Locale,Lead id',
    );
    expect(records[1]).toBe(
      `2026-03-02T09:00:00.000Z,"'=HYPERLINK(""http://evil"",""x"")",${base.email},'+cmd|calc,,Dialog (pricing),,,New,"Line one\nLine two, with ""quotes""",,,,,,pricing-request,none,,,en-US,${evil}`,
    );
    expect(records).toHaveLength(3); // header, one lead, and the empty string after the last CRLF
    expect(records[2]).toBe('');
    expect(text).not.toContain('Pilot Person');
    expect(text).not.toContain('Bot');

    const all = await (await app.json('GET', '/api/admin/leads/export?q=person')).text();
    expect(all).toContain('Pilot Person');
    const entries = (await app.auditEntries()).filter((entry) => entry.action === 'lead-export');
    expect(entries.map((entry) => entry.summary).sort()).toEqual([
      'Leads exported as CSV: 1 row (a search)',
      'Leads exported as CSV: 1 row (form pricing)',
    ]);
  });
});
