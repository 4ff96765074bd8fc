// POST /api/contact notifies the team by e-mail after the lead is stored (docs/requirements.md §10
// Forms), through a real SMTP server on loopback. A failed notification never loses the
// lead or the visitor's success; spam notifies nobody.
import { afterEach, describe, expect, it } from 'vitest';
import { testApp } from '../test/harness.ts';
import { body, header, startSmtpServer } from '../test/smtp.ts';

const lead = {
  name: 'Dana Whitfield',
  email: 'dana.whitfield@example-pharma.com',
  company: 'Example Pharma',
  message: 'We would like a demo for our specialty pharmacy data program.',
};

const servers: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

async function appWithSmtp(options: { rejectRecipients?: boolean; notify?: string } = {}) {
  const smtp = await startSmtpServer(options);
  servers.push(smtp);
  const app = await testApp({
    SMTP_URL: smtp.url,
    SITE_URL: 'https://www.pharmabridge.example',
    ...(options.notify === ''
      ? {}
      : { NOTIFY_EMAIL: options.notify ?? 'sales@pharmabridge.example' }),
  });
  return { ...app, smtp };
}

describe('POST /api/contact: lead notification', () => {
  it('emails NOTIFY_EMAIL about a stored lead, with reply-to the visitor', async () => {
    const { json, services, smtp } = await appWithSmtp({
      notify: 'sales@pharmabridge.example, ops@pharmabridge.example',
    });
    const response = await json('POST', '/api/contact', {
      ...lead,
      formType: 'pricing',
      landingPageId: 'default',
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect((await services.leads.newest()).map((stored) => stored.id)).toEqual([id]);

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(['sales@pharmabridge.example', 'ops@pharmabridge.example']);
    expect(header(mail!.raw, 'Subject')).toBe(
      'New pricing request from Dana Whitfield (Example Pharma)',
    );
    expect(header(mail!.raw, 'Reply-To')).toBe('dana.whitfield@example-pharma.com');
    const text = body(mail!.raw);
    expect(text).toContain('Email:    dana.whitfield@example-pharma.com');
    expect(text).toContain('Form:     Pricing request (landing-page dialog)');
    expect(text).toContain('Page:     default');
    expect(text).toContain(lead.message);
    expect(text).toContain('All leads: https://www.pharmabridge.example/admin');
  });

  // A multi-line company is refused now (functions/mail/lead-notification.security.test.ts).
  it('names the inquiry type and the role of the contact page', async () => {
    const { json, smtp } = await appWithSmtp();
    const response = await json('POST', '/api/contact', {
      ...lead,
      company: 'Example Pharma',
      role: 'Director of Data Operations',
      inquiryType: 'partnership',
      formType: 'contact-page',
    });
    expect(response.status).toBe(201);
    const [mail] = smtp.received;
    expect(header(mail!.raw, 'Subject')).toBe('New inquiry from Dana Whitfield (Example Pharma)');
    expect(body(mail!.raw)).toContain('Inquiry:  Partnership');
    expect(body(mail!.raw)).toContain('Role:     Director of Data Operations');
  });

  it('sends nothing for a filled honeypot', async () => {
    const { json, services, smtp } = await appWithSmtp();
    const response = await json('POST', '/api/contact', {
      ...lead,
      website: 'http://spam.example',
    });
    expect(response.status).toBe(201);
    expect(await services.leads.byStatus('spam')).toHaveLength(1);
    expect(smtp.received).toHaveLength(0);
  });

  it('sends nothing when NOTIFY_EMAIL is not set', async () => {
    const { json, smtp } = await appWithSmtp({ notify: '' });
    expect((await json('POST', '/api/contact', lead)).status).toBe(201);
    expect(smtp.received).toHaveLength(0);
  });

  it('keeps the lead and the 201 when the mail server refuses, and logs the failure with the lead id', async () => {
    const { json, services, log, smtp } = await appWithSmtp({ rejectRecipients: true });
    const response = await json('POST', '/api/contact', lead);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(await services.leads.newest()).toEqual([
      expect.objectContaining({ ...lead, id, status: 'new' }),
    ]);
    expect(smtp.received).toHaveLength(0);
    const failure = log.lines.find((line) => line.message === 'lead notification failed');
    expect(failure?.level).toBe('error');
    expect(failure?.details).toMatchObject({ leadId: id, transport: 'smtp' });
  });
});
