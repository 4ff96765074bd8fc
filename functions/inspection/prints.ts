// The print of each publication (docs/decisions/0563-printed-at-publication.md): after every
// change visitors could see, the live pages whose publication has no print yet are printed
// (printer.ts) and kept in the private store under a key made from the job code, so the
// print belongs to exactly that publication and is never replaced. A page published again
// before it was printed keeps no print of the version it replaced: its package says so.
import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import type { Logger } from '../core/logger.ts';
import type { LandingPage } from '../data/landing-pages/page-item.ts';
import { jobCodeLabel, type Publication } from '../shared/job-codes.ts';
import { PRIVATE_PREFIX, type ObjectStore } from '../storage/object-store.ts';
import type { ChromiumPrinter } from './printer.ts';
import { signaturePage } from './signature-page.ts';

/**
 * Where a publication's print is kept: `assets/<id>`, the id a UUID-shaped hash of the page,
 * the job code and the time it went live (private objects are named by UUIDs:
 * functions/storage/disk-layout.ts), so the key needs no record of its own, a table started
 * afresh beside old files never finds another installation's print, and backups carry the
 * prints with the other private files.
 */
export function printKey(
  pageId: string,
  publication: Pick<Publication, 'jobCode' | 'publishedAt'>,
): string {
  const hex = createHash('sha256')
    .update(`inspection-print:${pageId}:${publication.jobCode}:${publication.publishedAt}`)
    .digest('hex');
  return `${PRIVATE_PREFIX}${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export interface StoredPrint {
  pdf: Buffer;
  /** When Chromium printed it (the PDF's creation date). */
  printedAt: string;
}

/** The print of a publication, when there is one. */
export async function readPrint(
  objects: ObjectStore,
  pageId: string,
  publication: Pick<Publication, 'jobCode' | 'publishedAt'>,
): Promise<StoredPrint | undefined> {
  const pdf = await objects.read(printKey(pageId, publication));
  if (!pdf) return undefined;
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  return { pdf, printedAt: (document.getCreationDate() ?? new Date(0)).toISOString() };
}

export interface PublicationPrinterOptions {
  pages: {
    list(): Promise<LandingPage[]>;
    getById(id: string): Promise<LandingPage | undefined>;
  };
  objects: ObjectStore;
  /** None: nothing is printed (no Chromium on this machine). */
  printer: ChromiumPrinter | undefined;
  /** The address a live page is printed from (locally the run-time copy /legacy/<slug>). */
  printAddress: (slug: string) => string;
  /** The address the signature page names (the public one). */
  publicAddress: (slug: string) => string;
  now: () => Date;
  log: Logger;
}

/** How many times a publication's print is tried before the sweeper leaves it (logged). */
const ATTEMPTS = 3;

export class PublicationPrinter {
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private readonly failures = new Map<string, number>();

  private readonly options: PublicationPrinterOptions;
  constructor(options: PublicationPrinterOptions) {
    this.options = options;
  }

  get enabled(): boolean {
    return this.options.printer !== undefined;
  }

  /** Asks for a sweep; one runs at a time and a request during one gives one more after it. */
  request(): void {
    if (!this.options.printer || this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.sweep()
      .then(() => undefined)
      .catch((error: unknown) =>
        this.options.log.error('inspection print sweep failed', {
          error: error instanceof Error ? error.message : String(error),
        }),
      )
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.request();
        }
      });
  }

  /** Resolves once no sweep is running or asked for (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops asking for sweeps; the print under way finishes (server shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.again = false;
    await this.idle();
  }

  /** Prints every live page whose publication has no print; returns how many it printed. */
  async sweep(): Promise<number> {
    const { printer, objects, log } = this.options;
    if (!printer) return 0;
    let printed = 0;
    // Newest publication first: the one just made is printed before any older one left over.
    const pages = (await this.options.pages.list()).sort((a, b) =>
      (b.publication?.publishedAt ?? '').localeCompare(a.publication?.publishedAt ?? ''),
    );
    for (const page of pages) {
      if (this.stopped) break;
      const publication = page.isActive ? page.publication : undefined;
      if (!publication) continue;
      const key = printKey(page.id, publication);
      if ((this.failures.get(key) ?? 0) >= ATTEMPTS) continue;
      if ((await objects.size(key)) !== undefined) continue;
      try {
        await this.printOne(page, publication);
        printed += 1;
        log.info('publication printed', { pageId: page.id, jobCode: jobCodeLabel(publication) });
      } catch (error) {
        this.failures.set(key, (this.failures.get(key) ?? 0) + 1);
        log.error('publication not printed', {
          pageId: page.id,
          jobCode: jobCodeLabel(publication),
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    return printed;
  }

  private async printOne(page: LandingPage, publication: Publication): Promise<void> {
    const { printer, objects, now } = this.options;
    const address = this.options.publicAddress(page.slug);
    const pdf = await printer!.print(
      this.options.printAddress(page.slug),
      signaturePage({ title: page.title, address, publication }),
      { title: page.title, subject: `${jobCodeLabel(publication)} · ${address}` },
    );
    // Published again while it printed: the print may show the newer version, so it is not
    // kept (the next sweep prints the newer one).
    const after = await this.options.pages.getById(page.id);
    if (!after?.isActive || after.publication?.jobCode !== publication.jobCode) return;
    // The creation date is when it was printed: the package reads it from there.
    const document = await PDFDocument.load(pdf, { updateMetadata: false });
    document.setCreationDate(now());
    document.setModificationDate(now());
    await objects.putPrivate(printKey(page.id, publication), Buffer.from(await document.save()), {
      contentType: 'application/pdf',
    });
  }
}
