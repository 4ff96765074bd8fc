// What a `clock-` spec leaves for its `when-due-` spec (e2e/playwright.config.ts CLOCK_SPECS,
// docs/decisions/0585-clock-specs-hand-over.md): the first sets something to happen on the
// server's clock, the second checks, once the time has come, that it happened. A JSON file
// in the run's folder; the first removes an older one before it starts, so a check never
// reads a hand-over from another run.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { handoffPath } from './playwright.config.ts';

export interface Handoffs {
  /** A change approved and scheduled to publish at `at` (epoch ms) on page `slug`. */
  governed: { slug: string; headline: string; at: number };
  /** A live page set to expire at `expiresAt` (epoch ms), redirecting to /demo. */
  lifecycle: {
    slug: string;
    title: string;
    pageId: string;
    jobCode: string;
    expiresAt: number;
    publisherEmail: string;
  };
}

/** Removes an earlier hand-over of `name` (called when its `clock-` spec starts). */
export function clearHandoff(name: keyof Handoffs): void {
  rmSync(handoffPath(name), { force: true });
}

export function handOver<K extends keyof Handoffs>(name: K, state: Handoffs[K]): void {
  const path = handoffPath(name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(state));
}

export function takeOver<K extends keyof Handoffs>(name: K): Handoffs[K] {
  const path = handoffPath(name);
  if (!existsSync(path)) {
    throw new Error(
      `Nothing was handed over at ${path}: e2e/clock-${name}.spec.ts did not pass in this run. ` +
        `Run both: npx playwright test -c e2e/playwright.config.ts e2e/clock-${name}.spec.ts ` +
        `e2e/when-due-${name}.spec.ts --project=settings`,
    );
  }
  return JSON.parse(readFileSync(path, 'utf8')) as Handoffs[K];
}
