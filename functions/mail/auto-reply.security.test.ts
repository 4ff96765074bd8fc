// A form's auto-reply cannot be aimed at someone (issue 33; docs/decisions/0330-*, 0331-*):
// one per normalized recipient an hour, a number per recipient domain
// and for the whole site (with its error line for the alarm), no visitor text in the
// subject, and the visitor's values in the body as text no mail client makes a link of:
// checked with linkify-it (markdown-it's link finder, nobody's code here) on both parts.
// Every lead is stored whatever the limits do. Through the real app over DynamoDB Local
// and a real SMTP server on loopback (functions/test/smtp.ts).
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { LinkifyIt } from 'linkify-it';
import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { keys } from '../data/keys.ts';
import type { ErrorBody } from '../lib/errors.ts';
import { builtInForm } from '../shared/forms/built-in.ts';
import { type FormDefinitionInput, type StoredForm } from '../shared/forms/definition.ts';
import { BROWSER_USER_AGENT, testApp } from '../test/harness.ts';
import { header, mimeParts, smtpServersPerTest } from '../test/smtp.ts';
import { AUTO_REPLY_GLOBAL_LIMIT_MESSAGE, recipientKey } from './auto-reply.ts';

const startSmtp = smtpServersPerTest();

/** The demo request form's fields, saved as a form of its own with an auto-reply. */
const form: FormDefinitionInput = {
  ...builtInForm('demo-request'),
  title: 'Guide request',
  autoReply: {
    enabled: true,
    subject: 'Your PharmaBridge guide',
    body: 'Hello {{name}},\n\nthank you for asking on behalf of {{company}}.\n\nThe PharmaBridge team',
  },
};

async function setUp(env: Record<string, string> = {}) {
  const smtp = await startSmtp();
  const now = { value: new Date('2026-11-27T09:00:00Z') };
  const base = await testApp(
    { SMTP_URL: smtp.url, CONTACT_RATE_LIMIT: '1000', ...env },
    { now: () => now.value },
  );
  const { cookie } = await base.signIn('editor@pharmabridge.test', 'editor');
  const editor = (method: string, path: string, payload?: unknown) =>
    base.json(method, path, payload, { cookie });
  expect((await editor('PUT', '/api/admin/forms/guide', { form })).status).toBe(200);
  const send = (email: string, values: { name?: string; company?: string } = {}) =>
    base.json(
      'POST',
      '/api/contact',
      {
        formId: 'guide',
        fields: { name: 'Dana Whitfield', company: 'Example Pharma', email, ...values },
      },
      { 'user-agent': BROWSER_USER_AGENT, 'x-forwarded-for': '203.0.113.9' },
    );
  const leadCount = async () => (await base.services.leads.newest()).length;
  return { ...base, smtp, now, editor, send, leadCount };
}

// Each test sends five or six forms through the contact route and SMTP: more than the
// default 30 s allows on a loaded machine (a time limit only, nothing here is timed).
describe('who gets an auto-reply', { timeout: 120_000 }, () => {
  it('normalizes the address: case, +tags and Gmail dots are one recipient an hour', () => {
    const one = recipientKey('victim@gmail.com').address;
    for (const alias of [
      'victim+1@gmail.com',
      'Victim+2@Gmail.COM',
      'v.ictim@gmail.com',
      'v.i.c.t.i.m+x@googlemail.com',
    ]) {
      expect(recipientKey(alias).address).toBe(one);
    }
    // Dots matter elsewhere; a +tag never does.
    expect(recipientKey('v.ictim@example-pharma.com').address).not.toBe(
      recipientKey('victim@example-pharma.com').address,
    );
    expect(recipientKey('dana+news@example-pharma.com')).toEqual({
      address: 'dana@example-pharma.com',
      domain: 'example-pharma.com',
    });
  });

  it('mails victim+1@, victim+2@ and v.ictim@ once an hour, and stores every lead', async () => {
    const { send, smtp, now, leadCount } = await setUp();
    for (const email of [
      'victim+1@gmail.com',
      'victim+2@gmail.com',
      'v.ictim@googlemail.com',
      'VICTIM@gmail.com',
    ]) {
      expect((await send(email)).status).toBe(201);
    }
    expect(smtp.received.map((mail) => mail.to)).toEqual([['victim+1@gmail.com']]);
    expect(await leadCount()).toBe(4);
    // An hour later the same person may get one again.
    now.value = new Date('2026-11-27T10:00:01Z');
    expect((await send('v.ictim+3@gmail.com')).status).toBe(201);
    expect(smtp.received).toHaveLength(2);
  });

  it('mails one domain AUTO_REPLY_DOMAIN_LIMIT times an hour; other domains still get theirs', async () => {
    const { send, smtp, now, log, leadCount } = await setUp({ AUTO_REPLY_DOMAIN_LIMIT: '2' });
    for (const person of ['ana', 'ben', 'cy', 'dee']) {
      expect((await send(`${person}@target-pharma.com`)).status).toBe(201);
    }
    expect((await send('eve@other-pharma.com')).status).toBe(201);
    expect(smtp.received.map((mail) => mail.to[0])).toEqual([
      'ana@target-pharma.com',
      'ben@target-pharma.com',
      'eve@other-pharma.com',
    ]);
    expect(
      log.lines.filter((line) => line.message.includes('this domain had its auto-replies')),
    ).toHaveLength(2);
    expect(await leadCount()).toBe(5);
    now.value = new Date('2026-11-27T10:00:00Z');
    expect((await send('fay@target-pharma.com')).status).toBe(201);
    expect(smtp.received.at(-1)!.to).toEqual(['fay@target-pharma.com']);
  });

  it('stops at AUTO_REPLY_GLOBAL_LIMIT an hour with an error line for the alarm', async () => {
    const { send, smtp, log, now, leadCount } = await setUp({ AUTO_REPLY_GLOBAL_LIMIT: '2' });
    for (const n of [1, 2, 3, 4]) {
      expect((await send(`buyer@pharma-${n}.com`)).status).toBe(201);
    }
    expect(smtp.received).toHaveLength(2);
    const alarms = log.lines.filter((line) => line.message === AUTO_REPLY_GLOBAL_LIMIT_MESSAGE);
    expect(alarms).toHaveLength(2);
    expect(alarms.every((line) => line.level === 'error')).toBe(true);
    expect(alarms[0]!.details).toMatchObject({ limit: 2 });
    expect(await leadCount()).toBe(4);
    now.value = new Date('2026-11-27T10:00:00Z');
    expect((await send('buyer@pharma-5.com')).status).toBe(201);
    expect(smtp.received).toHaveLength(3);
  });
});

