// `npm run restore` (docs/operations.md, docs/decisions/0109-backup-and-restore.md): a
// backup file into an empty DATA_DIR. The archive is unpacked and checked first (unpack.ts);
// then a new DynamoDB Local gets the items, and the objects and the install key move into
// place. On any error the folder is emptied again: nothing half-restored is left.
import { existsSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Config } from '../../env.ts';
import { createDocumentClient } from '../../data/dynamo.ts';
import { ensureTable } from '../../data/table.ts';
import { KEY_FILE as INSTALL_KEY_FILE } from '../../webhooks/secret-box.ts';
import {
  ensurePrivateDir,
  LOCAL_REGION,
  startDynamoLocal,
  StartupError,
  type DynamoLocal,
} from '../dynamo-local.ts';
import { BackupError } from './errors.ts';
import { writeItems } from './items.ts';
import { ITEMS_ENTRY, KEYS_DIR, type BackupManifest } from './manifest.ts';
import { COPIED_PREFIXES } from './objects.ts';
import { openArchive, unpack } from './unpack.ts';

export interface RestoreSummary {
  dataDir: string;
  table: string;
  manifest: BackupManifest;
  /** Whether the file was encrypted (and so a passphrase was asked for). */
  encrypted: boolean;
}

/**
 * Restores `file` into an empty DATA_DIR. `passphrase` is asked for only when the file is
 * encrypted (an unencrypted archive, of version 1 or made with --unencrypted, needs none).
 */
export async function restoreBackup(options: {
  config: Config;
  file: string;
  passphrase: () => Promise<string>;
}): Promise<RestoreSummary> {
  const { config } = options;
  const { env } = config;
  if (config.store.kind !== 'embedded' || env.UPLOADS_BUCKET) {
    throw new BackupError(
      'npm run restore fills a new local DATA_DIR; unset DYNAMODB_ENDPOINT, AWS_REGION and UPLOADS_BUCKET. For AWS, see docs/operations.md.',
    );
  }
  const file = resolve(options.file);
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const dataDir = resolve(env.DATA_DIR);
  const existing = await fs.readdir(dataDir).catch(() => [] as string[]);
  if (existing.length > 0) {
    throw new BackupError(
      `${dataDir} is not empty. A restore goes into an empty or new folder only, so nothing there is overwritten: move it aside (mv ${dataDir} ${dataDir}.old) or set DATA_DIR to a new folder.`,
    );
  }
  ensurePrivateDir(dataDir);
  const staging = join(dataDir, '.restore');
  let engine: DynamoLocal | undefined;
  let db: DynamoDBDocumentClient | undefined;
  try {
    await fs.mkdir(staging, { mode: 0o700 });
    const { gzipped, encrypted } = await openArchive(file, options.passphrase);
    const manifest = await unpack(file, gzipped, staging);
    const keyEntry = join(staging, KEYS_DIR, INSTALL_KEY_FILE);
    if (manifest.keys.length > 0 && env.LEAD_SETTINGS_KEY) {
      const archived = (await fs.readFile(keyEntry, 'utf8')).trim();
      if (archived !== env.LEAD_SETTINGS_KEY) {
        throw new BackupError(
          `LEAD_SETTINGS_KEY is set to another key than the one in ${file}, so the restored webhook and two-factor secrets could not be decrypted. Unset it (the backup's key is restored into DATA_DIR/${INSTALL_KEY_FILE}) or set it to the backed-up installation's key. Nothing was restored.`,
        );
      }
    }
    // A fresh DynamoDB Local key and an empty table; the installation's own secrets (cursor
    // signing, download links, analytics salt) are items, so they come back with the rest.
    engine = await startDynamoLocal({ dataDir });
    db = createDocumentClient({
      region: LOCAL_REGION,
      endpoint: engine.endpoint,
      accessKeyId: engine.accessKeyId,
    });
    await ensureTable(db, env.TABLE_NAME);
    const written = await writeItems(db, env.TABLE_NAME, join(staging, ITEMS_ENTRY));
    if (written !== manifest.items.count) {
      throw new BackupError(
        `${file} holds ${written} items but its manifest says ${manifest.items.count}. Nothing was restored.`,
      );
    }
    db.destroy();
    db = undefined;
    await engine.stop();
    engine = undefined;
    for (const prefix of COPIED_PREFIXES) {
      await fs.mkdir(join(staging, 'objects', prefix), { recursive: true, mode: 0o700 });
    }
    await fs.rename(join(staging, 'objects'), join(dataDir, 'objects'));
    // The key that decrypts the restored webhook and two-factor secrets.
    if (manifest.keys.length > 0) {
      await fs.rename(keyEntry, join(dataDir, INSTALL_KEY_FILE));
    }
    await fs.rm(staging, { recursive: true, force: true });
    ensurePrivateDir(dataDir);
    return { dataDir, table: env.TABLE_NAME, manifest, encrypted };
  } catch (error) {
    db?.destroy();
    await engine?.stop();
    // The folder was empty: take out everything this restore put there.
    for (const name of await fs.readdir(dataDir).catch(() => [] as string[])) {
      await fs.rm(join(dataDir, name), { recursive: true, force: true });
    }
    if (error instanceof StartupError) throw new BackupError(error.message);
    throw error;
  }
}
