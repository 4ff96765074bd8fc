// Static serving: the local server (functions/server) against a bare Node http server
// holding the same bytes in memory, both loaded by the same tool in one run.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../functions/server/dynamo-local.ts';
import { fmt, load, stopChild, waitFor, type LoadResult } from './tools.ts';

const root = join(import.meta.dirname, '../..');

export interface StaticBench {
  path: string;
  local: LoadResult;
  bare: LoadResult;
  ratio: number;
}

export async function benchStatic(options: {
  seconds: number;
  connections: number;
}): Promise<StaticBench> {
  const dir = mkdtempSync(join(tmpdir(), 'pb-bench-static-'));
  const localPort = await freePort();
  const local = spawn(process.execPath, [join(root, 'functions/server/start.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(localPort),
      DATA_DIR: join(dir, 'data'),
      DIST_DIR: join(dir, 'dist'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    // `/` answers 200 once the first build is served; the API is up before that.
    await waitFor(`http://127.0.0.1:${localPort}/`);
    // Chosen only now: asked earlier, the OS may hand out the same free port twice.
    const barePort = await freePort();
    const bare = spawn(
      process.execPath,
      [join(root, 'scripts/bench/bare-server.ts'), join(dir, 'dist/index.html'), String(barePort)],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    try {
      await waitFor(`http://127.0.0.1:${barePort}/`);
      const path = '/';
      // Warm both up so neither pays for JIT compilation inside the measured window.
      await load({
        url: `http://127.0.0.1:${localPort}${path}`,
        seconds: 2,
        connections: options.connections,
      });
      await load({
        url: `http://127.0.0.1:${barePort}${path}`,
        seconds: 2,
        connections: options.connections,
      });
      const localResult = await load({ url: `http://127.0.0.1:${localPort}${path}`, ...options });
      const bareResult = await load({ url: `http://127.0.0.1:${barePort}${path}`, ...options });
      return {
        path,
        local: localResult,
        bare: bareResult,
        ratio: localResult.requestsPerSecond / bareResult.requestsPerSecond,
      };
    } finally {
      await stopChild(bare);
    }
  } finally {
    await stopChild(local);
    rmSync(dir, { recursive: true, force: true });
  }
}

export function reportStatic(result: StaticBench): string {
  return [
    `Static serving of ${result.path} (${result.local.tool}, ${fmt(result.local.requests)} + ${fmt(result.bare.requests)} requests)`,
    `  local server      ${fmt(result.local.requestsPerSecond).padStart(9)} req/s   p99 ${fmt(result.local.latencyP99Ms, 2)} ms   errors ${result.local.errors + result.local.non2xx}`,
    `  bare node http    ${fmt(result.bare.requestsPerSecond).padStart(9)} req/s   p99 ${fmt(result.bare.latencyP99Ms, 2)} ms   errors ${result.bare.errors + result.bare.non2xx}`,
    `  ratio             ${result.ratio.toFixed(2)} (goal >= 0.80: ${result.ratio >= 0.8 ? 'met' : 'NOT met'})`,
  ].join('\n');
}
