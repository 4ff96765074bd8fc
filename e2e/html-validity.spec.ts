// Every served page is valid HTML by the W3C Nu Html Checker (the `vnu-jar` package, run
// on the Java the project already needs), read as a browser gets it: the sitemap's pages,
// the 404 page, the legacy landing route and the admin shell.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'playwright/test';

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

test('every page passes the W3C Nu Html Checker', async ({ request }) => {
  test.setTimeout(120_000);
  const xml = await (await request.get('/sitemap.xml')).text();
  const paths = [
    ...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname),
    '/no-such-page',
    '/legacy/',
    '/preview',
    '/admin',
  ];
  expect(paths.length).toBeGreaterThanOrEqual(30);

  const dir = mkdtempSync(join(tmpdir(), 'vnu-'));
  try {
    const files = new Map<string, string>();
    for (const [index, path] of paths.entries()) {
      const response = await request.get(path);
      expect([200, 404], path).toContain(response.status());
      const file = join(dir, `page-${index}.html`);
      writeFileSync(file, await response.text());
      files.set(`file:${file}`, path);
    }
    // One JVM for every page (each start costs seconds); messages arrive as JSON on stderr.
    const { stderr } = await promisify(execFile)(
      'java',
      ['-jar', VNU_JAR, '--format', 'json', '--exit-zero-always', ...files.keys()].map((arg) =>
        arg.replace(/^file:/, ''),
      ),
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] };
    const errors = messages
      .filter((message) => message.type !== 'info')
      .filter((message) => !KNOWN_FALSE_POSITIVES.some((known) => known.test(message.message)))
      .map(
        (message) =>
          `${files.get(message.url) ?? message.url}:${message.lastLine ?? '?'} ${message.message} [${message.extract ?? ''}]`,
      );
    expect(errors).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the legacy shell has the skip link target and a heading before JavaScript runs', async ({
  request,
}) => {
  const html = await (await request.get('/legacy/')).text();
  // The skip link (BaseLayout/LandingLayout) points at #main; the server's HTML must hold it.
  expect(html).toContain('href="#main"');
  expect(html).toMatch(/<main[^>]* id="main"/);
  expect(html).toMatch(/<h1[^>]*>Loading the landing page<\/h1>/);
});
