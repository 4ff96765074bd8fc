// Prints a published version as visitors saw it, for its inspection package (issue 37,
// docs/decisions/0563-printed-at-publication.md): headless Chromium's own --print-to-pdf of the
// live page, then a signature page (signature-page.ts) printed the same way and appended with
// pdf-lib. Locally the server's Chromium prints (CHROMIUM_PATH or one on the PATH); in AWS the
// site build's (scripts/print-publications.ts). Without a Chromium nothing is printed and the
// package's manifest says so; the server runs all the same.
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PDFDocument } from 'pdf-lib';

/** What a print takes at most before Chromium is stopped. */
const PRINT_TIMEOUT_MS = 90_000;
/** Virtual time the page gets to run its scripts and load its images before it is printed. */
const SETTLE_MS = 8_000;

const CANDIDATES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

/** The Chromium to print with: `configured` when set, else the first candidate on `path`. */
export function findChromium(configured: string | undefined, path: string): string | undefined {
  if (configured) return configured;
  for (const dir of path.split(delimiter).filter(Boolean)) {
    for (const name of CANDIDATES) {
      const file = join(dir, name);
      try {
        accessSync(file, constants.X_OK);
        return file;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

export class PrintError extends Error {
  override name = 'PrintError';
}

export interface PdfMetadata {
  title: string;
  subject: string;
}

export class ChromiumPrinter {
  private readonly executable: string;
  constructor(executable: string) {
    this.executable = executable;
  }

  /** The page at `url` and then the signature page `signaturesHtml`, as one PDF. */
  async print(url: string, signaturesHtml: string, metadata: PdfMetadata): Promise<Buffer> {
    const dir = await mkdtemp(join(tmpdir(), 'pb-print-'));
    try {
      const page = await this.printOne(url, dir, 'page.pdf');
      const signaturesFile = join(dir, 'signatures.html');
      await writeFile(signaturesFile, signaturesHtml);
      const signatures = await this.printOne(
        pathToFileURL(signaturesFile).href,
        dir,
        'signatures.pdf',
      );
      return await joinPdfs([page, signatures], metadata);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private async printOne(url: string, dir: string, name: string): Promise<Buffer> {
    const out = join(dir, name);
    const args = [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--no-default-browser-check',
      '--hide-scrollbars',
      `--user-data-dir=${join(dir, `profile-${name}`)}`,
      '--no-pdf-header-footer',
      '--run-all-compositor-stages-before-draw',
      `--virtual-time-budget=${SETTLE_MS}`,
      `--print-to-pdf=${out}`,
      url,
    ];
    await new Promise<void>((done, fail) => {
      execFile(this.executable, args, { timeout: PRINT_TIMEOUT_MS }, (error, _stdout, stderr) => {
        if (error) {
          const why = String(stderr).trim().split('\n').slice(-3).join(' ');
          fail(new PrintError(`Chromium could not print ${url}: ${error.message} ${why}`.trim()));
        } else done();
      });
    });
    const bytes = await readFile(out).catch(() => undefined);
    if (!bytes?.length) throw new PrintError(`Chromium wrote no PDF for ${url}`);
    return bytes;
  }
}

/** The pages of every PDF in order, as one document with `metadata`. */
export async function joinPdfs(
  parts: readonly Uint8Array[],
  metadata: PdfMetadata,
): Promise<Buffer> {
  const joined = await PDFDocument.create();
  for (const part of parts) {
    const document = await PDFDocument.load(part);
    for (const page of await joined.copyPages(document, document.getPageIndices())) {
      joined.addPage(page);
    }
  }
  joined.setTitle(metadata.title);
  joined.setSubject(metadata.subject);
  joined.setProducer('PharmaBridge inspection package');
  joined.setCreator('Chromium (headless)');
  return Buffer.from(await joined.save());
}
