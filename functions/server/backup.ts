// Backup and restore of a local installation (`npm run backup`, `npm run restore`;
// docs/operations.md). A backup is one gzipped tar (functions/server/backup-archive.ts),
// encrypted with a passphrase (functions/server/backup-crypt.ts) because it holds keys:
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
// Every prefix of the object store has a rule here (OBJECT_RULES, typed by the store's own
// list in functions/storage/disk-layout.ts), and a folder or file the backup does not know
// stops it with a message rather than being left out (docs/decisions/0341-backups-hold-
// every-prefix-and-the-keys.md).
//
// What "consistent" means here: DynamoDB has no snapshot read, so the table is scanned
// with consistent reads, page by page, while the server keeps running; a write during the
// scan may or may not be in it. Objects are copied after the scan: an image is published
// (objects written) before its record, so every image record the scan saw has its files,
// unless the image was deleted or replaced during the backup. Those files are listed in
// the manifest's `missingObjects` and printed as a warning.
//
// Which DynamoDB Local: a running `npm start` announces its engine in DATA_DIR/server.json
// (functions/server/housekeeping.ts), and the backup reads through it with the install
// key. With no server running, the engine's files are copied to a temp folder and a
// private engine reads the copy: two engines never share one database file.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import {
  BatchWriteItemCommand,
  DescribeTableCommand,
  ListTablesCommand,
  ResourceNotFoundException,
  ScanCommand,
  type AttributeValue,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { ConfigError, type Config } from '../env.ts';
import { createDocumentClient, dynamoTarget } from '../data/dynamo.ts';
import { PK, SK } from '../data/keys.ts';
import { ensureTable } from '../data/table.ts';
import { objectKeysOf } from '../media/library.ts';
import {
  DISK_WORK_FOLDERS,
  OBJECT_NAME_SHAPES,
  type ObjectPrefix,
} from '../storage/disk-layout.ts';
import {
  chooseSecretBox,
  isSealed,
  KEY_FILE as INSTALL_KEY_FILE,
  localInstallKey,
  SECRET_PURPOSES,
  type SecretBox,
} from '../webhooks/secret-box.ts';
import { ArchiveError, readTar, TarWriter, type EntrySink } from './backup-archive.ts';
import { archiveKind, decrypting, encrypting, PassphraseError } from './backup-crypt.ts';
import {
  ensurePrivateDir,
  installKey,
  LOCAL_REGION,
  startDynamoLocal,
  StartupError,
  type DynamoLocal,
} from './dynamo-local.ts';

export const BACKUP_FORMAT = 'pharmabridge-backup';
/** 2: assets/, the install key, encryption; 1 (uploads and items only) is still restored. */
export const BACKUP_VERSION = 2;
/** Written by a running `npm start` (functions/server/housekeeping.ts). */
export const SERVER_FILE = 'server.json';
const KEY_FILE = 'dynamodb-local.key';
const SHARED_DB_FILE = 'shared-local-instance.db';
const ITEMS_ENTRY = 'items.jsonl';
const MANIFEST_ENTRY = 'manifest.json';
const KEYS_DIR = 'keys';

/**
 * What a backup does with each prefix of the object store: copy it, or leave it out for a
 * reason. A prefix added to OBJECT_NAME_SHAPES is a type error here until it has a rule.
 */
const OBJECT_RULES: Record<ObjectPrefix, 'copy' | { skip: string }> = {
  'uploads/': 'copy',
  'assets/': 'copy',
  'pending/': { skip: 'uploads never published, which expire within 2 days anyway' },
};
const COPIED_PREFIXES = (Object.keys(OBJECT_RULES) as ObjectPrefix[]).filter(
  (prefix) => OBJECT_RULES[prefix] === 'copy',
);

/** A file of a copied prefix: an object (uploads/ also keeps each object's .meta beside it). */
function isObjectName(prefix: ObjectPrefix, name: string): boolean {
  const meta = prefix === 'uploads/' ? '(?:\\.meta)?' : '';
  return new RegExp(`^${OBJECT_NAME_SHAPES[prefix].source}${meta}$`).test(name);
}

