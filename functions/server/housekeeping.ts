// What `npm start` does beside serving, once it runs (one call in functions/server/start.ts):
//
// - It announces its DynamoDB Local in DATA_DIR/server.json (process id and endpoint,
//   0600), so `npm run backup` reads through the running engine instead of opening the
//   same database files with a second one (functions/server/backup/source.ts). The file goes
//   when the process exits; one left by a crash names a dead process and is ignored.
// - It sweeps the disk store's abandoned uploads at start-up and every hour, at the ages
//   the S3 bucket's lifecycle rules use (DiskObjectStore.sweepAbandoned).
import { renameSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../env.ts';
import type { Logger } from '../core/logger.ts';
import { DiskObjectStore } from '../storage/disk.ts';
import { SERVER_FILE } from './backup/source.ts';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface Housekeeping {
  /** The first sweep (tests wait for it). */
  firstSweep: Promise<void>;
  stop(): void;
}

export function startHousekeeping(
  config: Config,
  stack: { dynamoEndpoint: string | undefined },
  log: Logger,
  options: { intervalMs?: number; now?: () => Date } = {},
): Housekeeping {
  const { env } = config;
  const serverFile = join(env.DATA_DIR, SERVER_FILE);
  let announced = false;
  const withdraw = () => {
    if (!announced) return;
    announced = false;
    try {
      // Only our own announcement: another server may have taken the folder since.
      const current = JSON.parse(readFileSync(serverFile, 'utf8')) as { pid?: number };
      if (current.pid === process.pid) rmSync(serverFile, { force: true });
    } catch {
      // Already gone.
    }
  };
  if (config.store.kind === 'embedded' && stack.dynamoEndpoint) {
    const text = JSON.stringify({ pid: process.pid, dynamoEndpoint: stack.dynamoEndpoint });
    const temp = `${serverFile}.${process.pid}`;
    writeFileSync(temp, `${text}\n`, { mode: 0o600 });
    renameSync(temp, serverFile);
    announced = true;
    // Every way `npm start` ends goes through process.exit.
    process.once('exit', withdraw);
  }

  let timer: NodeJS.Timeout | undefined;
  let firstSweep = Promise.resolve();
  if (!env.UPLOADS_BUCKET) {
    const store = new DiskObjectStore({
      dataDir: env.DATA_DIR,
      ...(options.now ? { now: options.now } : {}),
    });
    const sweep = async () => {
      try {
        const swept = await store.sweepAbandoned();
        if (swept.pending + swept.multipart + swept.partial > 0) {
          log.info('abandoned uploads deleted', swept);
        }
      } catch (error) {
        log.warn('sweeping abandoned uploads failed', {
          error: error instanceof Error ? error.message : String(error),
        });
      }
    };
    firstSweep = sweep();
    timer = setInterval(() => void sweep(), options.intervalMs ?? SWEEP_INTERVAL_MS);
    timer.unref();
  }
  return {
    firstSweep,
    stop: () => {
      clearInterval(timer);
      process.off('exit', withdraw);
      withdraw();
    },
  };
}
