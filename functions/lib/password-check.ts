// The server's half of a new-password rule: the shared schemas (functions/shared/account.ts)
// check the length in the browser and here; only the server has the list of leaked
// passwords, so it adds that check to the body schema of each route that sets a password.
import type * as z from 'zod';
import { newPasswordSchema } from '../shared/account.ts';
import { passwordProblem } from './passwords.ts';

export function withPasswordCheck<
  Shape extends z.ZodRawShape,
  Field extends keyof z.infer<z.ZodObject<Shape>> & string,
>(schema: z.ZodObject<Shape>, field: Field) {
  return schema.superRefine((value, ctx) => {
    const password = (value as Record<string, unknown>)[field];
    // Lengths are the shared schema's to report (zod runs this refinement even then).
    if (typeof password !== 'string' || !newPasswordSchema.safeParse(password).success) return;
    const problem = passwordProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', path: [field], message: problem });
  });
}