/** objects/<prefix><name> of a backup, when the prefix is one a backup copies. */
function objectOfEntry(name: string): string | undefined {
  const match = /^objects\/([a-z]+\/)([^/]+)$/.exec(name);
  if (!match) return undefined;
  const prefix = match[1] as ObjectPrefix;
  if (!COPIED_PREFIXES.includes(prefix) || !isObjectName(prefix, match[2]!)) return undefined;
  return `${prefix}${match[2]}`;
}

/** A problem the operator can act on; the scripts print its message alone. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/**
 * How `npm run backup` and `npm run restore` end on an error: a refusal (a BackupError, bad
 * configuration, bad arguments) as one line with the command's name, anything else with
 * its stack; exit code 1 either way.
 */
export function exitOnFailure(command: string, usage: string, error: unknown): never {
  if (
    error instanceof BackupError ||
    error instanceof ConfigError ||
    error instanceof PassphraseError
  ) {
    process.stderr.write(`${command}: ${error.message}\n`);
  } else if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    process.stderr.write(`${command}: ${(error as Error).message}. ${usage}\n`);
  } else {
    process.stderr.write(
      `${command} failed: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
  process.exit(1);
}

const partSchema = z.object({ bytes: z.number().int().min(0), sha256: z.string() });
const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.union([z.literal(1), z.literal(BACKUP_VERSION)]),
  createdAt: z.string(),
  table: z.string(),
  /** running-server, stopped-install (a copy of the engine's files) or endpoint. */
  source: z.string(),
  items: partSchema.extend({ count: z.number().int().min(0) }),
  objects: z.object({
    count: z.number().int().min(0),
    files: z.array(partSchema.extend({ key: z.string() })),
  }),
  /**
   * The install key (keys/lead-settings.key) and where it came from: DATA_DIR's file or
   * LEAD_SETTINGS_KEY. None before anything was ever encrypted; version 1 had none.
   */
  keys: z
    .array(partSchema.extend({ name: z.literal(INSTALL_KEY_FILE) }))
    .max(1)
    .default([]),
  installKeyFrom: z.enum(['file', 'environment', 'none']).default('none'),
  /** Files of image and download records that were deleted or replaced while the backup ran. */
  missingObjects: z.array(z.string()),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

// --- the running server's announcement ---------------------------------------------

const serverFileSchema = z.object({ pid: z.number().int(), dynamoEndpoint: z.url() });

/** The engine of a `npm start` running on dataDir, or undefined when none runs. */
export function runningServer(dataDir: string): z.infer<typeof serverFileSchema> | undefined {
  let text: string;
  try {
    text = readFileSync(join(dataDir, SERVER_FILE), 'utf8');
  } catch {
    return undefined;
  }
  let parsed;
  try {
    parsed = serverFileSchema.safeParse(JSON.parse(text));
  } catch {
    return undefined; // half-written or damaged: no usable announcement
  }
  if (!parsed.success) return undefined;
  try {
    process.kill(parsed.data.pid, 0);
  } catch (error) {
    // EPERM: the process exists under another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  return parsed.data;
}

// --- DynamoDB JSON (the items' lines) ------------------------------------------------

type JsonValue = Record<string, unknown>;

function attributeToJson(value: AttributeValue): JsonValue {
  if (value.B) return { B: Buffer.from(value.B).toString('base64') };
  if (value.BS) return { BS: value.BS.map((bytes) => Buffer.from(bytes).toString('base64')) };
  if (value.L) return { L: value.L.map(attributeToJson) };
  if (value.M) return { M: itemToJson(value.M) };
  return Object.fromEntries(Object.entries(value)); // S, N, BOOL, NULL, SS, NS as they are
}

function itemToJson(item: Record<string, AttributeValue>): Record<string, JsonValue> {
  return Object.fromEntries(
    Object.entries(item).map(([name, value]) => [name, attributeToJson(value)]),
  );
}

const scalarSchema = z.union([
  z.strictObject({ S: z.string() }),
  z.strictObject({ N: z.string() }),
  z.strictObject({ BOOL: z.boolean() }),
  z.strictObject({ NULL: z.literal(true) }),
  z.strictObject({ SS: z.array(z.string()) }),
  z.strictObject({ NS: z.array(z.string()) }),
]);

function attributeFromJson(value: JsonValue): AttributeValue {
  if (typeof value['B'] === 'string') return { B: Buffer.from(value['B'], 'base64') };
  if (Array.isArray(value['BS']))
    return { BS: (value['BS'] as string[]).map((text) => Buffer.from(text, 'base64')) };
  if (Array.isArray(value['L'])) return { L: (value['L'] as JsonValue[]).map(attributeFromJson) };
  if (value['M'] && typeof value['M'] === 'object')
    return { M: itemFromJson(value['M'] as Record<string, JsonValue>) };
  const scalar = scalarSchema.safeParse(value);
  if (!scalar.success) throw new BackupError('The backup holds an item it cannot read.');
  return scalar.data;
}

function itemFromJson(item: Record<string, JsonValue>): Record<string, AttributeValue> {
  return Object.fromEntries(
    Object.entries(item).map(([name, value]) => [name, attributeFromJson(value)]),
  );
}

/** The object keys an image's or a gated download's item refers to (none for other items). */
function objectKeysOfItem(item: Record<string, AttributeValue>): string[] {
  if (item['pk']?.S === PK.assets && item['status']?.S === 'ready' && item['id']?.S) {
    return [`assets/${item['id'].S}`];
  }
  if (!item['pk']?.S?.startsWith(PK.media) || item['sk']?.S !== SK.media) return [];
  const id = item['id']?.S;
  const version = Number(item['version']?.N);
  if (!id || !Number.isInteger(version)) return [];
  const variants = (item['variants']?.L ?? []).map((variant) => ({
    width: Number(variant.M?.['width']?.N),
    url: '',
    bytes: 0,
  }));
  return objectKeysOf({ id, version, variants }).flatMap((key) => [key, `${key}.meta`]);
}

/**
 * The item with a two-factor secret that an earlier version stored in clear encrypted
 * (the admin item's totpSecret, an enrolment's secret), so the archive holds none in
 * clear even from an installation not started since (start-up encrypts them too:
 * functions/data/two-factor/store.ts). Other items are answered as they are.
 */
async function withSealedTotp(
  item: Record<string, AttributeValue>,
  box: SecretBox,
): Promise<{ item: Record<string, AttributeValue>; sealed: boolean }> {
  const pk = item['pk']?.S ?? '';
  const sk = item['sk']?.S;
  const field =
    pk.startsWith(PK.admin) && sk === SK.admin
      ? 'totpSecret'
      : pk.startsWith(PK.admin) && sk === SK.totpEnrolment
        ? 'secret'
        : undefined;
  const clear = field ? item[field]?.S : undefined;
  if (!field || clear === undefined || isSealed(clear)) return { item, sealed: false };
  return { item: { ...item, [field]: { S: await box.encrypt(clear) } }, sealed: true };
}

// --- the store to read -------------------------------------------------------------

interface OpenedStore {
  db: DynamoDBDocumentClient;
  source: 'running-server' | 'stopped-install' | 'endpoint';
  close(): Promise<void>;
}

const answers = async (db: DynamoDBDocumentClient) => {
  try {
    await db.send(new ListTablesCommand({ Limit: 1 }), { abortSignal: AbortSignal.timeout(5000) });
    return true;
  } catch {
    return false;
  }
};

async function openStoreForBackup(config: Config): Promise<OpenedStore> {
  const { env } = config;
  if (config.store.kind === 'aws' || env.UPLOADS_BUCKET) {
    throw new BackupError(
      'npm run backup copies a local installation (DATA_DIR). In AWS, use point-in-time recovery and the uploads bucket’s versions instead: see docs/operations.md.',
    );
  }
  if (config.store.kind === 'endpoint') {
    const db = createDocumentClient(dynamoTarget(config));
    if (!(await answers(db))) {
      db.destroy();
      throw new BackupError(`DynamoDB at ${config.store.endpoint} does not answer.`);
    }
    return { db, source: 'endpoint', close: async () => db.destroy() };
  }
  const dataDir = resolve(env.DATA_DIR);
  if (!existsSync(join(dataDir, KEY_FILE))) {
    throw new BackupError(
      `${dataDir} holds no installation (it has no ${KEY_FILE}). Set DATA_DIR to the folder npm start uses.`,
    );
  }
  const accessKeyId = installKey(dataDir);
  const running = runningServer(dataDir);
  if (running) {
    const db = createDocumentClient({
      region: LOCAL_REGION,
      endpoint: running.dynamoEndpoint,
      accessKeyId,
    });
    if (!(await answers(db))) {
      db.destroy();
      throw new BackupError(
        `${join(dataDir, SERVER_FILE)} says npm start (process ${running.pid}) runs DynamoDB Local at ${running.dynamoEndpoint}, but it does not answer. If no server runs, delete that file and try again.`,
      );
    }
    return { db, source: 'running-server', close: async () => db.destroy() };
  }
  // No server: a private engine over a copy of the engine's files.
  const copy = await fs.mkdtemp(join(tmpdir(), 'pb-backup-engine-'));
  let engine: DynamoLocal | undefined;
  try {
    await copyEngineFiles(dataDir, copy, accessKeyId);
    engine = await startDynamoLocal({ dataDir: copy });
  } catch (error) {
    await fs.rm(copy, { recursive: true, force: true });
    if (error instanceof StartupError) throw new BackupError(error.message);
    throw error;
  }
  const db = createDocumentClient({
    region: LOCAL_REGION,
    endpoint: engine.endpoint,
    accessKeyId: engine.accessKeyId,
  });
  return {
    db,
    source: 'stopped-install',
    close: async () => {
      db.destroy();
      await engine.stop();
      await fs.rm(copy, { recursive: true, force: true });
    },
  };
}

/**
 * Copies the install key's database files (and a not yet migrated shared file). A file
 * that changes while it is copied means an engine is writing it after all (a server
 * starting up): the copy could be torn, so the backup stops.
 */
async function copyEngineFiles(dataDir: string, copy: string, key: string): Promise<void> {
  await fs.copyFile(join(dataDir, KEY_FILE), join(copy, KEY_FILE));
  const from = join(dataDir, 'dynamodb');
  const to = join(copy, 'dynamodb');
  await fs.mkdir(to, { mode: 0o700 });
  const names = await fs.readdir(from).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(`${key}_`) && name !== SHARED_DB_FILE) continue;
    const before = await fs.stat(join(from, name));
    await fs.copyFile(join(from, name), join(to, name));
    const after = await fs.stat(join(from, name));
    if (before.size !== after.size || before.mtimeMs !== after.mtimeMs) {
      throw new BackupError(
        `${join(from, name)} changed while it was copied: a server seems to be starting. Run the backup again once npm start says it is running.`,
      );
    }
  }
}

// --- backup --------------------------------------------------------------------------

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

type ObjectFile = BackupManifest['objects']['files'][number];

/**
 * The names of the copied prefixes' files, checked: a folder or a file under
 * DATA_DIR/objects that no rule names stops the backup (left out, it would be lost at the
 * restore without anyone knowing). Run before the table is read, and again as the objects
 * are copied.
 */
async function objectNames(objectsDir: string): Promise<Map<ObjectPrefix, string[]>> {
  const known = [
    ...Object.keys(OBJECT_RULES).map((prefix) => prefix.slice(0, -1)),
    ...DISK_WORK_FOLDERS,
  ];
  const leftOut = known
    .filter((name) => !COPIED_PREFIXES.includes(`${name}/` as ObjectPrefix))
    .map((name) => `${name}/`)
    .join(', ');
  const unknown = (what: string) =>
    new BackupError(
      `${what} is not something a backup knows (it copies ${COPIED_PREFIXES.join(' and ')} under ${objectsDir}, and leaves out ${leftOut}). Nothing was written: move it out of ${objectsDir}, or back it up yourself, and run the backup again.`,
    );
  const top = await fs.readdir(objectsDir, { withFileTypes: true }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  for (const entry of top) {
    if (!entry.isDirectory() || !known.includes(entry.name)) {
      throw unknown(join(objectsDir, entry.name));
    }
  }
  const names = new Map<ObjectPrefix, string[]>();
  for (const prefix of COPIED_PREFIXES) {
    const dir = join(objectsDir, prefix);
    const listed = (await fs.readdir(dir).catch(() => [] as string[])).sort();
    for (const name of listed) if (!isObjectName(prefix, name)) throw unknown(join(dir, name));
    names.set(prefix, listed);
  }
  return names;
}

/** Every object of the copied prefixes into the archive, as it is now. */
async function addObjects(tar: TarWriter, objectsDir: string): Promise<ObjectFile[]> {
  const files: ObjectFile[] = [];
  for (const [prefix, names] of await objectNames(objectsDir)) {
    const dir = join(objectsDir, prefix);
    for (const name of names) {
      // Opened first: an object replaced meanwhile (a rename over it) is read whole, as it was.
      const handle = await fs.open(join(dir, name), 'r').catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      });
      if (!handle) continue; // deleted since the listing
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) {
          throw new BackupError(`${join(dir, name)} is not a file; a backup copies files only.`);
        }
        const key = `${prefix}${name}`;
        const sha256 = await tar.add(
          `objects/${key}`,
          stat.size,
          handle.createReadStream({ autoClose: false, start: 0 }),
          stat.mtime,
        );
        files.push({ key, bytes: stat.size, sha256 });
      } finally {
        await handle.close();
      }
    }
  }
  return files;
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
    const itemsOut = createWriteStream(itemsPath, { mode: 0o600, flags: 'wx' });
    const referenced = new Set<string>();
    let count = 0;
    let sealedSecrets = 0;
    let startKey: Record<string, AttributeValue> | undefined;
    do {
      const page = await store.db.send(
        new ScanCommand({ TableName: table, ConsistentRead: true, ExclusiveStartKey: startKey }),
      );
      for (const scanned of page.Items ?? []) {
        for (const key of objectKeysOfItem(scanned)) referenced.add(key);
        const { item, sealed } = await withSealedTotp(scanned, totpBox);
        if (sealed) sealedSecrets += 1;
        if (!itemsOut.write(`${JSON.stringify(itemToJson(item))}\n`)) {
          await new Promise<void>((drained) => itemsOut.once('drain', () => drained()));
        }
        count += 1;
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    await new Promise<void>((closed, failed) =>
      itemsOut.end((error?: Error | null) => (error ? failed(error) : closed())),
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

// --- restore -------------------------------------------------------------------------

export interface RestoreSummary {
  dataDir: string;
  table: string;
  manifest: BackupManifest;
  /** Whether the file was encrypted (and so a passphrase was asked for). */
  encrypted: boolean;
}

/** A sink that writes an entry to `path` and keeps its size and SHA-256. */
async function fileSink(
  path: string,
  done: (part: { bytes: number; sha256: string }) => void,
): Promise<EntrySink> {
  await fs.mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const handle = await fs.open(path, 'wx', 0o600);
  const hash = createHash('sha256');
  let bytes = 0;
  return {
    write: async (chunk) => {
      hash.update(chunk);
      bytes += chunk.length;
      await handle.write(chunk);
    },
    end: async () => {
      await handle.close();
      done({ bytes, sha256: hash.digest('hex') });
    },
  };
}

const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Unpacks and checks the archive (`gzipped`: its gzipped tar, decrypted already when it was
 * encrypted) into `staging`; answers the verified manifest.
 */
async function unpack(
  file: string,
  gzipped: AsyncIterable<Uint8Array>,
  staging: string,
): Promise<BackupManifest> {
  const parts = new Map<string, { bytes: number; sha256: string }>();
  let manifestText: string | undefined;
  const seen = new Set<string>();
  const notBackup = `${file} is not a PharmaBridge backup, or it is damaged. Nothing was restored.`;
  // pipeline, not pipe: an error of the source (a chunk failing its authentication) must
  // reach the reader instead of leaving it waiting.
  const gunzip = createGunzip();
  pipeline(Readable.from(gzipped), gunzip).catch(() => undefined); // surfaces in readTar
  try {
    await readTar(gunzip, async ({ name, size }) => {
      if (seen.has(name)) throw new BackupError(`${file} holds ${name} twice. ${notBackup}`);
      seen.add(name);
      if (name === MANIFEST_ENTRY) {
        if (size > MANIFEST_MAX_BYTES) throw new BackupError(notBackup);
        const chunks: Uint8Array[] = [];
        return {
          write: async (chunk) => void chunks.push(Buffer.from(chunk)),
          end: async () => void (manifestText = Buffer.concat(chunks).toString('utf8')),
        };
      }
      if (name === ITEMS_ENTRY) {
        return fileSink(join(staging, ITEMS_ENTRY), (part) => parts.set(ITEMS_ENTRY, part));
      }
      const key = objectOfEntry(name);
      if (key) return fileSink(join(staging, 'objects', key), (part) => parts.set(key, part));
      if (name === `${KEYS_DIR}/${INSTALL_KEY_FILE}`) {
        return fileSink(join(staging, name), (part) => parts.set(name, part));
      }
      throw new BackupError(
        `${file} holds ${JSON.stringify(name)}, which no backup has. ${notBackup}`,
      );
    });
  } catch (error) {
    gunzip.destroy();
    if (error instanceof BackupError) throw error;
    if (error instanceof ArchiveError) throw new BackupError(`${error.message} ${notBackup}`);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`${file} does not exist.`);
    if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR') throw new BackupError(notBackup);
    throw error;
  }
  if (manifestText === undefined) {
    throw new BackupError(`${file} has no manifest: it is incomplete. Nothing was restored.`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(manifestText);
  } catch {
    throw new BackupError(notBackup);
  }
  const head = z.object({ format: z.string(), version: z.number() }).safeParse(raw);
  if (!head.success || head.data.format !== BACKUP_FORMAT) throw new BackupError(notBackup);
  if (head.data.version !== 1 && head.data.version !== BACKUP_VERSION) {
    throw new BackupError(
      `${file} is a backup of format ${head.data.version}; this version reads formats 1 and ${BACKUP_VERSION}. Restore it with the version of the product that made it.`,
    );
  }
  const manifest = manifestSchema.safeParse(raw);
  if (!manifest.success) throw new BackupError(notBackup);
  const expected = new Map<string, { bytes: number; sha256: string }>([
    [ITEMS_ENTRY, manifest.data.items],
    ...manifest.data.objects.files.map((part) => [part.key, part] as const),
    ...manifest.data.keys.map((part) => [`${KEYS_DIR}/${part.name}`, part] as const),
  ]);
  for (const [name, want] of expected) {
    const have = parts.get(name);
    if (!have) {
      throw new BackupError(
        `${file} lacks ${name}, which its manifest lists. Nothing was restored.`,
      );
    }
    if (have.bytes !== want.bytes || have.sha256 !== want.sha256) {
      throw new BackupError(
        `${file} is damaged: ${name} does not match its checksum in the manifest. Nothing was restored.`,
      );
    }
  }
  for (const name of parts.keys()) {
    if (!expected.has(name)) {
      throw new BackupError(
        `${file} holds ${name}, which its manifest does not list. ${notBackup}`,
      );
    }
  }
  return manifest.data;
}

/** Writes the items of items.jsonl, 25 a request, retrying what DynamoDB leaves unprocessed. */
async function writeItems(
  db: DynamoDBDocumentClient,
  table: string,
  path: string,
): Promise<number> {
  let batch: WriteRequest[] = [];
  let written = 0;
  const flush = async () => {
    let pending = batch;
    batch = [];
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(2000, 50 * 2 ** attempt)));
      if (attempt === 10) throw new Error('DynamoDB Local keeps refusing writes');
      const result = await db.send(
        new BatchWriteItemCommand({ RequestItems: { [table]: pending } }),
      );
      pending = result.UnprocessedItems?.[table] ?? [];
    }
  };
  for await (const line of createInterface({
    input: createReadStream(path),
    crlfDelay: Infinity,
  })) {
    if (!line) continue;
    batch.push({
      PutRequest: { Item: itemFromJson(JSON.parse(line) as Record<string, JsonValue>) },
    });
    written += 1;
    if (batch.length === 25) await flush();
  }
  await flush();
  return written;
}

/**
 * The archive's gzipped tar: the file itself, or decrypted with the passphrase `passphrase`
 * answers (asked only when the file is encrypted).
 */
async function openArchive(
  file: string,
  passphrase: () => Promise<string>,
): Promise<{ gzipped: AsyncIterable<Uint8Array>; encrypted: boolean }> {
  const kind = await archiveKind(file);
  if (kind === 'unknown') {
    throw new BackupError(
      `${file} is not a PharmaBridge backup, or it is damaged. Nothing was restored.`,
    );
  }
  if (kind === 'gzip') return { gzipped: createReadStream(file), encrypted: false };
  const secret = await passphrase();
  try {
    return { gzipped: await decrypting(file, secret, createReadStream(file)), encrypted: true };
  } catch (error) {
    if (error instanceof ArchiveError) {
      throw new BackupError(
        `${error.message} ${file} is not a PharmaBridge backup, or it is damaged. Nothing was restored.`,
      );
    }
    throw error;
  }
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
