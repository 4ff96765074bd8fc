// What a backup holds and how it is sealed (issue 33; functions/server/backup/create.ts,
// crypt.ts), in-process over the run's DynamoDB Local and a real disk store: every
// prefix of the object store the code names (images and gated downloads' PDFs, not the
// expiring pending uploads), the install key, two-factor secrets only as ciphertext; a
// folder or file it does not know stops it; the file is age-encrypted (opened here by
// age-encryption and listed by the system's own `tar`); a wrong passphrase restores
// nothing; an archive of format 1 (unencrypted, uploads only) still restores; a
// LEAD_SETTINGS_KEY other than the backed-up key is refused. The whole restore drill with
// `npm start` is functions/server/backup/backup.test.ts.
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminKey } from '../../data/admins.ts';
import { ensureTable } from '../../data/table.ts';
import { loadConfig, type Config } from '../../env.ts';
import { newTotpSecret } from '../../core/totp.ts';
import { createServices } from '../../services.ts';
import type { Services } from '../../lib/context.ts';
import { KEY_FILE, LocalSecretBox, SECRET_PURPOSES } from '../../webhooks/secret-box.ts';
import { decryptBackup, openBackup } from '../../test/backup-files.ts';
import { createBackup } from './create.ts';
import { PassphraseError } from './crypt.ts';
import { BACKUP_VERSION, type BackupManifest } from './manifest.ts';
import { restoreBackup } from './restore.ts';
import { TarWriter } from './tar.ts';

const PASSPHRASE = 'tulip-orbit-cedar-19';
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1');
const WEBP = Buffer.from('RIFF....WEBPVP8 a small stand-in for an image', 'latin1');

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'pb-backup-contents-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** An installation on the run's DynamoDB Local, its objects in a fresh DATA_DIR. */
async function installation() {
  const dataDir = join(root, randomUUID());
  const endpoint = inject('dynamoEndpoint');
  const config = loadConfig({
    TABLE_NAME: `test-${randomUUID()}`,
    DYNAMODB_ENDPOINT: endpoint,
    DATA_DIR: dataDir,
  });
  const services = createServices(config, { region: 'local', endpoint });
  await ensureTable(services.db, config.env.TABLE_NAME);
  const ids = { image: randomUUID(), asset: randomUUID(), pending: randomUUID() };
  await services.objects.publish(`uploads/${ids.image}`, WEBP, {
    contentType: 'image/webp',
    cacheControl: 'public, max-age=31536000, immutable',
  });
  await services.objects.putPrivate(`assets/${ids.asset}`, PDF, {
    contentType: 'application/pdf',
  });
  await mkdir(join(dataDir, 'objects', 'pending'), { recursive: true });
  await writeFile(join(dataDir, 'objects', 'pending', ids.pending), 'never published');
  return { config, services, dataDir, ids };
}

/** Two administrators with second factors: one enrolled now, one as an earlier version left it. */
async function withSecondFactors(services: Services) {
  const secrets = { current: newTotpSecret(), legacy: newTotpSecret() };
  await services.admins.create('current@example.com', 'x');
  await services.twoFactor.startEnrolment('current@example.com', secrets.current, new Date(2e12));
  const enrolment = (await services.twoFactor.enrolment('current@example.com'))!;
  await services.twoFactor.confirm('current@example.com', enrolment.stored, 1, []);
  await services.admins.create('legacy@example.com', 'x');
  await services.db.send(
    new UpdateCommand({
      TableName: services.tableName,
      Key: adminKey('legacy@example.com'),
      UpdateExpression: 'SET totpSecret = :secret',
      ExpressionAttributeValues: { ':secret': secrets.legacy },
    }),
  );
  return secrets;
}

/** The archive's plaintext files, read with age-encryption and listed by the system's `tar`. */
async function openWithTar(file: string) {
  const listed = spawnSync('tar', ['-tzf', '-'], { input: await decryptBackup(file, PASSPHRASE) });
  expect(listed.status, listed.stderr.toString()).toBe(0);
  const { files, manifest } = await openBackup(file, PASSPHRASE);
  expect([...files.keys()]).toEqual(listed.stdout.toString().trim().split('\n'));
  return { files, manifest: manifest as BackupManifest };
}

const restoreConfig = (dataDir: string, env: Record<string, string> = {}): Config =>
  loadConfig({ DATA_DIR: dataDir, TABLE_NAME: 'pharmabridge', ...env });