describe('what an auto-reply says', () => {
  it('refuses merge fields in the subject, naming it, and stores nothing', async () => {
    const { editor } = await setUp();
    const refused = await editor('PUT', '/api/admin/forms/guide', {
      form: { ...form, autoReply: { ...form.autoReply, subject: 'Your guide, {{name}}' } },
      revision: 1,
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorBody).error.fields?.['form.autoReply.subject']).toEqual([
      "cannot hold {{name}}: merge fields go in the message only, so no visitor's text is ever a subject",
    ]);
    const stored = (await (await editor('GET', '/api/admin/forms/guide')).json()) as StoredForm;
    expect(stored.revision).toBe(1);
    expect(stored.form.autoReply.subject).toBe('Your PharmaBridge guide');
  });

  it('sends a subject stored before the rule without the visitor’s text', async () => {
    const { services, editor, send, smtp, now } = await setUp();
    const stored = (await (await editor('GET', '/api/admin/forms/guide')).json()) as StoredForm;
    // As an older release saved it: the visitor's name in the subject.
    await services.db.send(
      new PutCommand({
        TableName: services.tableName,
        Item: {
          ...keys.form('guide'),
          revision: stored.revision,
          form: {
            ...stored.form,
            autoReply: { ...stored.form.autoReply, subject: 'Your guide, {{name}}!' },
          },
        },
      }),
    );
    const read = (await (await editor('GET', '/api/admin/forms/guide')).json()) as StoredForm;
    expect(read.form.autoReply.subject).toBe('Your guide!');
    // Past the contact route's definition cache (FORM_CACHE_MS).
    now.value = new Date(now.value.getTime() + 60_000);
    expect((await send('dana@example-pharma.com', { name: 'Visit evil.example.com' })).status).toBe(
      201,
    );
    expect(header(smtp.received[0]!.raw, 'Subject')).toBe('Your guide!');
  });

  it('shows the visitor’s values as text without a link in both parts', async () => {
    const { send, smtp } = await setUp();
    const name = 'Claim your prize at http://phish.example.com/win or www.phish-bank.com';
    const company = 'Payroll <a href="https://evil.com">update</a> 203.0.113.50 victim@evil.com';
    expect((await send('dana@example-pharma.com', { name, company })).status).toBe(201);
    const mail = smtp.received[0]!;
    const parts = mimeParts(mail.raw);
    const text = parts.find((part) => part.type === 'text/plain')!.text;
    const html = parts.find((part) => part.type === 'text/html')!.text;
    expect(text).toContain(
      'Hello Claim your prize at hxxp[:]//phish[.]example[.]com/win or www[.]phish-bank[.]com,',
    );
    expect(text).toContain('victim@evil[.]com');
    // linkify-it finds what a mail client would make a link of: addresses with a scheme,
    // bare domains, e-mail addresses and IPs.
    const linkify = new LinkifyIt({ fuzzyIP: true });
    expect(linkify.match(text)).toBeNull();
    expect(linkify.match(textOf(html))).toBeNull();
    expect(html).not.toMatch(/<a[\s>]/i);
    expect(html).toContain(
      'Payroll &lt;a href=&quot;hxxps[:]//evil[.]com&quot;&gt;update&lt;/a&gt;',
    );
    // The subject is the team's.
    expect(header(mail.raw, 'Subject')).toBe('Your PharmaBridge guide');
  });
});

/** The text a reader sees in an HTML document (parse5's tree: nobody's parser here). */
function textOf(html: string): string {
  const out: string[] = [];
  const walk = (node: { nodeName: string; value?: string; childNodes?: unknown[] }) => {
    if (node.nodeName === '#text') out.push(node.value ?? '');
    for (const child of node.childNodes ?? []) walk(child as typeof node);
  };
  walk(parse(html) as unknown as Parameters<typeof walk>[0]);
  return out.join(' ');
}
