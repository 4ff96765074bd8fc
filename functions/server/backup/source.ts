// The store a backup reads (docs/decisions/0109-backup-and-restore.md): the engine of a
// running `npm start` (announced in DATA_DIR/server.json, functions/server/housekeeping.ts),
// a DYNAMODB_ENDPOINT, or, with no server running, a private DynamoDB Local over a copy of
// the engine's files, so two engines never share one database file.
import { existsSync, readFileSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { Config } from '../../env.ts';
import { createDocumentClient, dynamoTarget } from '../../data/dynamo.ts';
import {
  installKey,
  LOCAL_REGION,
  startDynamoLocal,
  StartupError,
  type DynamoLocal,
} from '../dynamo-local.ts';
import { BackupError } from './errors.ts';

/** Written by a running `npm start` (functions/server/housekeeping.ts). */
export const SERVER_FILE = 'server.json';
const KEY_FILE = 'dynamodb-local.key';
const SHARED_DB_FILE = 'shared-local-instance.db';

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

export async function openStoreForBackup(config: Config): Promise<OpenedStore> {
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
