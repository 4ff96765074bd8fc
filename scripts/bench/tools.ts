// Shared pieces of the benchmarks: load generators, child servers, readiness checks.
import { cpus, loadavg } from 'node:os';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

export interface LoadResult {
  requestsPerSecond: number;
  latencyP99Ms: number;
  requests: number;
  errors: number;
  non2xx: number;
  tool: 'wrk';
}

export const hasWrk = () => spawnSync('wrk', ['--version']).error === undefined;

/** wrk's Lua hook prints what its summary lacks: p99 and non-2xx counts, as JSON. */
const WRK_REPORT = `
done = function(summary, latency, requests)
  io.write(string.format('{"requests":%d,"p99":%f,"errors":%d,"non2xx":%d,"duration":%d}\\n',
    summary.requests, latency:percentile(99) / 1000, summary.errors.connect + summary.errors.read +
    summary.errors.write + summary.errors.timeout, summary.errors.status, summary.duration))
end
`;

export async function load(options: {
  url: string;
  seconds: number;
  connections: number;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}): Promise<LoadResult> {
  const { writeFileSync, mkdtempSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  if (hasWrk()) {
    const dir = mkdtempSync(join(tmpdir(), 'wrk-'));
    const script = join(dir, 'report.lua');
    const setup =
      options.method === 'POST'
        ? `wrk.method = "POST"\nwrk.body = ${JSON.stringify(options.body ?? '')}\n` +
          Object.entries(options.headers ?? {})
            .map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}\n`)
            .join('')
        : Object.entries(options.headers ?? {})
            .map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}\n`)
            .join('');
    writeFileSync(script, setup + WRK_REPORT);
    const child = spawn('wrk', [
      '-t1',
      `-c${options.connections}`,
      `-d${options.seconds}s`,
      '--latency',
      '-s',
      script,
      options.url,
    ]);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await once(child, 'exit');
    const line = output
      .trim()
      .split('\n')
      .reverse()
      .find((l) => l.startsWith('{'));
    if (!line) throw new Error(`wrk printed no report:\n${output}`);
    const report = JSON.parse(line) as {
      requests: number;
      p99: number;
      errors: number;
      non2xx: number;
      duration: number;
    };
    return {
      requestsPerSecond: report.requests / (report.duration / 1e6),
      latencyP99Ms: report.p99,
      requests: report.requests,
      errors: report.errors,
      non2xx: report.non2xx,
      tool: 'wrk',
    };
  }
  throw new Error('The benchmarks need wrk: apt-get install -y wrk');
}

export async function waitFor(url: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function startChild(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 6000);
  await once(child, 'exit');
  clearTimeout(timer);
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The p-th percentile (nearest rank) of ascending figures; 0 for none. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)] ?? 0;

/** "load average at the end: 1.0, 0.8, 0.5, 2 cores": how busy the machine was. */
export const machineLoad = () =>
  `load average at the end: ${loadavg()
    .map((value) => value.toFixed(1))
    .join(', ')}, ${cpus().length} cores`;
