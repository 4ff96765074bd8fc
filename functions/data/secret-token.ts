// The one-time secrets of links and cookies (sessions, the second sign-in step, setup and
// invitation links, password reset links): 256 random bits in base64url, stored only as
// their SHA-256, so reading the table (or a backup) gives no usable link or session.
import { createHash, randomBytes } from 'node:crypto';

/** A new secret: 32 random bytes, base64url (43 characters). */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

/** What the table stores and looks a secret up by: its SHA-256, base64url. */
export const secretHash = (token: string): string =>
  createHash('sha256').update(token).digest('base64url');
