// The restore drill (docs/operations.md): a populated installation run by the real
// `npm start` (real DynamoDB Local, real disk store), backed up by `npm run backup` while
// it serves, restored by `npm run restore` into a fresh DATA_DIR, and started from there:
// the leads, pages, images (same bytes at the same URLs), the administrator's password and
// the installation's cursor secret all come back. Then what a restore must refuse.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaRecord, S3ParamsResponse } from '../shared/media.ts';
import { BACKUP_FORMAT, SERVER_FILE, type BackupManifest } from './backup.ts';
import { freePort } from './dynamo-local.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const EMAIL = 'drill@pharmabridge.test';
const PASSWORD = 'copper-meadow-violin-88';

let root: string;
const servers: ChildProcess[] = [];
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'pb-drill-'));
});
afterAll(async () => {
  for (const server of servers) {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
  }
  await rm(root, { recursive: true, force: true });
});

function run(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [join(ROOT, script), ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, exited, output: () => ({ stdout, stderr }) };
}

async function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const started = run(`scripts/${name}.ts`, args, env);
  const code = await started.exited;
  return { code, ...started.output() };
}

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const server = run('functions/server/start.ts', [], { PORT: String(port), ...env });
  servers.push(server.child);
  const deadline = Date.now() + 300_000;
  while (!server.output().stdout.includes('PharmaBridge is running')) {
    if (server.child.exitCode !== null) throw new Error(`exited early:\n${server.output().stderr}`);
    if (Date.now() > deadline) throw new Error(`not running:\n${server.output().stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const url = `http://127.0.0.1:${port}`;
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? undefined : ((await response.json()) as unknown);
  };
  const stop = async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  };
  return { url, call, stop };
}

const bytesAt = async (url: string) => {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
};

/** Everything the restored installation must show alike. */
async function snapshot(server: Awaited<ReturnType<typeof startServer>>, image: MediaRecord) {
  const media = (await server.call('GET', '/api/admin/media')) as { items: MediaRecord[] };
  const urls = [image.objectPath, ...image.variants.map((variant) => variant.url)];
  return {
    pages: await server.call('GET', '/api/landing-pages'),
    leads: await server.call('GET', '/api/admin/leads'),
    media: media.items,
    files: await Promise.all(urls.map(async (url) => [url, await bytesAt(`${server.url}${url}`)])),
  };
}

let backupFile: string;
let manifest: BackupManifest;

