// The mail transports: SMTP against a real SMTP server on loopback; SES through the real
// AWS SDK with only the network hop replaced (AWS itself cannot run here), so the request
// the SDK would send is checked; the log transport and the choice made from config.
import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { loadConfig } from '../env.ts';
import { memoryLogger } from '../test/harness.ts';
import { body, header, startSmtpServer } from '../test/smtp.ts';
import { createMailer, LogMailer } from './mailer.ts';
import { SesMailer } from './ses.ts';
import { SmtpMailer } from './smtp.ts';

const message = {
  to: ['sales@pharmabridge.example', 'ops@pharmabridge.example'],
  replyTo: 'dana@example-pharma.com',
  subject: 'New demo request from Dana Whitfield (Example Pharma)',
  text: 'Message:\nWe would like a demo — for 12 suppliers.',
};

describe('SMTP transport', () => {
  it('delivers the message with sender, recipients, reply-to, subject and UTF-8 text', async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = new SmtpMailer(smtp.url, 'PharmaBridge Website <no-reply@pharmabridge.com>');
      await mailer.send(message);
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail!.from).toBe('no-reply@pharmabridge.com');
      expect(mail!.to).toEqual(message.to);
      expect(header(mail!.raw, 'Subject')).toBe(message.subject);
      expect(header(mail!.raw, 'Reply-To')).toBe('dana@example-pharma.com');
      expect(header(mail!.raw, 'From')).toBe('PharmaBridge Website <no-reply@pharmabridge.com>');
      expect(body(mail!.raw).trim()).toBe(message.text);
    } finally {
      await smtp.stop();
    }
  });

  it('rejects when the server refuses the recipients', async () => {
    const smtp = await startSmtpServer({ rejectRecipients: true });
    try {
      const mailer = new SmtpMailer(smtp.url, 'no-reply@pharmabridge.com');
      await expect(mailer.send(message)).rejects.toThrow(/550|Mailbox unavailable/);
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.stop();
    }
  });
});

describe('SES transport', () => {
  it('sends SES v2 SendEmail with the sender, recipients, reply-to and UTF-8 content', async () => {
    const requests: {
      hostname: string;
      path: string;
      headers: Record<string, string>;
      body: string;
    }[] = [];
    // Stands in for the network: AWS cannot be reached from here. Everything before the
    // HTTP request (serialization, signing) is the real SDK.
    const client = new SESv2Client({
      region: 'eu-west-1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      requestHandler: {
        handle: async (request: {
          hostname: string;
          path: string;
          headers: Record<string, string>;
          body: string;
        }) => {
          requests.push(request);
          return {
            response: {
              statusCode: 200,
              headers: { 'content-type': 'application/json' },
              body: Readable.from([Buffer.from(JSON.stringify({ MessageId: 'm-1' }))]),
            },
          };
        },
      },
    });
    await new SesMailer(client, 'PharmaBridge Website <no-reply@pharmabridge.com>').send(message);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.hostname).toBe('email.eu-west-1.amazonaws.com');
    expect(request!.path).toBe('/v2/email/outbound-emails');
    expect(request!.headers['authorization']).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\//);
    expect(JSON.parse(request!.body)).toEqual({
      FromEmailAddress: 'PharmaBridge Website <no-reply@pharmabridge.com>',
      Destination: { ToAddresses: message.to },
      ReplyToAddresses: ['dana@example-pharma.com'],
      Content: {
        Simple: {
          Subject: { Data: message.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: message.text, Charset: 'UTF-8' } },
        },
      },
    });
  });
});

describe('choosing the transport', () => {
  it('logs the message by default, with its sender', async () => {
    const log = memoryLogger();
    const mailer = createMailer(loadConfig({}), log);
    expect(mailer).toBeInstanceOf(LogMailer);
    await mailer.send(message);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]!.details).toMatchObject({
      from: 'PharmaBridge Website <no-reply@pharmabridge.com>',
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
  });

  it('uses SMTP when SMTP_URL is set, and SES when MAIL_TRANSPORT says so', async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = createMailer(loadConfig({ SMTP_URL: smtp.url }), memoryLogger());
      expect(mailer.transport).toBe('smtp');
      await mailer.send(message);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.stop();
    }
    const ses = createMailer(
      loadConfig({ MAIL_TRANSPORT: 'ses', AWS_REGION: 'eu-west-1' }),
      memoryLogger(),
    );
    expect(ses.transport).toBe('ses');
  });

  it('refuses bad mail settings with the variable and the problem', () => {
    expect(() => loadConfig({ MAIL_TRANSPORT: 'smtp' })).toThrow(
      /SMTP_URL is required when MAIL_TRANSPORT is smtp/,
    );
    expect(() => loadConfig({ SMTP_URL: 'https://mail.example.com' })).toThrow(
      /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() =>
      loadConfig({ NOTIFY_EMAIL: 'sales@pharmabridge.example, not-an-address' }),
    ).toThrow(/NOTIFY_EMAIL.*must be email addresses separated by commas/);
    expect(() => loadConfig({ MAIL_TRANSPORT: 'pigeon' })).toThrow(/MAIL_TRANSPORT/);
    expect(
      loadConfig({ NOTIFY_EMAIL: ' a@pharmabridge.example ,b@pharmabridge.example,' }).env
        .NOTIFY_EMAIL,
    ).toEqual(['a@pharmabridge.example', 'b@pharmabridge.example']);
  });
});
