// `npm test`: every check the project has, in one run, ending with the slowest tests and
// one summary line. Lint, formatting and types (one type-check: `astro check` covers the
// .ts files and the .astro ones), unit + API + CDK tests (Vitest, DynamoDB Local), CDK
// synth, then browser tests (Playwright in Debian's Chromium against the served build).
// Steps that each use one core run side by side on the 2-core CI machine
// (docs/decisions/0360-test-run-names-its-slowest.md); the runners that fill both cores alone.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuReport, readBusySeconds, type StageTime } from './cpu-time.ts';
import { failedReport, readTimes, slowestReport } from './slow-tests.ts';

const root = join(import.meta.dirname, '..');
const out = join(root, '.bench');
mkdirSync(out, { recursive: true });
const bin = (name: string) => join(root, 'node_modules/.bin', name);
const reports = { vitest: join(out, 'vitest.json'), playwright: join(out, 'playwright.json') };

interface Step {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** The JSON report it writes (removed first, so an old one is never read). */
  report?: string;
  /** Reads passed/failed test counts from the runner's JSON report. */
  count?: () => { passed: number; failed: number };
  /** After the step, told whether it passed. */
  after?: (ok: boolean) => void;
}

const eslint: Step = { name: 'eslint', command: bin('eslint'), args: ['.', '--max-warnings', '0'] };
const prettier: Step = {
  name: 'prettier',
  command: bin('prettier'),
  args: ['--check', '.', '--log-level', 'warn'],
};
// Unused files, exports and dependencies (knip.json; docs/decisions/0471-knip-in-lint.md).
const knip: Step = { name: 'knip', command: bin('knip'), args: ['--no-progress'] };
// The one type-check: astro check runs `astro sync` itself (.astro/types.d.ts, which a fresh
// clone lacks) and checks every file tsconfig.json includes, .ts and .astro alike, with its
// options (strictest); warnings fail too.
const typecheck: Step = {
  name: 'astro check',
  command: bin('astro'),
  args: ['check', '--minimumFailingSeverity', 'warning'],
};
const synth: Step = { name: 'cdk synth', command: 'npm', args: ['run', '--silent', 'synth'] };
const vitest: Step = {
  name: 'vitest',
  command: bin('vitest'),
  args: [
    'run',
    '--config',
    'scripts/vitest.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reports.vitest}`,
  ],
  report: reports.vitest,
  count: () => {
    const report = JSON.parse(readFileSync(reports.vitest, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
    };
    return { passed: report.numPassedTests, failed: report.numFailedTests };
  },
};
/**
 * The browser servers' folder (their data, built sites and logs: about 45 MB): removed when
 * the browser tests pass, kept for reading when they fail. One named with E2E_RUN_DIR is the
 * caller's, and stays.
 */
const e2eRunDir =
  process.env['E2E_RUN_DIR'] ?? join(tmpdir(), `pharmabridge-e2e-${process.pid}-${Date.now()}`);
const playwright: Step = {
  name: 'playwright',
  command: bin('playwright'),
  args: ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: reports.playwright, E2E_RUN_DIR: e2eRunDir },
  report: reports.playwright,
  after: (ok) => {
    if (process.env['E2E_RUN_DIR']) return;
    if (ok) rmSync(e2eRunDir, { recursive: true, force: true });
    else process.stdout.write(`The browser servers' logs and data: ${e2eRunDir}\n`);
  },
  count: () => {
    const report = JSON.parse(readFileSync(reports.playwright, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number };
    };
    return {
      passed: report.stats.expected + report.stats.flaky,
      failed: report.stats.unexpected,
    };
  },
};

/**
 * Stages run one after another; a stage's lanes run side by side, each lane's steps in
 * order. The first stage's three lanes are single-threaded tools (eslint, prettier and knip,
 * the type-check, cdk synth); Vitest and Playwright each keep both cores busy alone.
 */
const stages: Step[][][] = [
  [[eslint, prettier, knip], [typecheck], [synth]],
  [[vitest]],
  [[playwright]],
];

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
const failedSteps: string[] = [];

async function run(step: Step, buffered: boolean): Promise<void> {
  if (step.report) rmSync(step.report, { force: true });
  const header = `\n━━ ${step.name} ━━\n`;
  if (!buffered) process.stdout.write(header);
  const started = Date.now();
  let output = '';
  const code = await new Promise<number | null>((done) => {
    const child = spawn(step.command, step.args, {
      cwd: root,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: {
        ...process.env,
        ASTRO_TELEMETRY_DISABLED: '1',
        ...(buffered ? { FORCE_COLOR: '1' } : {}),
        ...step.env,
      },
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => {
      output += `${String(error)}\n`;
      done(null);
    });
    child.on('exit', done);
  });
  let counted = false;
  if (step.count) {
    try {
      const counts = step.count();
      passed += counts.passed;
      failed += counts.failed;
      counted = true;
    } catch {
      // No report: the runner died before writing it; the exit code below says so.
    }
  }
  if (code !== 0) {
    failedSteps.push(step.name);
    if (!counted) failed += 1;
  }
  step.after?.(code === 0);
  // A step that ran beside others prints its output in one piece when it ends.
  process.stdout.write(
    `${buffered ? header + output : ''}━━ ${step.name}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
}

const stageTimes: StageTime[] = [];
for (const stage of stages) {
  const lanes = stage
    .map((lane) => lane.filter((step) => only.length === 0 || only.includes(step.name)))
    .filter((lane) => lane.length > 0);
  if (lanes.length === 0) continue;
  const buffered = lanes.length > 1;
  const started = Date.now();
  // The whole machine's busy time: the browser tests' servers and browsers leave processes
  // that no parent waits for, which a count of this process's children would miss.
  const cpuBefore = readBusySeconds();
  await Promise.all(
    lanes.map(async (lane) => {
      for (const step of lane) await run(step, buffered);
    }),
  );
  const cpuAfter = readBusySeconds();
  if (cpuBefore !== undefined && cpuAfter !== undefined) {
    stageTimes.push({
      name: lanes.map((lane) => lane.map((step) => step.name).join(', ')).join(', '),
      wallSeconds: (Date.now() - started) / 1000,
      cpuSeconds: cpuAfter - cpuBefore,
    });
  }
}

const ran = (step: Step) => only.length === 0 || only.includes(step.name);
const slow = readTimes(
  {
    vitest: ran(vitest) ? reports.vitest : '',
    playwright: ran(playwright) ? reports.playwright : '',
  },
  root,
);
if (slow.tests.length > 0) process.stdout.write(`\n${slowestReport(slow)}\n`);
if (stageTimes.length > 0) process.stdout.write(`\n${cpuReport(stageTimes)}\n`);
// Last, so a log cut to its end still names what failed.
const failures = failedReport(slow);
if (failures) process.stdout.write(`\n${failures}\n`);
process.stdout.write(`\n${failedSteps.length ? `Failed steps: ${failedSteps.join(', ')}\n` : ''}`);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failedSteps.length ? 1 : 0);
