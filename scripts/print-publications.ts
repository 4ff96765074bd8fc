// The site build's print step in AWS (infra/constructs/rebuild.ts, after the pages are synced
// and the cache invalidated): prints each live page whose publication has no print yet from its
// public address, with its signature page, into the uploads bucket's private prefix, for the
// version's inspection package (functions/inspection/prints.ts,
// docs/decisions/0563-printed-at-publication.md). The local server runs the same sweep itself.
// Never fails the build: without a Chromium (CHROMIUM_PATH, else one on the PATH, else the one
// `npx playwright install chromium` put in Playwright's cache) it says so and the packages say
// the print is missing.
import '../functions/lib/zod-jitless.ts'; // first, before any module builds a schema
import { existsSync } from 'node:fs';
import { jsonLogger } from '../functions/core/logger.ts';
import { createDocumentClient, dynamoTarget } from '../functions/data/dynamo.ts';
import { LandingPageRepository } from '../functions/data/landing-pages/repository.ts';
import { loadConfig } from '../functions/env.ts';
import { ChromiumPrinter, findChromium } from '../functions/inspection/printer.ts';
import { PublicationPrinter } from '../functions/inspection/prints.ts';
import { publicPath } from '../functions/shared/slug.ts';
import { createObjectStore } from '../functions/storage/select.ts';

const config = loadConfig();
const log = jsonLogger('info');
/** The Chromium Playwright downloaded (the build installs it: the build image has none). */
async function playwrightChromium(): Promise<string | undefined> {
  try {
    const { chromium } = await import('playwright');
    const path = chromium.executablePath();
    return existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}
const chromium =
  findChromium(config.env.CHROMIUM_PATH, process.env['PATH'] ?? '') ?? (await playwrightChromium());
if (!chromium) {
  log.warn('no Chromium: publications are not printed, their packages say so');
  process.exit(0);
}
const db = createDocumentClient(dynamoTarget(config));
try {
  const address = (slug: string) => `${config.siteUrl}${publicPath(slug)}`;
  const printed = await new PublicationPrinter({
    pages: new LandingPageRepository(db, config.env.TABLE_NAME),
    objects: createObjectStore(config),
    printer: new ChromiumPrinter(chromium),
    printAddress: address,
    publicAddress: address,
    now: () => new Date(),
    log,
  }).sweep();
  log.info('publications printed', { printed });
} catch (error) {
  log.error('publications not printed', {
    error: error instanceof Error ? error.message : String(error),
  });
} finally {
  db.destroy();
}
