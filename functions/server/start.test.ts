// `npm start` as a user runs it: a real process, real DynamoDB Local, real build.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from './dynamo-local.ts';

const START = join(import.meta.dirname, 'start.ts');

function start(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'pb-start-'));
  const child = spawn(process.execPath, [START], {
    env: {
      ...process.env,
      DATA_DIR: join(dir, 'data'),
      DIST_DIR: join(dir, 'dist'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit') as Promise<[number | null, string | null]>;
  return { child, exited, output: () => ({ stdout, stderr }) };
}

/** Every process below `pid`, found through /proc's parent links. */
function descendants(pid: number): number[] {
  const table = spawnSync('ps', ['-e', '-o', 'pid=,ppid=']).stdout.toString().trim().split('\n');
  const pairs = table.map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of pairs) {
      if (ppid !== parent) continue;
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function waitForText(
  read: () => string,
  text: string,
  child: ChildProcess,
  timeoutMs = 120_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (!read().includes(text)) {
    if (child.exitCode !== null) throw new Error(`exited early:\n${read()}`);
    if (Date.now() > deadline) throw new Error(`no "${text}" within ${timeoutMs} ms:\n${read()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('npm start', { timeout: 180_000 }, () => {
  it('says in one line that the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
    const port = (blocker.address() as { port: number }).port;
    try {
      const run = start({ PORT: String(port) });
      const [code] = await run.exited;
      expect(code).toBe(1);
      expect(run.output().stderr).toBe(
        `pharmabridge: Port ${port} is already in use; set PORT to another port.\n`,
      );
    } finally {
      blocker.close();
    }
  });

  it('says in one line that Java is missing', async () => {
    const run = start({ PORT: String(await freePort()), PATH: '/nonexistent' });
    const [code] = await run.exited;
    expect(code).toBe(1);
    const lines = run.output().stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^pharmabridge: Java 17 or newer is needed to run DynamoDB Local/);
  });

  it('says in one line that the configuration is invalid', async () => {
    const run = start({ PORT: 'eighty' });
    const [code] = await run.exited;
    expect(code).toBe(1);
    expect(run.output().stderr).toMatch(/^pharmabridge: Invalid configuration: PORT .+\n$/);
  });

  it('serves, then stops on SIGTERM gracefully and leaves no child process', async () => {
    const port = await freePort();
    const run = start({ PORT: String(port) });
    await waitForText(() => run.output().stdout, 'PharmaBridge is running', run.child);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    const children = descendants(run.child.pid!);
    expect(children.length).toBeGreaterThan(0); // DynamoDB Local's JVM
    run.child.kill('SIGTERM');
    const [code] = await run.exited;
    // 0 means the graceful path finished; the 4.5 s safety timer exits with 1.
    expect(code).toBe(0);
    expect(children.filter(alive)).toEqual([]);
  });

  it('stops cleanly when signalled during start-up', async () => {
    const run = start({ PORT: String(await freePort()) });
    // Wait until DynamoDB Local runs (the JVM is a child), then interrupt the start.
    const deadline = Date.now() + 60_000;
    let children: number[] = [];
    while (children.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      children = descendants(run.child.pid!);
    }
    expect(children.length).toBeGreaterThan(0);
    run.child.kill('SIGINT');
    const [code] = await run.exited;
    expect(code).toBe(0);
    // The children end as their parent's shutdown reaches them: wait for that state (a
    // deadline, not a fixed pause), then check none is left.
    const gone = Date.now() + 30_000;
    while (children.some(alive) && Date.now() < gone) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(children.filter(alive)).toEqual([]);
  });
});
