// The e-mail that carries an administrator invitation, when a mail transport is configured.
// Without one (the local default writes mail to the log) nothing is sent: the link would
// end up in the log, and the inviting admin copies it from the Account area anyway.
import type { Services } from '../lib/context.ts';
import type { MailMessage } from './mailer.ts';

/** How long the inviting admin waits for the transport before the link is shown anyway. */
const SEND_TIMEOUT_MS = 5_000;

export function invitationMessage(
  to: string,
  invitedBy: string,
  link: string,
  expiresAt: string,
): MailMessage {
  return {
    to: [to],
    subject: 'You are invited to the PharmaBridge Landing Page Manager',
    text: [
      `${invitedBy} invited you to become an administrator of the PharmaBridge website.`,
      '',
      'Open this link to choose your name and password (it works once):',
      link,
      '',
      `The link expires on ${new Date(expiresAt).toUTCString()}.`,
      'If you did not expect this invitation, ignore this email.',
    ].join('\n'),
  };
}

/**
 * Sends the invitation when mail is configured; true when the transport took it. A failure
 * is logged (without the link) and the admin still gets the link to pass on.
 */
export async function sendInvitation(
  services: Services,
  to: string,
  invitedBy: string,
  token: string,
  expiresAt: string,
): Promise<boolean> {
  const { mailer, log, config } = services;
  if (mailer.transport === 'log') return false;
  const link = `${config.siteUrl}/admin/setup?token=${encodeURIComponent(token)}`;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      mailer.send(invitationMessage(to, invitedBy, link, expiresAt)),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${SEND_TIMEOUT_MS} ms`)),
          SEND_TIMEOUT_MS,
        );
      }),
    ]);
    log.info('invitation email sent', { to, transport: mailer.transport });
    return true;
  } catch (error) {
    log.error('invitation email failed', {
      to,
      transport: mailer.transport,
      error: error instanceof Error ? error.message : String(error),
    });
    return false;
  } finally {
    clearTimeout(timer);
  }
}
