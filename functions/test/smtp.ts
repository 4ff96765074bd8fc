// A real SMTP server on loopback (smtp-server, nodemailer's own server library) that
// keeps what it receives, for tests of the SMTP transport and lead notifications.
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent: headers, a blank line, the body. */
  raw: string;
}

export async function startSmtpServer(
  options: { rejectRecipients?: boolean } = {},
): Promise<{ url: string; received: ReceivedMail[]; stop(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (options.rejectRecipients) {
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header of a received message, unfolded. */
export function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The body of a received text message, decoded when it was sent quoted-printable. */
export function body(raw: string): string {
  const text = raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\r\n\r\n');
  if (!/quoted-printable/i.test(header(raw, 'Content-Transfer-Encoding') ?? '')) {
    return text.replace(/\r\n/g, '\n');
  }
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8').replace(/\r\n/g, '\n');
}

/** The parts of a received multipart message, each decoded (by body()), with its type. */
export function mimeParts(raw: string): { type: string; text: string }[] {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(header(raw, 'Content-Type') ?? '')?.[1];
  if (!boundary) return [{ type: header(raw, 'Content-Type') ?? 'text/plain', text: body(raw) }];
  return raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => part.replace(/^\r?\n/, ''))
    .map((part) => ({
      type: (header(part, 'Content-Type') ?? '').split(';')[0]!.trim(),
      text: body(part),
    }));
}

/** startSmtpServer for tests: every server started is stopped after each test. */
export function smtpServersPerTest(): typeof startSmtpServer {
  const servers: { stop(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.stop()));
  });
  return async (options) => {
    const server = await startSmtpServer(options);
    servers.push(server);
    return server;
  };
}
