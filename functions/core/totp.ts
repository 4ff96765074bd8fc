// Two-factor sign-in: TOTP (RFC 6238) through the otpauth library, and recovery codes.
// SHA-1, 6 digits, 30-second steps: the parameters every authenticator app supports.
import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT } from '../shared/account.ts';

export const TOTP_ISSUER = 'PharmaBridge';
const PERIOD = 30;
const DIGITS = 6;
/** One step either side of now: clocks on phones drift, and typing takes time. */
const WINDOW = 1;

/** A new random secret (160 bits, RFC 4226's recommended length), in base32. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

const totpFor = (secret: string, email: string) =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label: email,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
  });

/** The otpauth:// URI an authenticator app reads from the QR code. */
export const otpauthUri = (secret: string, email: string) => totpFor(secret, email).toString();

export const isTotpCode = (input: string) => /^\d{6}$/.test(input.replace(/\s/g, ''));

/**
 * The time step the code belongs to when it is valid now (within one step either side),
 * else undefined. Callers store the step so the same code cannot be used twice.
 */
export function totpStep(secret: string, code: string, now: Date): number | undefined {
  const token = code.replace(/\s/g, '');
  if (!isTotpCode(token)) return undefined;
  const timestamp = now.getTime();
  const delta = totpFor(secret, '').validate({ token, timestamp, window: WINDOW });
  if (delta === null) return undefined;
  return TOTP.counter({ period: PERIOD, timestamp }) + delta;
}

/** For tests and the e2e spec's counterpart: the code of a secret at a given time. */
export const totpCodeAt = (secret: string, now: Date) =>
  totpFor(secret, '').generate({ timestamp: now.getTime() });

// Crockford's base32: no I, L, O or U, so a code read aloud or typed is unambiguous.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const RECOVERY_LENGTH = 12;

/** Ten new recovery codes, formatted for reading: xxxx-xxxx-xxxx (60 random bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = '';
    for (let i = 0; i < RECOVERY_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
    return code.match(/.{4}/g)!.join('-');
  });
}

/** The canonical form of a typed recovery code, or undefined when it cannot be one. */
export function normalizeRecoveryCode(input: string): string | undefined {
  const code = input.toLowerCase().replace(/[\s-]/g, '').replace(/[il]/g, '1').replace(/o/g, '0');
  return code.length === RECOVERY_LENGTH && [...code].every((ch) => ALPHABET.includes(ch))
    ? code
    : undefined;
}

/**
 * Recovery codes are random (60 bits), so one SHA-256 is enough to keep them from
 * anyone who reads the table; a slow password hash would only slow the sign-in.
 */
export const hashRecoveryCode = (normalized: string) =>
  createHash('sha256').update(`recovery:${normalized}`).digest('base64url');
