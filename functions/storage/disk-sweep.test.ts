// The disk driver drops uploads that were never finished, at the ages the S3 bucket's
// lifecycle rules use (infra/constructs/uploads.ts): pending/ objects after
// PENDING_EXPIRY_DAYS, multipart uploads after MULTIPART_ABORT_DAYS, and bodies a crash
// left half-received. Published objects and single-use marks are never touched. The clock
// is fixed; file ages are set with utimes.
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskObjectStore, MULTIPART_ABORT_DAYS, PENDING_EXPIRY_DAYS } from './disk.ts';

const NOW = new Date('2026-03-10T12:00:00Z');
const DAY = 86_400_000;

let dataDir: string;
let store: DiskObjectStore;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pb-sweep-'));
  store = new DiskObjectStore({ dataDir, now: () => NOW });
});
afterEach(async () => rm(dataDir, { recursive: true, force: true }));

/** Writes a file under DATA_DIR/objects last modified `ageMs` before NOW. */
async function file(relative: string, ageMs: number, body = 'x'): Promise<void> {
  const path = join(dataDir, 'objects', relative);
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, body);
  const time = new Date(NOW.getTime() - ageMs);
  await utimes(path, time, time);
}

const list = (relative: string) =>
  readdir(join(dataDir, 'objects', relative)).catch(() => [] as string[]);

describe('disk driver: sweeping abandoned uploads', () => {
  it('matches the AWS lifecycle ages', () => {
    // infra/recovery.test.ts checks the bucket's rules against these same constants.
    expect(PENDING_EXPIRY_DAYS).toBe(2);
    expect(MULTIPART_ABORT_DAYS).toBe(1);
  });

  it('deletes pending uploads older than the pending expiry, and only those', async () => {
    const [old, fresh] = [randomUUID(), randomUUID()];
    await file(`pending/${old}`, PENDING_EXPIRY_DAYS * DAY + 1000);
    await file(`pending/${fresh}`, PENDING_EXPIRY_DAYS * DAY - 60_000);
    // A published image years old stays, and so does its header file.
    const published = randomUUID();
    await file(`uploads/${published}`, 400 * DAY);
    await file(`uploads/${published}.meta`, 400 * DAY, '{}');

    const swept = await store.sweepAbandoned();

    expect(swept).toEqual({ pending: 1, multipart: 0, partial: 0 });
    expect(await list('pending')).toEqual([fresh]);
    expect((await list('uploads')).sort()).toEqual([published, `${published}.meta`].sort());
  });

  it('aborts multipart uploads started more than a day ago, counted from their start', async () => {
    const oldKey = `pending/${randomUUID()}`;
    const newKey = `pending/${randomUUID()}`;
    const oldId = await store.createMultipart(oldKey);
    const newId = await store.createMultipart(newKey);
    const age = async (uploadId: string, ageMs: number) => {
      const time = new Date(NOW.getTime() - ageMs);
      await utimes(join(dataDir, 'objects', '.multipart', uploadId, 'upload.json'), time, time);
    };
    await age(oldId, MULTIPART_ABORT_DAYS * DAY + 1000);
    await age(newId, MULTIPART_ABORT_DAYS * DAY - 60_000);
    // A part sent just now does not keep an upload started long ago alive (S3 counts
    // from the start too).
    await file(`.multipart/${oldId}/00001.${'0'.repeat(32)}`, 0);

    const swept = await store.sweepAbandoned();

    expect(swept).toEqual({ pending: 0, multipart: 1, partial: 0 });
    expect(await list('.multipart')).toEqual([newId]);
    await expect(store.listParts(oldKey, oldId)).rejects.toThrow('No such multipart upload');
    await expect(store.listParts(newKey, newId)).resolves.toEqual([]);
  });

  it('drops bodies a crash left half-received, and keeps single-use marks', async () => {
    await file('.tmp/0123456789abcdef0123456789abcdef', MULTIPART_ABORT_DAYS * DAY + 1000);
    await file('.tmp/fedcba9876543210fedcba9876543210', 1000);
    const mark = randomUUID();
    await file(`.used/${mark}`, 30 * DAY, '0');

    const swept = await store.sweepAbandoned();

    expect(swept).toEqual({ pending: 0, multipart: 0, partial: 1 });
    expect(await list('.tmp')).toEqual(['fedcba9876543210fedcba9876543210']);
    expect(await list('.used')).toEqual([mark]);
  });

  it('has nothing to do in a fresh install', async () => {
    await expect(store.sweepAbandoned()).resolves.toEqual({ pending: 0, multipart: 0, partial: 0 });
  });
});
