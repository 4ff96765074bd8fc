// The mailer of the admin function and the local server: the transport MAIL_TRANSPORT
// names (docs/decisions/0017-lead-notification-email.md). Its own module, apart from
// mailer.ts, because its SMTP branch imports nodemailer: the public Lambda function, built
// in chunks, would otherwise ship nodemailer as a chunk it never loads
// (docs/decisions/0545-public-function-cold-start.md); it uses createAwsMailer.
import type { Config } from '../env.ts';
import type { Logger } from '../core/logger.ts';
import { lazyMailer, loadSes, LogMailer, type Mailer, type MailTransport } from './mailer.ts';

/**
 * The transport MAIL_TRANSPORT names, else SMTP when SMTP_URL is set, else the log. SMTP
 * and SES load their libraries on the first message, so a cold start that sends no mail
 * pays nothing for them.
 */
export function createMailer(config: Config, log: Logger): Mailer {
  const { MAIL_TRANSPORT, MAIL_FROM, SMTP_URL } = config.env;
  const transport: MailTransport = MAIL_TRANSPORT ?? (SMTP_URL ? 'smtp' : 'log');
  if (transport === 'log') return new LogMailer(log, MAIL_FROM);
  return lazyMailer(transport, async () => {
    if (transport === 'smtp') {
      const { SmtpMailer } = await import('./smtp.ts');
      // loadConfig refuses MAIL_TRANSPORT=smtp without SMTP_URL.
      return new SmtpMailer(SMTP_URL ?? '', MAIL_FROM);
    }
    return loadSes(config);
  });
}
