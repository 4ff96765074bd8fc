// Administrator passwords: argon2id at OWASP's minimum cost (m=19456 KiB, t=2, p=1) in
// WebAssembly (hash-wasm), so the same code runs on Node and in Lambda with no native
// build. The encoded hash carries its parameters, so they can be raised later.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { argon2id, argon2Verify } from 'hash-wasm';
// CommonJS package: `.test(password)` is true when the password is on the common list.
// A static import, so esbuild puts it into the Lambda bundle (a createRequire() call is
// left to run time, where the bundle has no node_modules beside it).
import commonPasswords from 'fxa-common-password-list';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../shared/account.ts';
import { contextWordProblem } from './password-context.ts';

export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH };

export const ARGON2_PARAMS = { memorySize: 19456, iterations: 2, parallelism: 1, hashLength: 32 };

/** Why a new password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH)
    return `must be at most ${MAX_PASSWORD_LENGTH} characters`;
  if (commonPasswords.test(password) || commonPasswords.test(password.toLowerCase()))
    return 'is too common; choose a password that is not on lists of leaked passwords';
  return contextWordProblem(password);
}

export function hashPassword(password: string): Promise<string> {
  return argon2id({ password, salt: randomBytes(16), ...ARGON2_PARAMS, outputType: 'encoded' });
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await argon2Verify({ password, hash });
  } catch {
    return false;
  }
}

/**
 * A fixed hash checked when the e-mail is unknown, so an unknown account costs the same
 * time as a wrong password and the response time does not reveal which e-mails exist.
 */
let dummyHash: Promise<string> | undefined;
export async function burnVerification(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(18).toString('base64url'));
  await verifyPassword(password, await dummyHash);
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
