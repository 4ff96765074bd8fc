// A comma-separated list of e-mail addresses in one setting (NOTIFY_EMAIL), as the API's
// configuration and the CDK app's both read it.
import * as z from 'zod';

export const emailListSchema = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.email('must be email addresses separated by commas')).min(1));
