// The e-mails of a password reset (docs/decisions/0145-password-reset-request.md): the
// link the account owner asked for, and the notice once the password was changed. Both go
// through whatever transport is configured (account-alert.ts's sender); with the log
// transport the link is in the server log, where a developer reads it, as the first-run
// setup link is.
import type { MailMessage } from './mailer.ts';

export const RESET_LINK_SUBJECT = 'Reset your PharmaBridge administrator password';

/** `/admin/reset-password?token=...` on `origin` (SITE_URL for mail: no forged Host). */
export const resetLinkUrl = (origin: string, token: string) =>
  `${origin}/admin/reset-password?token=${encodeURIComponent(token)}`;

export function resetLinkMessage(to: string, link: string, expiresAt: Date): MailMessage {
  return {
    to: [to],
    subject: RESET_LINK_SUBJECT,
    text: [
      `Someone asked to reset the password of the PharmaBridge administrator account ${to}.`,
      '',
      'Open this link to choose a new password (it works once):',
      link,
      '',
      `The link expires on ${expiresAt.toUTCString()}.`,
      'If two-factor sign-in is on, signing in still asks for the code afterwards.',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}

export function passwordChangedNotice(to: string, at: Date, siteUrl: string): MailMessage {
  return {
    to: [to],
    subject: 'Your PharmaBridge administrator password was changed',
    text: [
      `The password of your PharmaBridge administrator account (${to}) was changed with a`,
      `reset link on ${at.toUTCString()}. Every session of the account was ended.`,
      '',
      `If that was you, sign in with the new password: ${siteUrl}/admin`,
      'If it was not, ask another administrator to disable the account at once, then to',
      'send you a new reset link.',
    ].join('\n'),
  };
}
