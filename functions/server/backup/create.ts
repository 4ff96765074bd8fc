// `npm run backup` of a local installation (docs/operations.md; the restore is restore.ts).
// A backup is one gzipped tar (tar.ts), encrypted with a passphrase (crypt.ts) because it
// holds keys:
//
//   items.jsonl ............ every item of the table, one DynamoDB JSON object a line
//                            (attribute values as the API writes them; binary as base64);
//                            the install secrets (download links, cursors, ...) are items
//   objects/uploads/<name> . every published image file and its .meta file
//   objects/assets/<id> .... every gated download's private PDF
//   keys/lead-settings.key . the install key that decrypts the webhook and two-factor
//                            secrets (functions/webhooks/secret-box.ts), when there is one
//   manifest.json .......... last: format and version, createdAt, table, counts, and the
//                            size and SHA-256 of every other entry (computed while they
//                            stream into the archive, so each file is read once)
//
// Every prefix of the object store has a rule in objects.ts (OBJECT_RULES, typed by the
// store's own list in functions/storage/disk-layout.ts), and a folder or file the backup
// does not know stops it with a message rather than being left out
// (docs/decisions/0341-backups-hold-every-prefix-and-the-keys.md).
//
// What "consistent" means here: DynamoDB has no snapshot read, so the table is scanned
// with consistent reads, page by page, while the server keeps running; a write during the
// scan may or may not be in it. Objects are copied after the scan: an image is published
// (objects written) before its record, so every image record the scan saw has its files,
// unless the image was deleted or replaced during the backup. Those files are listed in
// the manifest's `missingObjects` and printed as a warning.
//
// Which DynamoDB Local (source.ts): a running `npm start` announces its engine in
// DATA_DIR/server.json (functions/server/housekeeping.ts), and the backup reads through it
// with the install key. With no server running, the engine's files are copied to a temp
// folder and a private engine reads the copy: two engines never share one database file.
// The table's lines are items.ts's, the manifest manifest.ts's.
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { DescribeTableCommand, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import type { Config } from '../../env.ts';
import {
  chooseSecretBox,
  KEY_FILE as INSTALL_KEY_FILE,
  localInstallKey,
  SECRET_PURPOSES,
} from '../../webhooks/secret-box.ts';
import { encrypting } from './crypt.ts';
import { BackupError } from './errors.ts';
import { dumpTable } from './items.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  ITEMS_ENTRY,
  KEYS_DIR,
  MANIFEST_ENTRY,
  type BackupManifest,
} from './manifest.ts';
import { addObjects, objectNames } from './objects.ts';
import { openStoreForBackup } from './source.ts';
import { TarWriter } from './tar.ts';

export interface BackupSummary {
  file: string;
  manifest: BackupManifest;
  /** Whether the file is encrypted (a passphrase was given). */
  encrypted: boolean;
  /** Two-factor secrets stored in clear that the archive holds encrypted. */
  sealedSecrets: number;
}

async function* chunksOf(path: string): AsyncIterable<Uint8Array> {
  yield* createReadStream(path);
}

export async function createBackup(options: {
  config: Config;
  out: string;
  /** Encrypts the file; undefined writes it unencrypted (`--unencrypted`, said explicitly). */
  passphrase: string | undefined;
  now?: () => Date;
}): Promise<BackupSummary> {
  const { config, passphrase } = options;
  const out = resolve(options.out);
  const table = config.env.TABLE_NAME;
  if (existsSync(out)) {
    throw new BackupError(`${out} already exists; choose a new file name for the backup.`);
  }
  if (!existsSync(dirname(out))) {
    throw new BackupError(`The folder ${dirname(out)} does not exist.`);
  }
  const objectsDir = join(resolve(config.env.DATA_DIR), 'objects');
  await objectNames(objectsDir); // an unknown folder stops the backup before any work
  const store = await openStoreForBackup(config);
  let storeOpen = true;
  const closeStore = async () => {
    if (storeOpen) {
      storeOpen = false;
      await store.close();
    }
  };
  // Beside the output, so the finished archive is moved into place, never seen half-written.
  const work = await fs.mkdtemp(join(dirname(out), `.${basename(out)}.`));
  let gzip: ReturnType<typeof createGzip> | undefined;
  try {
    try {
      await store.db.send(new DescribeTableCommand({ TableName: table }));
    } catch (error) {
      if (error instanceof ResourceNotFoundException) {
        throw new BackupError(
          `There is no table ${table} in this installation; check TABLE_NAME and DATA_DIR.`,
        );
      }
      throw error;
    }
    const createdAt = (options.now ?? (() => new Date()))().toISOString();
    // Locally there is always one (openStoreForBackup refused AWS).
    const totpBox = chooseSecretBox(config, SECRET_PURPOSES.totp)!;

    // 1. The table, page by page, into a private temp file.
    const itemsPath = join(work, ITEMS_ENTRY);
    const { count, sealedSecrets, referenced } = await dumpTable(
      store.db,
      table,
      itemsPath,
      totpBox,
    );
    // The private engine (no server running) is not needed for the objects.
    await closeStore();

    // 2. The archive: items, the objects as they are now, the install key, the manifest;
    // gzipped, then encrypted.
    const archivePath = join(work, 'backup');
    gzip = createGzip();
    const file = createWriteStream(archivePath, { mode: 0o600, flags: 'wx' });
    const written =
      passphrase === undefined
        ? pipeline(gzip, file)
        : pipeline(await encrypting(gzip, passphrase), file);
    written.catch(() => undefined); // awaited below; a failure also surfaces in the writes
    const tar = new TarWriter(gzip);
    const itemsStat = await fs.stat(itemsPath);
    const items = {
      count,
      bytes: itemsStat.size,
      sha256: await tar.add(ITEMS_ENTRY, itemsStat.size, chunksOf(itemsPath)),
    };
    const files = await addObjects(tar, objectsDir);
    const installKey = localInstallKey(config);
    const keys: BackupManifest['keys'] = [];
    if (installKey) {
      const bytes = Buffer.from(`${installKey.key.toString('base64')}\n`);
      const sha256 = await tar.add(`${KEYS_DIR}/${INSTALL_KEY_FILE}`, bytes.length, [bytes]);
      keys.push({ name: INSTALL_KEY_FILE, bytes: bytes.length, sha256 });
    }
    const copied = new Set(files.map((part) => part.key));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt,
      table,
      source: store.source,
      items,
      objects: { count: files.length, files },
      keys,
      installKeyFrom: installKey?.from ?? 'none',
      missingObjects: [...referenced].filter((key) => !copied.has(key)).sort(),
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await tar.add(MANIFEST_ENTRY, manifestBytes.length, [manifestBytes]);
    await tar.finish();
    gzip.end();
    await written;
    // link, not rename: never replaces a file that appeared meanwhile.
    await fs.link(archivePath, out).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        throw new BackupError(`${out} already exists; choose a new file name for the backup.`);
      }
      throw error;
    });
    return { file: out, manifest, encrypted: passphrase !== undefined, sealedSecrets };
  } catch (error) {
    gzip?.destroy(); // and with it the encryption and the file behind it
    throw error;
  } finally {
    await closeStore().catch(() => undefined);
    await fs.rm(work, { recursive: true, force: true });
  }
}
