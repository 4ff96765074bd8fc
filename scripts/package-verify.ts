// `npm run package:verify -- <package.zip>`: checks an inspection package offline
// (functions/inspection/verify.ts, docs/inspection-package.md) and prints what it found;
// exits 0 when it verifies, 1 when a file or an audit entry does not match, 2 on bad input.
import '../functions/lib/zod-jitless.ts'; // first, before any module builds a schema
import { readFile } from 'node:fs/promises';
import { jobCodeLabel } from '../functions/shared/job-codes.ts';
import { verifyPackage } from '../functions/inspection/verify.ts';

const USAGE = 'Usage: npm run package:verify -- <inspection-package.zip>';
const [file, ...rest] = process.argv.slice(2);
if (!file || rest.length > 0) {
  process.stderr.write(`package:verify: name one package.\n${USAGE}\n`);
  process.exit(2);
}
const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
  process.stderr.write(
    `package:verify: ${file} cannot be read (${error.code ?? error.message}).\n`,
  );
  process.exit(2);
});
const verdict = await verifyPackage(bytes);
const { manifest } = verdict;
if (manifest) {
  process.stdout.write(
    `${file}: ${jobCodeLabel(manifest.publication)} of ${manifest.page.address}, ${manifest.files.length} files, ${
      manifest.print.status === 'printed'
        ? `printed ${manifest.print.printedAt}`
        : `no print (${manifest.print.reason})`
    }, ${verdict.auditChecked} audit entries checked against their hashes.\n`,
  );
}
if (verdict.ok) {
  process.stdout.write(
    'The package verifies: every file matches its SHA-256 and every audit entry its hash.\n',
  );
  process.exit(0);
}
for (const problem of verdict.problems) process.stdout.write(`- ${problem}\n`);
process.stdout.write(
  `The package does not verify: ${verdict.problems.length} problem${verdict.problems.length === 1 ? '' : 's'}.\n`,
);
process.exit(1);
