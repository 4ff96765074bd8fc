// Outgoing mail behind one small interface (services are chosen at start-up), with
// the three transports of docs/decisions/0017-lead-notification-email.md: logged locally, SMTP when
// SMTP_URL is set, and Amazon SES in AWS when the stack is given a sender and recipients.
import type { Config } from '../env.ts';
import type { Logger } from '../core/logger.ts';

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  /** An HTML alternative of `text` (reports); the plain text is always sent too. */
  html?: string;
  /** Where a reply goes (the lead's own address for lead notifications). */
  replyTo?: string;
}

export interface Mailer {
  /** Hands the message to the transport; rejects when the transport refused it. */
  send(message: MailMessage): Promise<void>;
  /** What the transport is, for logs: 'log', 'smtp' or 'ses'. */
  readonly transport: string;
}

/** The local default: the message goes to the log, where a developer can read it. */
export class LogMailer implements Mailer {
  readonly transport = 'log';
  private readonly log: Logger;
  private readonly from: string;

  constructor(log: Logger, from: string) {
    this.log = log;
    this.from = from;
  }

  async send(message: MailMessage): Promise<void> {
    this.log.info('mail (not sent: no SMTP_URL or SES configured)', {
      from: this.from,
      ...message,
    });
  }
}

/**
 * Sends a message, or rejects when the transport refused it or gave no answer within `ms`
 * (a slow transport must not hold up the request or run that sends it).
 */
export async function sendWithin(mailer: Mailer, message: MailMessage, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      mailer.send(message),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export type MailTransport = 'log' | 'smtp' | 'ses';

/**
 * The Lambda functions' mailer: SES when the stack configures it (MAIL_TRANSPORT=ses),
 * else the log. Apart from createMailer (mail/select.ts) so the public function's bundle holds
 * no SMTP client, not even as a chunk never loaded; the stack never sets SMTP_URL, and one given anyway is logged and not used.
 */
export function createAwsMailer(config: Config, log: Logger): Mailer {
  const { MAIL_TRANSPORT, MAIL_FROM } = config.env;
  if (MAIL_TRANSPORT === 'ses') return lazyMailer('ses', () => loadSes(config));
  if (MAIL_TRANSPORT === 'smtp' || config.env.SMTP_URL) {
    log.warn('SMTP is not available in the Lambda functions; mail goes to the log');
  }
  return new LogMailer(log, MAIL_FROM);
}

/** The SES mailer (mail/ses.ts), loaded with the credential chain on first use. */
export async function loadSes(config: Config): Promise<Mailer> {
  const { MAIL_FROM, AWS_REGION, AWS_ENDPOINT_URL_SESV2 } = config.env;
  if (!AWS_REGION) throw new Error('SES mail needs AWS_REGION (the region of the sender identity)');
  const [{ SesMailer }, { defaultProvider }] = await Promise.all([
    import('./ses.ts'),
    // The DynamoDB client's own credential chain (already loaded): Lambda's role, or a
    // developer's environment or profile.
    import('@aws-sdk/credential-provider-node'),
  ]);
  return new SesMailer({
    region: AWS_REGION,
    from: MAIL_FROM,
    credentials: defaultProvider(),
    ...(AWS_ENDPOINT_URL_SESV2 ? { endpoint: AWS_ENDPOINT_URL_SESV2 } : {}),
  });
}

/** A mailer whose transport is loaded on the first message and kept (retried on failure). */
export function lazyMailer(transport: MailTransport, load: () => Promise<Mailer>): Mailer {
  let loaded: Promise<Mailer> | undefined;
  return {
    transport,
    async send(message) {
      loaded ??= load();
      loaded.catch(() => (loaded = undefined));
      await (await loaded).send(message);
    },
  };
}
