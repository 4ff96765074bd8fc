// The W3C Nu Html Checker (the `vnu-jar` package, run on the Java the project already
// needs) over pages as a browser gets them: html-validity.spec.ts (every page of the site)
// and block-gallery.spec.ts (every block type) use it.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const VNU_JAR = fileURLToPath(
  new URL('../node_modules/vnu-jar/build/dist/vnu.jar', import.meta.url),
);

/**
 * The checker's known false positive: it wants every `<source>` of a `<picture>` to use
 * `w` descriptors once one of them does, although HTML allows a type-switched `<source>`
 * without `sizes` beside one with them (validator/validator#1420). Each entry names the
 * message exactly, so any other error still fails.
 */
const KNOWN_FALSE_POSITIVES: RegExp[] = [
  /^Attribute “sizes” not allowed on element “source” at this point\.$/,
  /^When the “srcset” attribute has any image candidate string with a width descriptor, the “sizes” attribute must also be (present|specified)\.$/,
];

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

/** The checker's errors for these pages (path → HTML), each as "path:line message [extract]". */
export async function vnuErrors(pages: Map<string, string>): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'vnu-'));
  try {
    const files = new Map<string, string>();
    for (const [index, [path, html]] of [...pages.entries()].entries()) {
      const file = join(dir, `page-${index}.html`);
      writeFileSync(file, html);
      files.set(`file:${file}`, path);
    }
    // One JVM for every page (each start costs seconds); messages arrive as JSON on stderr.
    // On the JVM's quick compiler, as DynamoDB Local: 40 pages took 2.6 s of processor time
    // instead of 5.0 s, with the same messages; its code takes more stack, which the checker's
    // schema recursion needs (it overflowed at 1 MB)
    // (docs/decisions/0583-dynamodb-local-on-the-quick-compiler.md).
    const { stderr } = await promisify(execFile)(
      'java',
      [
        '-Xss4m',
        '-XX:TieredStopAtLevel=1',
        '-jar',
        VNU_JAR,
        '--format',
        'json',
        '--exit-zero-always',
        ...files.keys(),
      ].map((arg) => arg.replace(/^file:/, '')),
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] };
    return messages
      .filter((message) => message.type !== 'info')
      .filter((message) => !KNOWN_FALSE_POSITIVES.some((known) => known.test(message.message)))
      .map(
        (message) =>
          `${files.get(message.url) ?? message.url}:${message.lastLine ?? '?'} ${message.message} [${message.extract ?? ''}]`,
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
