// The build lock: one holder at a time, and a dead holder's lock taken over.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withBuildLock } from './build-lock.ts';

describe('withBuildLock', () => {
  it('lets one holder in at a time and removes the lock after each', async () => {
    const lock = join(mkdtempSync(join(tmpdir(), 'pb-lock-')), 'build.lock');
    const events: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    const first = withBuildLock(lock, async () => {
      events.push('first in');
      await held;
      events.push('first out');
    });
    const second = withBuildLock(lock, async () => {
      events.push('second in');
    });
    // The second waits while the first holds the lock (polled every 200 ms).
    await expect.poll(() => events).toEqual(['first in']);
    expect(existsSync(lock)).toBe(true);
    release();
    await Promise.all([first, second]);
    expect(events).toEqual(['first in', 'first out', 'second in']);
    expect(existsSync(lock)).toBe(false);
  });

  it('takes over a lock whose holder no longer runs', async () => {
    const lock = join(mkdtempSync(join(tmpdir(), 'pb-lock-')), 'build.lock');
    // A pid that ran and exited: the child's own.
    const gone = spawnSync(process.execPath, [
      '-e',
      'process.stdout.write(String(process.pid))',
    ]).stdout.toString();
    mkdirSync(lock);
    writeFileSync(join(lock, 'pid'), gone);
    await expect(withBuildLock(lock, async () => 'built')).resolves.toBe('built');
    expect(existsSync(lock)).toBe(false);
  });

  it('stops waiting when asked', async () => {
    const lock = join(mkdtempSync(join(tmpdir(), 'pb-lock-')), 'build.lock');
    mkdirSync(lock);
    writeFileSync(join(lock, 'pid'), String(process.pid));
    const controller = new AbortController();
    const waiting = withBuildLock(lock, async () => 'never', controller.signal);
    controller.abort();
    await expect(waiting).rejects.toThrow();
    expect(existsSync(lock)).toBe(true);
  });
});
