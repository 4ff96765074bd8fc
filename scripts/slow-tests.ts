// The slowest tests and test files of a run, and the failed ones, read from the JSON reports
// `npm test` writes to .bench/ (Vitest's and Playwright's), so each run ends by naming where
// its time went and what failed (a CI log shows only its end).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

export interface Timed {
  /** `vitest` or `playwright`. */
  runner: string;
  /** The file, relative to the project. */
  file: string;
  /** The test's titles joined with ›; empty for a file. */
  title: string;
  ms: number;
  /** The first line of why it failed; absent when it passed. */
  failure?: string;
}

/** The terminal's colour codes (ESC [ ... m), which the runners put in their messages. */
const COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

const firstLine = (message: string | undefined) =>
  (message ?? '')
    .replace(COLOUR, '')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.length > 0) ?? 'failed';

interface VitestReport {
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    status?: string;
    /** Why the file failed outside any test (an import or a hook). */
    message?: string;
    assertionResults: {
      fullName: string;
      duration?: number | null;
      status?: string;
      failureMessages?: string[] | null;
    }[];
  }[];
}

/** Tests and files of a Vitest JSON report; a file's time runs from its start to its end. */
export function vitestTimes(report: VitestReport, root: string) {
  const tests: Timed[] = [];
  const files: Timed[] = [];
  for (const result of report.testResults) {
    const file = relative(root, result.name);
    const ms = result.endTime - result.startTime;
    const fileFailed = result.status === 'failed' && Boolean(result.message);
    files.push({
      runner: 'vitest',
      file,
      title: '',
      ms,
      ...(fileFailed ? { failure: firstLine(result.message) } : {}),
    });
    for (const test of result.assertionResults) {
      tests.push({
        runner: 'vitest',
        file,
        title: test.fullName,
        ms: test.duration ?? 0,
        ...(test.status === 'failed' ? { failure: firstLine(test.failureMessages?.[0]) } : {}),
      });
    }
  }
  return { tests, files };
}

interface PlaywrightSuite {
  title: string;
  file: string;
  specs?: {
    title: string;
    file: string;
    tests: {
      projectName: string;
      status?: string;
      results: { duration: number; error?: { message?: string } }[];
    }[];
  }[];
  suites?: PlaywrightSuite[];
}

/**
 * Tests and files of a Playwright JSON report. A test's time is the sum of its attempts; a
 * file's is the sum of its tests' (its workers' busy time, not wall time).
 */
export function playwrightTimes(report: { suites: PlaywrightSuite[] }, specDir: string) {
  const tests: Timed[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        tests.push({
          runner: 'playwright',
          file: `${specDir}/${spec.file}`,
          title: [...titles, spec.title].join(' › ') + ` [${test.projectName}]`,
          ms: test.results.reduce((sum, result) => sum + result.duration, 0),
          ...(test.status === 'unexpected'
            ? { failure: firstLine(test.results.at(-1)?.error?.message) }
            : {}),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites) walk(suite, []);
  const byFile = new Map<string, number>();
  for (const test of tests) byFile.set(test.file, (byFile.get(test.file) ?? 0) + test.ms);
  const files = [...byFile].map(([file, ms]) => ({ runner: 'playwright', file, title: '', ms }));
  return { tests, files };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1).padStart(6)} s`;

/** The `tests` slowest tests and `files` slowest files of both runners, as printed lines. */
export function slowestReport(
  timed: { tests: Timed[]; files: Timed[] },
  counts = { tests: 15, files: 10 },
): string {
  const slowest = (list: Timed[], count: number) =>
    [...list].sort((a, b) => b.ms - a.ms).slice(0, count);
  return [
    `Slowest ${counts.tests} tests:`,
    ...slowest(timed.tests, counts.tests).map(
      (t) => `${seconds(t.ms)}  ${t.runner.padEnd(10)} ${t.file} › ${t.title}`,
    ),
    `Slowest ${counts.files} files:`,
    ...slowest(timed.files, counts.files).map(
      (t) => `${seconds(t.ms)}  ${t.runner.padEnd(10)} ${t.file}`,
    ),
  ].join('\n');
}

/** Every failed test (and file that failed outside its tests), with the first line of why. */
export function failedReport(timed: { tests: Timed[]; files: Timed[] }): string {
  const failed = [...timed.files, ...timed.tests].filter((t) => t.failure !== undefined);
  if (failed.length === 0) return '';
  return [
    `Failed tests:`,
    ...failed.map(
      (t) =>
        `  ${t.runner.padEnd(10)} ${t.file}${t.title ? ` › ${t.title}` : ''}\n    ${t.failure}`,
    ),
  ].join('\n');
}

/** Reads whichever of the two reports exist (a step that did not run wrote none). */
export function readTimes(paths: { vitest: string; playwright: string }, root: string) {
  const tests: Timed[] = [];
  const files: Timed[] = [];
  const add = (part: { tests: Timed[]; files: Timed[] }) => {
    tests.push(...part.tests);
    files.push(...part.files);
  };
  const read = (path: string): unknown => {
    try {
      return JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      return undefined;
    }
  };
  const vitest = read(paths.vitest) as VitestReport | undefined;
  if (vitest?.testResults) add(vitestTimes(vitest, root));
  const playwright = read(paths.playwright) as { suites?: PlaywrightSuite[] } | undefined;
  if (playwright?.suites) add(playwrightTimes({ suites: playwright.suites }, 'e2e'));
  return { tests, files };
}
