// npm start's housekeeping (functions/server/housekeeping.ts): it announces the running
// engine for `npm run backup` until it stops, and sweeps abandoned uploads at once (and
// hourly) with the disk store's rules (functions/storage/disk-sweep.test.ts has the ages).
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../env.ts';
import { memoryLogger } from '../test/harness.ts';
import { runningServer, SERVER_FILE } from './backup/source.ts';
import { startHousekeeping } from './housekeeping.ts';

const NOW = new Date('2026-03-10T12:00:00Z');

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pb-housekeeping-'));
});
afterEach(async () => rm(dataDir, { recursive: true, force: true }));

describe('npm start housekeeping', () => {
  it('announces the engine to backups while it runs, privately, and withdraws it', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const housekeeping = startHousekeeping(
      config,
      { dynamoEndpoint: 'http://127.0.0.1:8123' },
      memoryLogger(),
      { now: () => NOW },
    );
    const file = join(dataDir, SERVER_FILE);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      pid: process.pid,
      dynamoEndpoint: 'http://127.0.0.1:8123',
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(runningServer(dataDir)).toEqual({
      pid: process.pid,
      dynamoEndpoint: 'http://127.0.0.1:8123',
    });
    housekeeping.stop();
    expect(existsSync(file)).toBe(false);
    expect(runningServer(dataDir)).toBeUndefined();
  });

  it('ignores an announcement left by a process that is gone', async () => {
    // Process ids are below 2^22 on Linux.
    await writeFile(
      join(dataDir, SERVER_FILE),
      JSON.stringify({ pid: 2 ** 22 + 7, dynamoEndpoint: 'http://127.0.0.1:8123' }),
    );
    expect(runningServer(dataDir)).toBeUndefined();
  });

  it('sweeps abandoned uploads at start-up', async () => {
    const old = randomUUID();
    await mkdir(join(dataDir, 'objects', 'pending'), { recursive: true });
    await writeFile(join(dataDir, 'objects', 'pending', old), 'x');
    const time = new Date(NOW.getTime() - 3 * 86_400_000);
    await utimes(join(dataDir, 'objects', 'pending', old), time, time);
    const log = memoryLogger();
    const housekeeping = startHousekeeping(
      loadConfig({ DATA_DIR: dataDir }),
      { dynamoEndpoint: undefined },
      log,
      { now: () => NOW },
    );
    await housekeeping.firstSweep;
    housekeeping.stop();
    expect(await readdir(join(dataDir, 'objects', 'pending'))).toEqual([]);
    expect(log.lines).toContainEqual(
      expect.objectContaining({
        message: 'abandoned uploads deleted',
        details: { pending: 1, multipart: 0, partial: 0 },
      }),
    );
    expect(existsSync(join(dataDir, SERVER_FILE))).toBe(false);
  });
});
