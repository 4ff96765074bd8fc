// The local server's outbox drainer: drains once at start (so deliveries left pending by
// a stopped or crashed server resume), then whenever a lead is stored (kick) and every
// `intervalMs` for retries that come due. stop() aborts attempts in flight and gives
// their deliveries back, so a restart picks them up at once; with `outbox` it also gives
// back any other claim of this process its shutdown cut short (an admin's manual retry
// whose request ended with the server), instead of leaving it to its 60 s lease.
import type { OutboxRepository } from '../data/outbox.ts';
import type { Logger } from '../core/logger.ts';
import type { LeadWebhook } from './lead-webhook.ts';

/** Retries are due on a scale of minutes; looking every 15 s is early enough. */
export const DRAIN_INTERVAL_MS = 15_000;

export interface Drainer {
  stop(): Promise<void>;
  /** Resolves when the drain running now (if any) has finished; for tests. */
  idle(): Promise<void>;
}

export function startDrainer(
  webhook: Pick<LeadWebhook, 'drainOnce' | 'onKick'>,
  log: Logger,
  options: { intervalMs?: number; outbox?: OutboxRepository } = {},
): Drainer {
  const intervalMs = options.intervalMs ?? DRAIN_INTERVAL_MS;
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const schedule = () => {
    if (stopping.signal.aborted) return;
    clearTimeout(timer);
    timer = setTimeout(run, intervalMs);
    // The drainer alone never keeps the process alive.
    timer.unref();
  };
  const run = () => {
    if (stopping.signal.aborted) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await webhook.drainOnce({ signal: stopping.signal });
        } catch (error) {
          // A store hiccup: logged, and the next round tries again.
          log.error('lead webhook drain failed', {
            error: error instanceof Error ? error.message : String(error),
          });
        }
      } while (again && !stopping.signal.aborted);
    })().finally(() => {
      running = undefined;
      schedule();
    });
  };

  webhook.onKick(run);
  run();
  return {
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      webhook.onKick(undefined);
      await running;
      const released = await options.outbox?.releaseHeld().catch((error: unknown) => {
        // The store is gone already: the lease runs out on its own.
        log.warn('lead webhook claims not given back', {
          error: error instanceof Error ? error.message : String(error),
        });
        return 0;
      });
      if (released) log.info('lead webhook claims given back at shutdown', { released });
    },
    async idle() {
      while (running) await running;
    },
  };
}
