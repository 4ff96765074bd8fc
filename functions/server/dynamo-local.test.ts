// Hole 1 and hole 10 of the hardening issue: the on-disk DynamoDB Local of `npm start`
// is reachable by anyone who can reach the machine (it listens on every interface), so
// its data must be useless without the per-install key, no foreign web page may call it,
// and its folder is private. Also the restart of a dead engine (hole 7).
import {
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
  mkdirSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListTablesCommand, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createDocumentClient } from '../data/dynamo.ts';
import { ensureTable } from '../data/table.ts';
import { memoryLogger } from '../test/harness.ts';
import { startDynamoLocal, superviseDynamoLocal, type DynamoLocal } from './dynamo-local.ts';

const engines: DynamoLocal[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'pb-dynamo-')), 'data');
  dirs.push(join(dir, '..'));
  return dir;
}

async function withData(dir: string) {
  const engine = await startDynamoLocal({ dataDir: dir });
  engines.push(engine);
  const own = createDocumentClient({
    region: 'local',
    endpoint: engine.endpoint,
    accessKeyId: engine.accessKeyId,
  });
  await ensureTable(own, 'pharmabridge');
  await own.send(
    new PutCommand({
      TableName: 'pharmabridge',
      Item: { pk: 'ADMIN#a@example.com', sk: 'ADMIN', passwordHash: 'secret-hash' },
    }),
  );
  return { engine, own };
}

const mode = (path: string) => statSync(path).mode & 0o777;

/** Processes below this one (the engines' shells and JVMs), through ps's parent links. */
function descendants(): Set<number> {
  const ps = spawnSync('ps', ['-e', '-o', 'pid=,ppid=']);
  const rows = ps.stdout.toString().trim().split('\n');
  const pairs = rows.map((row) => row.trim().split(/\s+/).map(Number) as [number, number]);
  const found = new Set<number>();
  const walk = (parent: number) => {
    for (const [pid, ppid] of pairs) {
      // ps lists itself.
      if (ppid !== parent || pid === ps.pid || found.has(pid)) continue;
      found.add(pid);
      walk(pid);
    }
  };
  walk(process.pid);
  return found;
}

/** A process's command line, to name what was left behind. */
const commandOf = (pid: number) =>
  spawnSync('ps', ['-o', 'args=', '-p', String(pid)])
    .stdout.toString()
    .trim();

