// Checks an inspection package offline (`npm run package:verify <zip>`; docs/inspection-package.md):
// every file the manifest lists is there with its size and SHA-256 and nothing else is; the
// print is a PDF with the page and its signature page, or the manifest says why it is missing;
// each audit entry's hash is the hash of its content after the entry before it in the chain
// (functions/data/audit-chain.ts), so an entry changed after it was written shows.
import { createHash } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { entryHash } from '../data/audit-chain.ts';
import { manifestSchema, PACKAGE_FILES, PRINT_FILE, type Manifest } from './manifest.ts';

export interface PackageVerdict {
  ok: boolean;
  /** Sentences, one per problem found. */
  problems: string[];
  manifest?: Manifest;
  /** How many audit entries were checked against their hashes. */
  auditChecked: number;
}

export async function verifyPackage(zip: Uint8Array): Promise<PackageVerdict> {
  const problems: string[] = [];
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip);
  } catch (error) {
    return {
      ok: false,
      problems: [`The file is not a readable ZIP archive (${(error as Error).message}).`],
      auditChecked: 0,
    };
  }
  const manifestBytes = files['manifest.json'];
  if (!manifestBytes) {
    return { ok: false, problems: ['The package has no manifest.json.'], auditChecked: 0 };
  }
  const parsed = manifestSchema.safeParse(safeJson(strFromU8(manifestBytes)));
  if (!parsed.success) {
    return {
      ok: false,
      problems: [
        `manifest.json is not a manifest of this format: ${parsed.error.issues[0]?.message}.`,
      ],
      auditChecked: 0,
    };
  }
  const manifest = parsed.data;
  const listed = new Set(manifest.files.map((file) => file.name));
  for (const file of manifest.files) {
    const bytes = files[file.name];
    if (!bytes) {
      problems.push(`${file.name} is listed in the manifest but missing from the package.`);
      continue;
    }
    if (bytes.length !== file.bytes)
      problems.push(`${file.name} has ${bytes.length} bytes; the manifest says ${file.bytes}.`);
    const hash = createHash('sha256').update(bytes).digest('hex');
    if (hash !== file.sha256)
      problems.push(`${file.name} does not match its SHA-256 in the manifest: it was changed.`);
  }
  for (const name of Object.keys(files)) {
    if (name !== 'manifest.json' && !listed.has(name))
      problems.push(`${name} is in the package but not in its manifest.`);
  }
  for (const name of PACKAGE_FILES) {
    if (!listed.has(name)) problems.push(`The manifest does not list ${name}.`);
  }
  const printed = manifest.print.status === 'printed';
  if (printed && !listed.has(PRINT_FILE))
    problems.push(`The manifest says the version was printed but lists no ${PRINT_FILE}.`);
  if (!printed && listed.has(PRINT_FILE))
    problems.push(`The manifest says the print is missing but lists ${PRINT_FILE}.`);
  const pdf = files[PRINT_FILE];
  if (printed && pdf) {
    try {
      const document = await PDFDocument.load(pdf, { updateMetadata: false });
      if (document.getPageCount() < 2)
        problems.push(
          `${PRINT_FILE} has ${document.getPageCount()} page; it needs the page and its signature page.`,
        );
    } catch (error) {
      problems.push(`${PRINT_FILE} is not a readable PDF (${(error as Error).message}).`);
    }
  }
  let auditChecked = 0;
  const audit = files['audit.jsonl'];
  if (audit) {
    const lines = strFromU8(audit).split('\n').filter(Boolean);
    for (const [index, line] of lines.entries()) {
      const entry = safeJson(line) as Record<string, unknown> | undefined;
      if (!entry || typeof entry !== 'object') {
        problems.push(`Line ${index + 1} of audit.jsonl is not JSON.`);
        continue;
      }
      if (typeof entry['hash'] !== 'string' || typeof entry['prevHash'] !== 'string') continue;
      auditChecked += 1;
      if (entryHash(entry['prevHash'], entry) !== entry['hash'])
        problems.push(
          `Audit entry ${String(entry['id'])} (line ${index + 1} of audit.jsonl) does not match its hash: it was changed.`,
        );
    }
  }
  return { ok: problems.length === 0, problems, manifest, auditChecked };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
