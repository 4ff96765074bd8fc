// Wires the local rebuild webhook: a LocalRebuilder whose build runs `astro build` in a
// child process against the live store (site-build.ts builds into <dist>.next and swaps
// the folder atomically) and then hands the new snapshot to the server. The served
// StaticSite is an in-memory snapshot, so visitors get the old site until the new one
// is complete, never a half-written one.
import { createHash } from 'node:crypto';
import { mediaIdsIn } from '../shared/media-map.ts';
import type { Services } from '../lib/context.ts';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { LandingPage } from '../data/landing-pages/page-item.ts';
import type { Logger } from '../core/logger.ts';
import { LocalRebuilder } from '../rebuild/local.ts';
import { buildSite, buildStamp } from './site-build.ts';
import { StaticSite } from './static-site/site.ts';

/**
 * What the static output depends on in the store: which pages, when they changed, the
 * library images they use (alt text and replacements show on the built pages), and the
 * redirects (the build's redirect map; their hit counts are not part of it).
 */
export function siteDataFingerprint(
  pages: readonly Pick<LandingPage, 'id' | 'updatedAt'>[],
  media: readonly { id: string; version: number; updatedAt?: string }[] = [],
  redirects: readonly { from: string; to: string; status: number }[] = [],
): string {
  return createHash('sha256')
    .update(JSON.stringify(pages.map((p) => [p.id, p.updatedAt]).sort()))
    .update(JSON.stringify(media.map((m) => [m.id, m.version, m.updatedAt ?? '']).sort()))
    .update(JSON.stringify(redirects.map((r) => [r.from, r.to, r.status]).sort()))
    .digest('hex');
}

/** The fingerprint of the store as it is now: pages, the media records they use, redirects. */
export async function storeFingerprint(
  services: Pick<Services, 'pages' | 'media' | 'redirects'>,
): Promise<string> {
  const pages = await services.pages.list();
  const ids = [...new Set(pages.flatMap((page) => mediaIdsIn(page.content)))];
  const media = ids.length ? await services.media.getMany(ids) : [];
  return siteDataFingerprint(pages, media, await services.redirects.list());
}

export interface SiteRebuilderOptions {
  distDir: string;
  /** The build's environment (the store it reads pages from). */
  env: () => Record<string, string | undefined>;
  /** The store's fingerprint (storeFingerprint), part of the build stamp. */
  fingerprint: () => Promise<string>;
  /** Receives each successfully built snapshot. */
  publish: (site: StaticSite) => void;
  /** Resolves when the start-up build is done; no rebuild overlaps it. */
  ready: Promise<unknown>;
  debounceMs: number;
  /** Rebuild requests are logged, never run (LOCAL_REBUILDS=off, functions/rebuild/local.ts). */
  recordOnly?: boolean;
  log: Logger;
}

export function createSiteRebuilder(options: SiteRebuilderOptions) {
  const stopping = new AbortController();
  const rebuilder = new LocalRebuilder({
    debounceMs: options.debounceMs,
    log: options.log,
    ...(options.recordOnly ? { recordOnly: true } : {}),
    build: async () => {
      await options.ready.catch(() => undefined);
      const stamp = buildStamp(await options.fingerprint());
      const result = await buildSite({
        distDir: options.distDir,
        stamp,
        env: options.env(),
        signal: stopping.signal,
      });
      if (result.ok) options.publish(StaticSite.load(options.distDir));
      return result;
    },
  });
  return {
    rebuilder,
    /** Seeds the status from the build being served (its stamp file's time). */
    markServed(): void {
      try {
        const builtAt = statSync(join(options.distDir, '.build-stamp')).mtime.toISOString();
        rebuilder.markServed(builtAt);
      } catch {
        // No stamp: the status starts without a last build time.
      }
    },
    /** Stops scheduling and kills a running build (its half-built folder is discarded). */
    async stop(): Promise<void> {
      stopping.abort();
      await rebuilder.stop();
    },
  };
}