describe('what a backup holds', { timeout: 300_000 }, () => {
  it('every copied prefix (images, gated downloads), the install key, and two-factor secrets only as ciphertext; encrypted', async () => {
    const { config, services, dataDir, ids } = await installation();
    const secrets = await withSecondFactors(services);
    const out = join(root, `${randomUUID()}.age`);
    const summary = await createBackup({ config, out, passphrase: PASSPHRASE });
    expect(summary).toMatchObject({ encrypted: true, sealedSecrets: 1 });

    const raw = await readFile(out);
    expect(raw.subarray(0, 22).toString('latin1')).toBe('age-encryption.org/v1\n');
    expect(raw.includes(PDF)).toBe(false);
    const { files, manifest } = await openWithTar(out);
    expect(manifest).toMatchObject({
      version: BACKUP_VERSION,
      source: 'endpoint',
      installKeyFrom: 'file',
      missingObjects: [],
    });
    expect(manifest.objects.files.map((file) => file.key).sort()).toEqual(
      [`assets/${ids.asset}`, `uploads/${ids.image}`, `uploads/${ids.image}.meta`].sort(),
    );
    expect(files.get(`objects/assets/${ids.asset}`)).toEqual(PDF);
    expect(files.get(`objects/uploads/${ids.image}`)).toEqual(WEBP);
    expect([...files.keys()].some((name) => name.includes('pending'))).toBe(false);
    // The key of the installation, which opens the two-factor secrets in the items.
    const key = files.get(`keys/${KEY_FILE}`)!;
    expect(key.toString('utf8')).toBe(await readFile(join(dataDir, KEY_FILE), 'utf8'));
    const items = files.get('items.jsonl')!.toString('utf8');
    expect(items).not.toContain(secrets.current);
    expect(items).not.toContain(secrets.legacy);
    const box = new LocalSecretBox(
      Buffer.from(key.toString('utf8').trim(), 'base64'),
      SECRET_PURPOSES.totp,
    );
    const stored = items
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, { S?: string }>)
      .filter((item) => item['sk']?.S === 'ADMIN' && item['totpSecret'])
      .map((item) => item['totpSecret']!.S!);
    expect(stored).toHaveLength(2);
    expect(await Promise.all(stored.map((value) => box.decrypt(value)))).toEqual(
      expect.arrayContaining([secrets.current, secrets.legacy]),
    );
  });

  it('stops, writing nothing, at a folder or a file of the object store it does not know', async () => {
    const { config, dataDir } = await installation();
    await mkdir(join(dataDir, 'objects', 'exports'));
    const out = join(root, `${randomUUID()}.age`);
    await expect(createBackup({ config, out, passphrase: PASSPHRASE })).rejects.toThrow(
      `${join(dataDir, 'objects', 'exports')} is not something a backup knows (it copies uploads/ and assets/ under ${join(dataDir, 'objects')}, and leaves out pending/, .multipart/, .used/, .tmp/). Nothing was written: move it out of ${join(dataDir, 'objects')}, or back it up yourself, and run the backup again.`,
    );
    await rm(join(dataDir, 'objects', 'exports'), { recursive: true });
    await writeFile(join(dataDir, 'objects', 'assets', 'notes.txt'), 'mine');
    await expect(createBackup({ config, out, passphrase: PASSPHRASE })).rejects.toThrow(
      `${join(dataDir, 'objects', 'assets', 'notes.txt')} is not something a backup knows`,
    );
    expect(
      (await readdir(root)).filter((name) => name.includes(out.slice(root.length + 1))),
    ).toEqual([]);
  });

  it('restores nothing with a wrong passphrase, and the key and every object with the right one', async () => {
    const { config, services, dataDir, ids } = await installation();
    await withSecondFactors(services);
    const out = join(root, `${randomUUID()}.age`);
    await createBackup({ config, out, passphrase: PASSPHRASE });

    const target = join(root, randomUUID());
    await expect(
      restoreBackup({
        config: restoreConfig(target),
        file: out,
        passphrase: async () => 'not-the-passphrase',
      }),
    ).rejects.toThrow(
      new PassphraseError(`The passphrase does not open ${out}. Nothing was restored.`),
    );
    expect(await readdir(target)).toEqual([]);

    // Another LEAD_SETTINGS_KEY than the backed-up key could not open the restored secrets.
    await expect(
      restoreBackup({
        config: restoreConfig(target, {
          LEAD_SETTINGS_KEY: Buffer.alloc(32, 7).toString('base64'),
        }),
        file: out,
        passphrase: async () => PASSPHRASE,
      }),
    ).rejects.toThrow(
      /^LEAD_SETTINGS_KEY is set to another key than the one in .*Nothing was restored\.$/,
    );
    expect(await readdir(target)).toEqual([]);

    const restored = await restoreBackup({
      config: restoreConfig(target),
      file: out,
      passphrase: async () => PASSPHRASE,
    });
    expect(restored.encrypted).toBe(true);
    expect(await readFile(join(target, KEY_FILE), 'utf8')).toBe(
      await readFile(join(dataDir, KEY_FILE), 'utf8'),
    );
    expect(await readFile(join(target, 'objects', 'assets', ids.asset))).toEqual(PDF);
    expect(await readFile(join(target, 'objects', 'uploads', ids.image))).toEqual(WEBP);
    expect((await readdir(join(target, 'objects'))).sort()).toEqual(['assets', 'uploads']);
  });

  it('still restores an unencrypted archive of format 1 (items and uploads only), asking no passphrase', async () => {
    const file = join(root, `${randomUUID()}.tar.gz`);
    const gzip = createGzip();
    const written = pipeline(gzip, createWriteStream(file));
    const tar = new TarWriter(gzip);
    const item = Buffer.from(
      `${JSON.stringify({ pk: { S: 'PAGE#x' }, sk: { S: 'PAGE' }, title: { S: 'Old' } })}\n`,
    );
    const name = `${randomUUID()}`;
    const items = {
      count: 1,
      bytes: item.length,
      sha256: await tar.add('items.jsonl', item.length, [item]),
    };
    const object = {
      key: `uploads/${name}`,
      bytes: WEBP.length,
      sha256: await tar.add(`objects/uploads/${name}`, WEBP.length, [WEBP]),
    };
    const manifest = Buffer.from(
      JSON.stringify({
        format: 'pharmabridge-backup',
        version: 1,
        createdAt: '2026-01-01T00:00:00.000Z',
        table: 'pharmabridge',
        source: 'stopped-install',
        items,
        objects: { count: 1, files: [object] },
        missingObjects: [],
      }),
    );
    await tar.add('manifest.json', manifest.length, [manifest]);
    await tar.finish();
    gzip.end();
    await written;

    const target = join(root, randomUUID());
    const restored = await restoreBackup({
      config: restoreConfig(target),
      file,
      passphrase: async () => {
        throw new Error('an unencrypted archive needs no passphrase');
      },
    });
    expect(restored).toMatchObject({ encrypted: false, manifest: { version: 1, keys: [] } });
    expect(await readFile(join(target, 'objects', 'uploads', name))).toEqual(WEBP);
  });
});
