// The inspection package's manifest (docs/inspection-package.md): what the package is of,
// whether the print is in it, and the SHA-256 of every other file. Shared by the builder
// (package.ts) and the offline checker (verify.ts, `npm run package:verify`).
import * as z from 'zod';
import { publicationSchema } from '../shared/job-codes.ts';

export const PACKAGE_FORMAT = 'pharmabridge-inspection-package/1';

/** The files every package holds besides the manifest; page.pdf when it was printed. */
export const PACKAGE_FILES = [
  'content.json',
  'changes.html',
  'signatures.json',
  'claims.json',
  'audit.jsonl',
] as const;
export const PRINT_FILE = 'page.pdf';

export const manifestSchema = z.object({
  format: z.literal(PACKAGE_FORMAT),
  /** "PB-2026-0042 v3" */
  jobCode: z.string(),
  generatedAt: z.iso.datetime(),
  page: z.object({ id: z.string(), title: z.string(), slug: z.string(), address: z.string() }),
  /** The version's id in the page's history, or `live` for the version visitors see now. */
  version: z.string(),
  /** Still what visitors see when the package was made. */
  live: z.boolean(),
  publication: publicationSchema,
  print: z.discriminatedUnion('status', [
    z.object({ status: z.literal('printed'), printedAt: z.iso.datetime() }),
    z.object({ status: z.literal('missing'), reason: z.string() }),
  ]),
  /** The audit entries included: the page's, from `from` to `to` (ISO times). */
  audit: z.object({ from: z.string().optional(), to: z.string(), entries: z.number().int() }),
  files: z.array(
    z.object({
      name: z.string(),
      bytes: z.number().int().nonnegative(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});
export type Manifest = z.infer<typeof manifestSchema>;
