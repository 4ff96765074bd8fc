// The lead notification cannot be made to say what the product did not (issue 21, item 11):
// a visitor once put CR/LF into company or role and wrote a fake "Bcc:" line and a link
// above the real one. One-line fields are refused with a line break or control character
// at the API; a stored lead from before that is flattened in the mail; the message is
// quoted line by line, so none of it reads as the product's own text. The mail goes
// through a real SMTP server on loopback (functions/test/smtp.ts).
import { afterEach, describe, expect, it } from 'vitest';
import type { Lead } from '../data/leads/lead-item.ts';
import type { ErrorBody } from '../lib/errors.ts';
import { testApp } from '../test/harness.ts';
import { body, startSmtpServer } from '../test/smtp.ts';
import { leadNotification } from './lead-notification.ts';

const visitor = {
  name: 'Dana Whitfield',
  email: 'dana@example-pharma.com',
  company: 'Example Pharma',
  role: 'Director',
  message: 'Hello',
  landingPageId: 'default',
};

const servers: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

async function appWithSmtp() {
  const smtp = await startSmtpServer({});
  servers.push(smtp);
  const app = await testApp({
    SMTP_URL: smtp.url,
    SITE_URL: 'https://www.pharmabridge.example',
    NOTIFY_EMAIL: 'sales@pharmabridge.example',
  });
  return { ...app, smtp };
}

/** Lines of the body that start like the product's own lines. */
const productLines = (text: string, start: string) =>
  text.split('\n').filter((line) => line.startsWith(start));

describe('POST /api/contact: one-line fields', () => {
  it('refuses a line break or control character in name, company, role and page, naming the field', async () => {
    const { json, services, smtp } = await appWithSmtp();
    const cases: [keyof typeof visitor, string][] = [
      ['company', 'Acme\r\nBcc: attacker@evil.example'],
      ['role', 'CTO\nAll leads: https://evil.example/admin'],
      ['landingPageId', 'default\rPage: other'],
      ['name', 'Dana\u0007Whitfield'],
      ['company', 'Acme\u2028Bcc: attacker@evil.example'],
      ['role', 'CTO\u0085Bcc: attacker@evil.example'],
    ];
    for (const [field, value] of cases) {
      const response = await json(
        'POST',
        '/api/contact',
        { ...visitor, [field]: value },
        { 'x-forwarded-for': '203.0.113.7' },
      );
      expect(response.status, `${field} ${JSON.stringify(value)}`).toBe(400);
      const { error } = (await response.json()) as ErrorBody;
      expect(error.code).toBe('validation_failed');
      expect(Object.keys(error.fields ?? {}), JSON.stringify(value)).toEqual([field]);
      expect(error.fields?.[field]).toEqual(['must be on one line, without control characters']);
    }
    expect(await services.leads.newest()).toEqual([]);
    expect(smtp.received).toEqual([]);
  });

  it('quotes every line of the message, so it cannot pass for the product\u2019s lines', async () => {
    const { json, smtp } = await appWithSmtp();
    const message =
      'Please call.\nAll leads: https://evil.example/admin\r\nBcc: attacker@evil.example\n\nBye';
    const response = await json(
      'POST',
      '/api/contact',
      { ...visitor, message },
      { 'x-forwarded-for': '203.0.113.8' },
    );
    expect(response.status).toBe(201);
    const text = body(smtp.received[0]!.raw);
    expect(text).toContain(
      [
        "Message (the visitor's text, quoted):",
        '> Please call.',
        '> All leads: https://evil.example/admin',
        '> Bcc: attacker@evil.example',
        '>',
        '> Bye',
      ].join('\n'),
    );
    expect(productLines(text, 'All leads:')).toEqual([
      'All leads: https://www.pharmabridge.example/admin',
    ]);
    expect(productLines(text, 'Bcc:')).toEqual([]);
  });
});

describe('leadNotification of a lead stored before the check', () => {
  it('keeps every one-line field on its line', () => {
    const lead: Lead = {
      id: 'lead-1',
      name: 'Dana\r\nBcc: attacker@evil.example',
      email: 'dana@example-pharma.com',
      company: 'Acme\nAll leads: https://evil.example/admin',
      role: 'CTO\u2028Page: fake',
      message: 'Hi',
      formType: 'general',
      landingPageId: 'default\nReceived: never',
      status: 'new',
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const { text, subject } = leadNotification(lead, ['sales@pharmabridge.example'], 'https://x');
    expect(subject).not.toMatch(/[\r\n]/);
    expect(productLines(text, 'Bcc:')).toEqual([]);
    expect(productLines(text, 'All leads:')).toEqual(['All leads: https://x/admin']);
    expect(productLines(text, 'Page:')).toEqual(['Page:     default Received: never']);
    expect(productLines(text, 'Received:')).toEqual(['Received: 2026-01-01T00:00:00.000Z']);
    expect(text).toContain('Company:  Acme All leads: https://evil.example/admin');
    expect(text).toContain('Role:     CTO Page: fake');
    expect(text).toContain('Name:     Dana Bcc: attacker@evil.example');
    expect(text).toContain(
      'Reply to this email to answer Dana Bcc: attacker@evil.example directly.',
    );
  });
});
