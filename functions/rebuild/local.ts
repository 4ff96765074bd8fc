// Local rebuilds: the server rebuilds the site in a child process (site-build.ts) and
// swaps the served snapshot. Debounced (a burst of edits gives one build) and coalesced
// (edits during a build give exactly one more build after it). Status lives in memory;
// after a restart the start-up build (or the stamp of the existing one) seeds it.
// With `recordOnly` (LOCAL_REBUILDS=off, for the browser tests whose specs check edits on the
// run-time page: docs/decisions/0548-browser-specs-check-edits-at-run-time.md) a request is
// logged and nothing is built; the status says rebuilds are off.
import type { Logger } from '../core/logger.ts';
import type { BuildStatus } from '../shared/api/build.ts';
import type { Rebuilder } from './rebuilder.ts';

export interface LocalBuildResult {
  ok: boolean;
  logTail: string;
}

export interface LocalRebuilderOptions {
  /** Builds and, on success, swaps the served site. Must not throw for a failed build. */
  build: () => Promise<LocalBuildResult>;
  /** Quiet time after the last request before a build starts. */
  debounceMs: number;
  /** A steady stream of edits still builds at least this often. */
  maxWaitMs?: number;
  now?: () => Date;
  log?: Logger;
  /** What the site being served was built from, when known (the start-up build). */
  initial?: { finishedAt: string; publishedAt: string };
  /** Log each request and build nothing; the status is `disabled` (rebuilds are off). */
  recordOnly?: boolean;
}

export class LocalRebuilder implements Rebuilder {
  private readonly options: LocalRebuilderOptions;
  private timer: NodeJS.Timeout | undefined;
  private firstRequestAt: number | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private current: BuildStatus;
  private lastOk = true;
  /** How many builds ran (tests check the coalescing with it). */
  builds = 0;
  /** How many rebuilds were asked for. */
  requests = 0;

  constructor(options: LocalRebuilderOptions) {
    this.options = options;
    this.current = {
      state: 'up-to-date',
      ...(options.initial
        ? { lastFinishedAt: options.initial.finishedAt, publishedAt: options.initial.publishedAt }
        : {}),
    };
  }

  /** The site being served was built at `at` (start-up); only fills in what is unknown. */
  markServed(at: string): void {
    this.current = { lastFinishedAt: at, publishedAt: at, ...this.current };
  }

  async request(reason: string): Promise<void> {
    if (this.stopped) return;
    this.requests += 1;
    if (this.options.recordOnly) {
      this.options.log?.info('site rebuild requested', { reason, run: false });
      return;
    }
    this.options.log?.info('site rebuild requested', { reason });
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule();
  }

  async status(): Promise<BuildStatus> {
    // The served build stays what it was: when it was made is still true.
    if (this.options.recordOnly) return { ...this.current, state: 'disabled' };
    const waiting = this.timer !== undefined || this.running !== undefined || this.again;
    const state = waiting ? 'building' : this.lastOk ? 'up-to-date' : 'failed';
    const status: BuildStatus = { ...this.current, state };
    if (state !== 'failed') delete status.logTail;
    return status;
  }

  /** Resolves once no build is running or waiting (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.timer !== undefined || this.running !== undefined) {
      if (this.running) await this.running;
      else await new Promise((done) => setTimeout(done, 20));
    }
  }

  /** Stops scheduling; a running build finishes. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.again = false;
    await this.running;
  }

  private schedule(): void {
    const now = Date.now();
    this.firstRequestAt ??= now;
    const maxWait = this.options.maxWaitMs ?? 10_000;
    const delay = Math.max(
      0,
      Math.min(this.options.debounceMs, this.firstRequestAt + maxWait - now),
    );
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.firstRequestAt = undefined;
      this.running = this.run().finally(() => {
        this.running = undefined;
        if (this.again && !this.stopped) {
          this.again = false;
          this.schedule();
        }
      });
    }, delay);
  }

  private async run(): Promise<void> {
    const now = this.options.now ?? (() => new Date());
    const startedAt = now().toISOString();
    this.current = { ...this.current, startedAt };
    this.builds += 1;
    const began = Date.now();
    let result: LocalBuildResult;
    try {
      result = await this.options.build();
    } catch (error) {
      result = { ok: false, logTail: error instanceof Error ? error.message : String(error) };
    }
    // Stopping (server shutdown) kills the build: that is not a failure to report.
    if (this.stopped) return;
    this.lastOk = result.ok;
    this.current = {
      ...this.current,
      lastFinishedAt: now().toISOString(),
      ...(result.ok ? { publishedAt: startedAt, logTail: undefined } : { logTail: result.logTail }),
    };
    if (result.ok) {
      this.options.log?.info('site rebuilt', { seconds: (Date.now() - began) / 1000 });
    } else {
      this.options.log?.error('site rebuild failed', { logTail: result.logTail });
    }
  }
}
