// Opaque pagination cursors: base64url JSON plus an HMAC over it, so a client can only
// hand back a cursor this installation issued (a forged `left: 1e9` or a foreign key
// never reaches a query), and every decoded cursor is checked against its zod schema
// for bounds. A bad cursor is a 400 naming the field.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type * as z from 'zod';
import type { InstallSecrets } from '../data/install-secrets.ts';
import { ApiError } from './errors.ts';

const MAX_CURSOR_LENGTH = 2000;

export class CursorCodec {
  private readonly secrets: InstallSecrets;

  constructor(secrets: InstallSecrets) {
    this.secrets = secrets;
  }

  /** `purpose` binds a cursor to its list, so one list's cursor is refused by another. */
  async encode(purpose: string, value: unknown): Promise<string> {
    const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${payload}.${await this.sign(purpose, payload)}`;
  }

  async decode<T extends z.ZodType>(
    purpose: string,
    text: string,
    schema: T,
    field = 'cursor',
  ): Promise<z.infer<T>> {
    const invalid = () =>
      new ApiError(400, 'validation_failed', `Invalid request: ${field} is not a valid cursor`, {
        [field]: ['is not a valid cursor; start again from the first page'],
      });
    if (text.length > MAX_CURSOR_LENGTH) throw invalid();
    const [payload, signature, extra] = text.split('.');
    if (!payload || !signature || extra !== undefined) throw invalid();
    const expected = Buffer.from(await this.sign(purpose, payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
    let value: unknown;
    try {
      value = JSON.parse(Buffer.from(payload, 'base64url').toString());
    } catch {
      throw invalid();
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw invalid();
    return parsed.data;
  }

  private async sign(purpose: string, payload: string): Promise<string> {
    const key = await this.secrets.get('cursor');
    return createHmac('sha256', key).update(`${purpose}\0${payload}`).digest('base64url');
  }
}