describe('backup and restore', { timeout: 900_000 }, () => {
  it('restores an installation backed up while it runs, and starts from it', async () => {
    // One DIST_DIR for both: the restored pages match the built ones, so no second build.
    const dist = join(root, 'dist');
    const originalDir = join(root, 'original');
    const original = await startServer({
      DATA_DIR: originalDir,
      DIST_DIR: dist,
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD: PASSWORD,
    });
    expect(JSON.parse(readFileSync(join(originalDir, SERVER_FILE), 'utf8'))).toMatchObject({
      pid: expect.any(Number),
      dynamoEndpoint: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
    });

    // A page, three leads, a published image.
    await original.call('POST', '/api/landing-pages', { title: 'Drill', slug: 'drill' });
    for (const name of ['Ada', 'Grace', 'Edsger']) {
      await original.call('POST', '/api/contact', {
        name,
        email: `${name.toLowerCase()}@example.com`,
        message: `Restore drill lead from ${name}`,
        landingPageId: 'drill',
      });
    }
    const jpeg = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: { r: 30, g: 120, b: 200 } },
    })
      .jpeg()
      .toBuffer();
    const query = new URLSearchParams({ filename: 'drill.jpg', type: 'image/jpeg' });
    const params = (await original.call('GET', `/api/s3/params?${query}`)) as S3ParamsResponse;
    const form = new FormData();
    for (const [name, value] of Object.entries(params.fields)) form.set(name, value);
    form.set('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'drill.jpg');
    expect((await fetch(params.url, { method: 'POST', body: form })).status).toBe(204);
    const image = (await original.call('POST', '/api/objects/acl', {
      objectPath: params.objectPath,
      visibility: 'public',
    })) as MediaRecord;
    // An upload never published: not part of any backup.
    const stray = (await original.call('GET', `/api/s3/params?${query}`)) as S3ParamsResponse;
    const strayForm = new FormData();
    for (const [name, value] of Object.entries(stray.fields)) strayForm.set(name, value);
    strayForm.set('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'x.jpg');
    expect((await fetch(stray.url, { method: 'POST', body: strayForm })).status).toBe(204);

    const before = await snapshot(original, image);
    const firstPage = (await original.call('GET', '/api/admin/leads?limit=1')) as {
      leads: { id: string }[];
      cursor: string;
    };

    // The backup, while the server runs.
    backupFile = join(root, 'pharmabridge.tar.gz');
    const backup = await script('backup', ['--out', backupFile], { DATA_DIR: originalDir });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backup written to .*pharmabridge\.tar\.gz: \d+ items/);
    const entries = listTar(gunzipSync(await readFile(backupFile)));
    manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as BackupManifest;
    expect(manifest).toMatchObject({
      format: BACKUP_FORMAT,
      version: 1,
      table: 'pharmabridge',
      source: 'running-server',
      missingObjects: [],
    });
    expect(manifest.items.count).toBeGreaterThan(5);
    // The image and its variants with their header files; no pending upload.
    const keys = manifest.objects.files.map((file) => file.key).sort();
    expect(keys).toHaveLength(2 * (1 + image.variants.length));
    expect(keys.every((key) => key.startsWith(`uploads/${image.id}`))).toBe(true);
    expect([...entries.keys()].some((name) => name.includes('pending'))).toBe(false);

    // The page build the new page asked for, done before the server stops.
    const deadline = Date.now() + 300_000;
    while ((await fetch(`${original.url}/drill`)).status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
    }
    await original.stop();
    expect(existsSync(join(originalDir, SERVER_FILE))).toBe(false);

    // The restore, into a folder that does not exist yet.
    const restoredDir = join(root, 'restored');
    const restore = await script('restore', [backupFile], { DATA_DIR: restoredDir });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/^Restored the backup of .* into .*restored: \d+ items/);
    // A fresh install key: nobody holding the old one reaches the restored data.
    const key = (dir: string) => readFileSync(join(dir, 'dynamodb-local.key'), 'utf8');
    expect(key(restoredDir)).not.toBe(key(originalDir));
    expect(await readdir(join(restoredDir, 'objects'))).toEqual(['uploads']);

    // Started from the restored folder: the same password signs in (startServer checks),
    // and everything reads the same.
    const restored = await startServer({ DATA_DIR: restoredDir, DIST_DIR: dist });
    const after = await snapshot(restored, image);
    expect(after.pages).toEqual(before.pages);
    expect(after.leads).toEqual(before.leads);
    expect((after.leads as { leads: unknown[] }).leads).toHaveLength(3);
    expect(after.media).toEqual(before.media);
    expect(after.files).toEqual(before.files);
    expect((await fetch(`${restored.url}/drill`)).status).toBe(200);
    // The cursor secret came back with the items: a cursor from before still works.
    const secondPage = (await restored.call(
      'GET',
      `/api/admin/leads?limit=1&cursor=${encodeURIComponent(firstPage.cursor)}`,
    )) as { leads: { id: string }[] };
    expect(secondPage.leads).toHaveLength(1);
    expect(secondPage.leads[0]!.id).not.toBe(firstPage.leads[0]!.id);
    await restored.stop();

    // With no server running, the backup reads a copy of the engine's files.
    const offline = await script('backup', ['--out', join(root, 'offline.tar.gz')], {
      DATA_DIR: originalDir,
    });
    expect(offline.code).toBe(0);
    const offlineManifest = JSON.parse(
      listTar(gunzipSync(await readFile(join(root, 'offline.tar.gz'))))
        .get('manifest.json')!
        .toString('utf8'),
    ) as BackupManifest;
    expect(offlineManifest.source).toBe('stopped-install');
    expect(offlineManifest.objects.files).toEqual(manifest.objects.files);
    expect(offlineManifest.items.count).toBeGreaterThanOrEqual(manifest.items.count);
  });

  it('refuses to restore into a folder that holds anything', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pb-restore-full-'));
    try {
      await writeFile(join(dir, 'notes.txt'), 'mine');
      // Refused before the file is even read.
      const result = await script('restore', [join(dir, 'notes.txt')], { DATA_DIR: dir });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `restore: ${dir} is not empty. A restore goes into an empty or new folder only, so nothing there is overwritten: move it aside (mv ${dir} ${dir}.old) or set DATA_DIR to a new folder.\n`,
      );
      expect(await readdir(dir)).toEqual(['notes.txt']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a backup whose object does not match its checksum, and leaves nothing', async () => {
    expect(backupFile, 'the backup the drill above made').toBeDefined();
    const tar = gunzipSync(await readFile(backupFile));
    const offset = entryOffset(tar, (name) => name.startsWith('objects/uploads/'));
    tar[offset] = tar[offset]! ^ 0xff;
    const damaged = join(root, 'damaged.tar.gz');
    await writeFile(damaged, gzipSync(tar));
    const dir = join(root, 'from-damaged');
    const result = await script('restore', [damaged], { DATA_DIR: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^restore: .*damaged\.tar\.gz is damaged: uploads\/[0-9a-f-]{36}\S* does not match its checksum in the manifest\. Nothing was restored\.\n$/,
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses a file that is not a backup', async () => {
    const bogus = join(root, 'bogus.tar.gz');
    await writeFile(bogus, 'not a backup');
    const dir = join(root, 'from-bogus');
    await mkdir(dir);
    const result = await script('restore', [bogus], { DATA_DIR: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `restore: ${bogus} is not a PharmaBridge backup, or it is damaged. Nothing was restored.\n`,
    );
    expect(await readdir(dir)).toEqual([]);
  });
});

/** A ustar archive's regular files by name (the test reads what `tar -x` would). */
function listTar(tar: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const name = header.toString('utf8', 0, 100).replace(/\0.*$/s, '');
    const size = parseInt(header.toString('ascii', 124, 136).replace(/\0.*$/s, '').trim(), 8);
    files.set(name, tar.subarray(offset + 512, offset + 512 + size));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

/** Where the first matching entry's data starts. */
function entryOffset(tar: Buffer, match: (name: string) => boolean): number {
  for (let offset = 0; offset + 512 <= tar.length;) {
    const name = tar.toString('utf8', offset, offset + 100).replace(/\0.*$/s, '');
    const size = parseInt(
      tar.toString('ascii', offset + 124, offset + 136).replace(/\0.*$/s, ''),
      8,
    );
    if (match(name) && size > 0) return offset + 512;
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error('no such entry');
}
