// One `astro build` at a time per checkout. Astro writes into the project itself while it
// builds (`.astro/`, its cache under node_modules/), so two builds of one checkout at the
// same moment (two local installations, or the test suites that each start one) can read
// each other's half-written files and fail. A build takes a lock directory first: mkdir is
// atomic, so exactly one process holds it; the others wait for it. A lock whose holder has
// died (its pid no longer runs) is taken over.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const POLL_MS = 200;

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function holderOf(lock: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function tryTake(lock: string): boolean {
  try {
    mkdirSync(lock);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = holderOf(lock);
    // A lock without a pid is being written by its taker this moment: wait for it.
    if (holder !== undefined && !alive(holder)) rmSync(lock, { recursive: true, force: true });
    return false;
  }
  writeFileSync(join(lock, 'pid'), String(process.pid));
  return true;
}

/**
 * Runs `work` holding the lock directory `lock` (created, and removed afterwards), waiting
 * while another live process holds it. `signal` stops the wait.
 */
export async function withBuildLock<T>(
  lock: string,
  work: () => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  while (!tryTake(lock)) {
    signal?.throwIfAborted();
    await new Promise((done) => setTimeout(done, POLL_MS));
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