/** The command line of the Java engine listening on the endpoint's port. */
function engineCommand(endpoint: string): string {
  const port = new URL(endpoint).port;
  const rows = spawnSync('ps', ['-e', '-o', 'args=']).stdout.toString().split('\n');
  const engine = rows.filter(
    (row) => row.includes('DynamoDBLocal.jar') && row.includes(` -port ${port} `),
  );
  expect(engine, `one engine on port ${port}`).toHaveLength(1);
  return engine[0]!;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Kills the engine, then returns the process of its replacement as soon as it is spawned. */
async function killAndCatchReplacement(pid: number): Promise<number> {
  const before = descendants();
  process.kill(pid, 'SIGKILL');
  for (;;) {
    const spawned = [...descendants()].filter((child) => !before.has(child));
    if (spawned.length > 0) return spawned[0]!;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// Every test here starts one or two Java engines of its own: on a loaded 2-core machine a
// start alone can take longer than the suite's 30 s default, which is no fault of the code.
describe('DynamoDB Local of npm start', { timeout: 120_000 }, () => {
  it("runs npm start's engine on the quick compiler, the test run's on both", async () => {
    const { engine } = await withData(dataDir());
    expect(engineCommand(engine.endpoint)).toContain(' -XX:TieredStopAtLevel=1 ');
    // The one the global set-up started (functions/test/global-setup.ts).
    expect(engineCommand(inject('dynamoEndpoint'))).not.toContain('TieredStopAtLevel');
  });

  it('gives a client with another key an unrelated, empty database', async () => {
    const { engine, own } = await withData(dataDir());
    expect(engine.accessKeyId).toMatch(/^[A-Z0-9]{32}$/);
    // The old fixed key, and any other, see nothing and change nothing.
    for (const key of ['local', 'ATTACKER']) {
      const other = createDocumentClient({
        region: 'local',
        endpoint: engine.endpoint,
        accessKeyId: key,
      });
      expect((await other.send(new ListTablesCommand({}))).TableNames).toEqual([]);
      await expect(
        other.send(
          new GetCommand({
            TableName: 'pharmabridge',
            Key: { pk: 'ADMIN#a@example.com', sk: 'ADMIN' },
          }),
        ),
      ).rejects.toBeInstanceOf(ResourceNotFoundException);
      await expect(
        other.send(
          new PutCommand({
            TableName: 'pharmabridge',
            Item: { pk: 'ADMIN#evil@example.com', sk: 'ADMIN' },
          }),
        ),
      ).rejects.toBeInstanceOf(ResourceNotFoundException);
      other.destroy();
    }
    const items = (await own.send(new ScanCommand({ TableName: 'pharmabridge' }))).Items ?? [];
    expect(items.map((item) => item['pk'])).toEqual(['ADMIN#a@example.com']);
    own.destroy();
  });

  it('keeps web pages of other origins out (CORS)', async () => {
    const { engine, own } = await withData(dataDir());
    own.destroy();
    const preflight = await fetch(engine.endpoint, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-amz-target',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('keeps its folder 0700 and its files 0600, and tightens an old world-readable folder', async () => {
    const dir = dataDir();
    mkdirSync(join(dir, 'dynamodb'), { recursive: true, mode: 0o755 });
    writeFileSync(join(dir, 'old-file'), 'x', { mode: 0o644 });
    const { engine, own } = await withData(dir);
    own.destroy();
    await engine.stop();
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'dynamodb'))).toBe(0o700);
    expect(mode(join(dir, 'old-file'))).toBe(0o600);
    expect(mode(join(dir, 'dynamodb-local.key'))).toBe(0o600);
    const files = readdirSync(join(dir, 'dynamodb'));
    expect(files).toContain(`${engine.accessKeyId}_local.db`);
    for (const file of files) expect(mode(join(dir, 'dynamodb', file)), file).toBe(0o600);
  });

  it('moves the data of an older install (one shared file, no key) to the new key', async () => {
    const dir = dataDir();
    const first = await withData(dir);
    first.own.destroy();
    await first.engine.stop();
    // What an install from before this change has: the shared file and no key.
    renameSync(
      join(dir, 'dynamodb', `${first.engine.accessKeyId}_local.db`),
      join(dir, 'dynamodb', 'shared-local-instance.db'),
    );
    unlinkSync(join(dir, 'dynamodb-local.key'));
    const engine = await startDynamoLocal({ dataDir: dir });
    engines.push(engine);
    expect(engine.accessKeyId).not.toBe(first.engine.accessKeyId);
    const own = createDocumentClient({
      region: 'local',
      endpoint: engine.endpoint,
      accessKeyId: engine.accessKeyId,
    });
    const admin = await own.send(
      new GetCommand({
        TableName: 'pharmabridge',
        Key: { pk: 'ADMIN#a@example.com', sk: 'ADMIN' },
      }),
    );
    expect(admin.Item?.['passwordHash']).toBe('secret-hash');
    own.destroy();
  });

  it('restarts a dead engine on the same port with its data, and gives up after repeated deaths', async () => {
    const dir = dataDir();
    const first = await withData(dir);
    first.own.destroy();
    await first.engine.stop();
    const log = memoryLogger();
    let gaveUp = '';
    const supervised = await superviseDynamoLocal({
      dataDir: dir,
      log,
      onGiveUp: (message) => (gaveUp = message),
      maxRestarts: 1,
    });
    engines.push(supervised);
    const own = createDocumentClient({
      region: 'local',
      endpoint: supervised.endpoint,
      accessKeyId: supervised.accessKeyId,
    });
    process.kill(supervised.pid()!, 'SIGKILL');
    await expect.poll(() => supervised.restarts(), { timeout: 60_000, interval: 200 }).toBe(1);
    const admin = await own.send(
      new GetCommand({
        TableName: 'pharmabridge',
        Key: { pk: 'ADMIN#a@example.com', sk: 'ADMIN' },
      }),
    );
    expect(admin.Item?.['passwordHash']).toBe('secret-hash');
    // A second death within the window exceeds maxRestarts: the operator is told.
    process.kill(supervised.pid()!, 'SIGKILL');
    await expect.poll(() => gaveUp, { timeout: 30_000, interval: 200 }).toMatch(/giving up/);
    expect(log.lines.map((line) => line.message)).toContain(
      'DynamoDB Local exited unexpectedly; restarting it',
    );
    own.destroy();
  }, 120_000);

  it('survives a second death during the restart: it comes back and keeps serving', async () => {
    const dir = dataDir();
    const first = await withData(dir);
    first.own.destroy();
    await first.engine.stop();
    const log = memoryLogger();
    let gaveUp = '';
    // The product's budget: 3 restarts a minute (docs/decisions/0035-store-outages.md).
    const supervised = await superviseDynamoLocal({
      dataDir: dir,
      log,
      onGiveUp: (message) => (gaveUp = message),
    });
    engines.push(supervised);
    const own = createDocumentClient({
      region: 'local',
      endpoint: supervised.endpoint,
      accessKeyId: supervised.accessKeyId,
    });
    // The replacement's process exists as soon as it is spawned; the JVM takes a while
    // to answer, and it is killed again while it starts.
    const replacement = await killAndCatchReplacement(supervised.pid()!);
    process.kill(replacement, 'SIGKILL');
    await expect.poll(() => supervised.restarts(), { timeout: 90_000, interval: 200 }).toBe(1);
    expect(gaveUp).toBe('');
    const admin = await own.send(
      new GetCommand({
        TableName: 'pharmabridge',
        Key: { pk: 'ADMIN#a@example.com', sk: 'ADMIN' },
      }),
    );
    expect(admin.Item?.['passwordHash']).toBe('secret-hash');
    own.destroy();
  }, 180_000);

  it('stops an engine that is being restarted, leaving no process behind', async () => {
    // Processes this worker had before (another file's, when files share a worker) are not
    // the engine's.
    const before = descendants();
    const dir = dataDir();
    const supervised = await superviseDynamoLocal({
      dataDir: dir,
      log: memoryLogger(),
      onGiveUp: () => {},
    });
    const starting = await killAndCatchReplacement(supervised.pid()!);
    await supervised.stop();
    expect(alive(starting)).toBe(false);
    const left = [...descendants()].filter((pid) => !before.has(pid));
    expect(left.map(commandOf)).toEqual([]);
  }, 120_000);
});
