// The mail transports: SMTP against a real SMTP server on loopback; SES, whose request and
// Signature Version 4 are checked against what the real AWS SDK builds (only its network
// hop replaced: AWS itself cannot run here) and which delivers through moto's SES; the log
// transport and the choice made from config.
import { describe, expect, inject, it } from 'vitest';
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CreateEmailIdentityCommand, SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { loadConfig } from '../env.ts';
import { memoryLogger } from '../test/harness.ts';
import { body, header, startSmtpServer } from '../test/smtp.ts';
import { LogMailer } from './mailer.ts';
import { createMailer } from './select.ts';
import { SesMailer, signRequest } from './ses.ts';
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
  const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG' };
  const from = 'PharmaBridge Website <no-reply@pharmabridge.com>';

  /** The HTTP request the real SES SDK client builds and signs for SendEmail. */
  async function sdkRequest(token?: string) {
    const requests: SdkRequest[] = [];
    // Stands in for the network only: AWS cannot be reached from here. Serialization and
    // signing are the real SDK's.
    const client = new SESv2Client({
      region: 'eu-west-1',
      credentials: { ...credentials, ...(token ? { sessionToken: token } : {}) },
      requestHandler: {
        handle: async (request: SdkRequest) => {
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
    await client.send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: message.to },
        ReplyToAddresses: [message.replyTo],
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: message.text, Charset: 'UTF-8' } },
          },
        },
      }),
    );
    expect(requests).toHaveLength(1);
    return requests[0]!;
  }

  /** A loopback server that records what the mailer sends and answers like SES. */
  async function capture(status = 200, answer: unknown = { MessageId: 'm-1' }) {
    const received: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] =
      [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        res.writeHead(status, {
          'content-type': 'application/json',
          ...(status >= 400 ? { 'x-amzn-ErrorType': 'MessageRejected:http://internal' } : {}),
        });
        res.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    return {
      endpoint: `http://127.0.0.1:${port}`,
      received,
      close: () => new Promise<void>((done) => server.close(() => done())),
    };
  }

  const amzDateToDate = (amzDate: string) =>
    new Date(
      `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
    );

  it.each([
    ['long-term keys', undefined],
    ['a session token (as in Lambda)', 'IQoJb3JpZ2luX2VjEXAMPLE//TOKEN+with/odd=chars'],
  ])('signs a request exactly as the AWS SDK does, with %s', async (_label, token) => {
    const sdk = await sdkRequest(token);
    const authorization = sdk.headers['authorization']!;
    const signed = /SignedHeaders=([^,]+)/.exec(authorization)![1]!.split(';');
    // The same request, with the headers the SDK chose to sign, at the SDK's own time.
    const headers = Object.fromEntries(
      signed
        .filter((name) => !['host', 'x-amz-date', 'x-amz-security-token'].includes(name))
        .map((name) => [name, sdk.headers[name]!]),
    );
    const ours = signRequest(
      {
        method: sdk.method,
        url: new URL(`https://${sdk.hostname}${sdk.path}`),
        headers,
        body: sdk.body,
      },
      { ...credentials, sessionToken: token },
      { region: 'eu-west-1', service: 'ses' },
      amzDateToDate(sdk.headers['x-amz-date']!),
    );
    expect(ours['authorization']).toBe(authorization);
    expect(ours['x-amz-security-token']).toBe(token);
  });

  it("sends the SDK's SendEmail request: endpoint, path, JSON body and signed headers", async () => {
    const sdk = await sdkRequest('session-token');
    const server = await capture();
    try {
      const mailer = new SesMailer({
        region: 'eu-west-1',
        from,
        credentials: async () => ({ ...credentials, sessionToken: 'session-token' }),
        endpoint: server.endpoint,
        now: () => new Date('2026-11-22T10:00:00Z'),
      });
      await mailer.send(message);
      expect(server.received).toHaveLength(1);
      const [sent] = server.received;
      expect(sent!.method).toBe('POST');
      expect(sent!.url).toBe(sdk.path);
      expect(JSON.parse(sent!.body)).toEqual(JSON.parse(sdk.body));
      expect(sent!.headers['content-type']).toBe('application/json');
      expect(sent!.headers['x-amz-date']).toBe('20261122T100000Z');
      expect(sent!.headers['x-amz-security-token']).toBe('session-token');
      expect(sent!.headers['authorization']).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20261122\/eu-west-1\/ses\/aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-security-token, Signature=[0-9a-f]{64}$/,
      );
      // What was signed is what arrived: the signature checks out for the received request.
      const check = signRequest(
        {
          method: 'POST',
          url: new URL(sent!.url, server.endpoint),
          headers: { 'content-type': sent!.headers['content-type']! },
          body: sent!.body,
        },
        { ...credentials, sessionToken: 'session-token' },
        { region: 'eu-west-1', service: 'ses' },
        new Date('2026-11-22T10:00:00Z'),
      );
      expect(sent!.headers['authorization']).toBe(check['authorization']);
      // The default endpoint is the region's SES endpoint, as the SDK's.
      expect(`https://${sdk.hostname}`).toBe('https://email.eu-west-1.amazonaws.com');
    } finally {
      await server.close();
    }
  });

  it("rejects with SES's status, error type and message when it refuses the message", async () => {
    const server = await capture(400, { message: 'Email address is not verified.' });
    try {
      const mailer = new SesMailer({
        region: 'eu-west-1',
        from,
        credentials: async () => credentials,
        endpoint: server.endpoint,
      });
      await expect(mailer.send(message)).rejects.toThrow(
        'SES refused the message (400 MessageRejected): Email address is not verified.',
      );
    } finally {
      await server.close();
    }
  });

  it("delivers through moto's SES once the sender is a verified identity", async () => {
    // moto_server (functions/test/moto.ts) speaks the SES API; it does not check signatures.
    const endpoint = inject('motoEndpoint');
    const sender = `no-reply-${randomUUID().slice(0, 8)}@pharmabridge.example`;
    const mailer = new SesMailer({
      region: 'eu-west-1',
      from: sender,
      credentials: async () => credentials,
      endpoint,
    });
    await expect(mailer.send(message)).rejects.toThrow(/400 MessageRejected/);
    const admin = new SESv2Client({ region: 'eu-west-1', endpoint, credentials });
    await admin.send(new CreateEmailIdentityCommand({ EmailIdentity: sender }));
    const before = await sentCount(endpoint);
    await mailer.send(message);
    // SES counts sent mail by recipient.
    expect(await sentCount(endpoint)).toBe(before + message.to.length);
  });
});

interface SdkRequest {
  method: string;
  hostname: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** Recipients moto's SES has sent to in the last day (SES v1 GetSendQuota). */
async function sentCount(endpoint: string): Promise<number> {
  const body = 'Action=GetSendQuota&Version=2010-12-01';
  const headers = signRequest(
    {
      method: 'POST',
      url: new URL('/', endpoint),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    },
    { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'x' },
    { region: 'eu-west-1', service: 'ses' },
    new Date(),
  );
  delete headers['host'];
  const response = await fetch(new URL('/', endpoint), { method: 'POST', headers, body });
  const xml = await response.text();
  expect(response.status, xml).toBe(200);
  return Number(/<SentLast24Hours>([\d.]+)<\/SentLast24Hours>/.exec(xml)![1]);
}

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
