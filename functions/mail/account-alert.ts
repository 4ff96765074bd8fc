// E-mails to an administrator about their own account's security
// (docs/decisions/0096-wrong-codes-per-account.md): that their second sign-in step was locked after
// repeated wrong codes (whoever typed them had the password, so the message says so and what to
// do), and a password reset's link and notice (password-reset.ts, sent by sendAccountAlert too).
// Sent through whatever transport is configured, the log one included: the lock alert holds no
// secret, and locally the log is where a developer reads mail (a reset link there is like the
// first-run setup link in the terminal).
import type { Services } from '../lib/context.ts';
import type { MailMessage } from './mailer.ts';

/** How long the request that caused the alert waits for the transport. */
const SEND_TIMEOUT_MS = 5_000;

const minutes = (seconds: number) => {
  const count = Math.max(1, Math.round(seconds / 60));
  return `${count} minute${count === 1 ? '' : 's'}`;
};

export function codeLockAlert(
  to: string,
  failures: number,
  lockSeconds: number,
  at: Date,
  siteUrl: string,
): MailMessage {
  return {
    to: [to],
    subject: 'Several wrong sign-in codes for your PharmaBridge administrator account',
    text: [
      `Your PharmaBridge administrator account (${to}) received ${failures} wrong codes at the`,
      'second step of sign-in (authenticator or recovery codes) by ' + at.toUTCString() + '.',
      '',
      'That step needs the right password first, so whoever typed them may know your password.',
      `Sign-ins waiting for a code were ended, and codes are not checked for ${minutes(lockSeconds)};`,
      'each further wrong code makes the wait longer.',
      '',
      'To end the lock now, change your password: a new password ends it at once, and the',
      'codes typed with the old one stop counting. Change it under Account if you are signed',
      'in, or with "Forgot password?" on the sign-in page:',
      `${siteUrl}/admin`,
      'A device on which you signed in with your code in the last 30 days can still sign in',
      'during the lock, with your password and code.',
      '',
      'If this was not you, also end the sessions you do not recognise under Account.',
      'If it was you, nothing else is needed.',
    ].join('\n'),
  };
}

/**
 * Sends an alert; true when the transport took it. A failure is logged and does not fail
 * the request (the lock and its audit entry stand without the e-mail).
 */
export async function sendAccountAlert(services: Services, message: MailMessage): Promise<boolean> {
  const { mailer, log } = services;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      mailer.send(message),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${SEND_TIMEOUT_MS} ms`)),
          SEND_TIMEOUT_MS,
        );
      }),
    ]);
    log.info('account alert email sent', { to: message.to, transport: mailer.transport });
    return true;
  } catch (error) {
    log.error('account alert email failed', {
      to: message.to,
      transport: mailer.transport,
      error: error instanceof Error ? error.message : String(error),
    });
    return false;
  } finally {
    clearTimeout(timer);
  }
}
