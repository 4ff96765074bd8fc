// `npm test`: every check the project has, in one run, ending with one summary line.
// Lint, formatting, types, unit + API + CDK tests (Vitest, DynamoDB Local), CDK synth,
// then browser tests (Playwright in Debian's Chromium against the served build).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const out = join(root, '.bench');
mkdirSync(out, { recursive: true });
const bin = (name: string) => join(root, 'node_modules/.bin', name);

interface Step {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** Reads passed/failed test counts from the runner's JSON report. */
  count?: () => { passed: number; failed: number };
}

const steps: Step[] = [
  { name: 'eslint', command: bin('eslint'), args: ['.', '--max-warnings', '0'] },
  { name: 'prettier', command: bin('prettier'), args: ['--check', '.', '--log-level', 'warn'] },
  // Generates .astro/types.d.ts (astro:content, import.meta.glob, ?url imports), which a
  // fresh clone lacks and tsc needs.
  { name: 'astro sync', command: bin('astro'), args: ['sync'] },
  { name: 'tsc', command: bin('tsc'), args: ['--noEmit', '-p', 'tsconfig.json'] },
  {
    name: 'astro check',
    command: bin('astro'),
    args: ['check', '--minimumFailingSeverity', 'warning'],
  },
  {
    name: 'vitest',
    command: bin('vitest'),
    args: [
      'run',
      '--config',
      'scripts/vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(out, 'vitest.json')}`,
    ],
    count: () => {
      const report = JSON.parse(readFileSync(join(out, 'vitest.json'), 'utf8')) as {
        numPassedTests: number;
        numFailedTests: number;
      };
      return { passed: report.numPassedTests, failed: report.numFailedTests };
    },
  },
  { name: 'cdk synth', command: 'npm', args: ['run', '--silent', 'synth'] },
  {
    name: 'playwright',
    command: bin('playwright'),
    args: ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(out, 'playwright.json') },
    count: () => {
      const report = JSON.parse(readFileSync(join(out, 'playwright.json'), 'utf8')) as {
        stats: { expected: number; unexpected: number; flaky: number };
      };
      return {
        passed: report.stats.expected + report.stats.flaky,
        failed: report.stats.unexpected,
      };
    },
  },
];

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
const failedSteps: string[] = [];
for (const step of steps) {
  if (only.length > 0 && !only.includes(step.name)) continue;
  process.stdout.write(`\n━━ ${step.name} ━━\n`);
  const started = Date.now();
  const code = await new Promise<number | null>((done) => {
    const child = spawn(step.command, step.args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...step.env },
    });
    child.on('error', () => done(null));
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
  process.stdout.write(
    `━━ ${step.name}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
}

process.stdout.write(`\n${failedSteps.length ? `Failed steps: ${failedSteps.join(', ')}\n` : ''}`);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failedSteps.length ? 1 : 0);
