// The slowest tests and test files of a run, read from the JSON reports `npm test` writes
// to .bench/ (Vitest's and Playwright's), so each run ends by naming where its time went.
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
}

interface VitestReport {
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    assertionResults: { fullName: string; duration?: number | null }[];
  }[];
}

/** Tests and files of a Vitest JSON report; a file's time runs from its start to its end. */
export function vitestTimes(report: VitestReport, root: string) {
  const tests: Timed[] = [];
  const files: Timed[] = [];
  for (const result of report.testResults) {
    const file = relative(root, result.name);
    files.push({ runner: 'vitest', file, title: '', ms: result.endTime - result.startTime });
    for (const test of result.assertionResults) {
      tests.push({ runner: 'vitest', file, title: test.fullName, ms: test.duration ?? 0 });
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
    tests: { projectName: string; results: { duration: number }[] }[];
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
