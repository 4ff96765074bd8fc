// The two-factor repository (docs/decisions/0042-two-factor-totp.md): every layer of
// functions/data/two-factor/ in one object, `ctx.twoFactor` (functions/lib/context.ts).
import { WrongCodes } from './wrong-codes.ts';

/** An admin's TOTP secret, enrolment, recovery codes and wrong-code lock. */
export class TwoFactorRepository extends WrongCodes {}
