// Media: publishing a generated 12-megapixel JPEG (about 8 MB) through POST /api/objects/acl
// on the local server (median of 5, one at a time), the server process's peak RSS growth
// while 5 are published at once (sampled from /proc), and serving a published variant
// from /objects/uploads/* against a bare Node http server holding the same bytes (wrk).
// Goals (issue 10): median <= 2 s, RSS growth <= 400 MB, serving ratio >= 0.8.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { photoJpeg } from '../../functions/media/test-images.ts';
import { freePort } from '../../functions/server/dynamo-local.ts';
import type { MediaRecord, S3ParamsResponse } from '../../functions/shared/media.ts';
import { fmt, load, stopChild, waitFor, type LoadResult } from './tools.ts';

const root = join(import.meta.dirname, '../..');
const RUNS = 5;
const CONCURRENT = 5;
const SERVING_ROUNDS = 3;

export interface MediaBench {
  image: { width: number; height: number; bytes: number };
  publishMs: number[];
  medianPublishMs: number;
  rss: { beforeMb: number; peakMb: number; growthMb: number; concurrentMs: number };
  serving: { path: string; bytes: number; local: LoadResult; bare: LoadResult; ratio: number };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Resident set size of a process, in MB (Linux /proc). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

async function startServer(
  dataDir: string,
): Promise<{ child: ChildProcess; url: string; cookie: string }> {
  const child = spawn(process.execPath, [join(root, 'scripts/bench/media-server.ts')], {
    cwd: root,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const end = output.indexOf('\n');
      if (end >= 0) resolve(output.slice(0, end));
    });
    child.once('exit', (code) => reject(new Error(`the media server exited (${code})`)));
  });
  const { url, cookie } = JSON.parse(line) as { url: string; cookie: string };
  await waitFor(`${url}/api/health`);
  return { child, url, cookie };
}

export async function benchMedia(options: {
  seconds: number;
  connections: number;
}): Promise<MediaBench> {
  const dir = mkdtempSync(join(tmpdir(), 'pb-bench-media-'));
  const photo = await photoJpeg(4000, 3000, 95);
  const server = await startServer(join(dir, 'data'));
  const pid = server.child.pid!;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        cookie: server.cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  /** Uploads the photo as Uppy does (GET /params, form POST); its object path. */
  const upload = async (n: number) => {
    const params = await call<S3ParamsResponse>(
      'GET',
      `/api/s3/params?filename=photo-${n}.jpg&type=image/jpeg`,
    );
    const form = new FormData();
    for (const [name, value] of Object.entries(params.fields)) form.set(name, value);
    form.set('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `photo-${n}.jpg`);
    const posted = await fetch(params.url, { method: 'POST', body: form });
    if (!posted.ok) throw new Error(`upload: ${posted.status}`);
    return params.objectPath;
  };
  const publish = (objectPath: string) =>
    call<MediaRecord>('POST', '/api/objects/acl', { objectPath, visibility: 'public' });

  try {
    // One unmeasured publish loads sharp and warms the JIT.
    const warm = await publish(await upload(0));
    const publishMs: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const objectPath = await upload(run);
      const started = performance.now();
      await publish(objectPath);
      publishMs.push(performance.now() - started);
    }

    const batch = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => upload(100 + i)));
    const beforeMb = rssMb(pid);
    let peakMb = beforeMb;
    const sampler = setInterval(() => {
      peakMb = Math.max(peakMb, rssMb(pid));
    }, 10);
    const started = performance.now();
    await Promise.all(batch.map(publish));
    const concurrentMs = performance.now() - started;
    clearInterval(sampler);
    peakMb = Math.max(peakMb, rssMb(pid));

    // Serving: the 960 px variant of the warm-up image, as a page's srcset asks for it.
    const variant = warm.variants.find((candidate) => candidate.width === 960) ?? warm.variants[0]!;
    const bytes = Buffer.from(await (await fetch(`${server.url}${variant.url}`)).arrayBuffer());
    const file = join(dir, 'variant.webp');
    writeFileSync(file, bytes);
    const barePort = await freePort();
    const bare = spawn(
      process.execPath,
      [join(root, 'scripts/bench/bare-server.ts'), file, String(barePort)],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    try {
      await waitFor(`http://127.0.0.1:${barePort}/`);
      const localUrl = `${server.url}${variant.url}`;
      const bareUrl = `http://127.0.0.1:${barePort}${variant.url}`;
      await load({ url: localUrl, seconds: 2, connections: options.connections });
      await load({ url: bareUrl, seconds: 2, connections: options.connections });
      // Alternating rounds, the median of each side: a machine shared with other work
      // drifts between runs, and both sides should see the same drift.
      const rounds: { local: LoadResult; bare: LoadResult }[] = [];
      for (let round = 0; round < SERVING_ROUNDS; round++) {
        rounds.push({
          local: await load({ url: localUrl, ...options }),
          bare: await load({ url: bareUrl, ...options }),
        });
      }
      const middle = (side: 'local' | 'bare') =>
        [...rounds].sort((a, b) => a[side].requestsPerSecond - b[side].requestsPerSecond)[
          Math.floor(SERVING_ROUNDS / 2)
        ]![side];
      const local = middle('local');
      const bareResult = middle('bare');
      return {
        image: { width: 4000, height: 3000, bytes: photo.length },
        publishMs,
        medianPublishMs: median(publishMs),
        rss: { beforeMb, peakMb, growthMb: peakMb - beforeMb, concurrentMs },
        serving: {
          path: variant.url,
          bytes: bytes.length,
          local,
          bare: bareResult,
          ratio: local.requestsPerSecond / bareResult.requestsPerSecond,
        },
      };
    } finally {
      await stopChild(bare);
    }
  } finally {
    await stopChild(server.child);
    rmSync(dir, { recursive: true, force: true });
  }
}

export function reportMedia(result: MediaBench): string {
  const { serving, rss } = result;
  const goal = (met: boolean) => (met ? 'met' : 'NOT met');
  return [
    `Media: publishing a ${result.image.width} × ${result.image.height} JPEG of ${fmt(result.image.bytes / 1e6, 1)} MB (POST /api/objects/acl)`,
    `  one at a time     median ${fmt(result.medianPublishMs)} ms of ${result.publishMs.map((ms) => fmt(ms)).join(', ')} (goal <= 2000 ms: ${goal(result.medianPublishMs <= 2000)})`,
    `  ${CONCURRENT} at once         ${fmt(rss.concurrentMs)} ms; server RSS ${fmt(rss.beforeMb)} MB -> peak ${fmt(rss.peakMb)} MB, growth ${fmt(rss.growthMb)} MB (goal <= 400 MB: ${goal(rss.growthMb <= 400)})`,
    `Serving ${serving.path} (${fmt(serving.bytes)} bytes, ${serving.local.tool}, median of ${SERVING_ROUNDS} alternating rounds)`,
    `  local server      ${fmt(serving.local.requestsPerSecond).padStart(9)} req/s   p99 ${fmt(serving.local.latencyP99Ms, 2)} ms   errors ${serving.local.errors + serving.local.non2xx}`,
    `  bare node http    ${fmt(serving.bare.requestsPerSecond).padStart(9)} req/s   p99 ${fmt(serving.bare.latencyP99Ms, 2)} ms   errors ${serving.bare.errors + serving.bare.non2xx}`,
    `  ratio             ${serving.ratio.toFixed(2)} (goal >= 0.80: ${goal(serving.ratio >= 0.8)})`,
  ].join('\n');
}
