// The slow-test report `npm test` prints at its end, from the runners' JSON reports.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  failedReport,
  playwrightTimes,
  readTimes,
  slowestReport,
  vitestTimes,
} from './slow-tests.ts';

const root = '/repo';
const vitest = {
  testResults: [
    {
      name: '/repo/functions/a.test.ts',
      startTime: 1000,
      endTime: 4000,
      assertionResults: [
        { fullName: 'a saves', duration: 2500 },
        { fullName: 'a reads', duration: 100 },
      ],
    },
    {
      name: '/repo/functions/b.test.ts',
      startTime: 1000,
      endTime: 1500,
      assertionResults: [{ fullName: 'b skipped', duration: null }],
    },
  ],
};
const playwright = {
  suites: [
    {
      title: 'editor.spec.ts',
      file: 'editor.spec.ts',
      specs: [
        {
          title: 'saves a page',
          file: 'editor.spec.ts',
          tests: [{ projectName: 'editing', results: [{ duration: 9000 }] }],
        },
      ],
      suites: [
        {
          title: 'conflicts',
          file: 'editor.spec.ts',
          specs: [
            {
              title: 'two admins',
              file: 'editor.spec.ts',
              tests: [{ projectName: 'editing', results: [{ duration: 1000 }, { duration: 500 }] }],
            },
          ],
        },
      ],
    },
  ],
};

describe('slow-test report', () => {
  it('reads Vitest tests with their durations and files from start to end', () => {
    const { tests, files } = vitestTimes(vitest, root);
    expect(tests).toEqual([
      { runner: 'vitest', file: 'functions/a.test.ts', title: 'a saves', ms: 2500 },
      { runner: 'vitest', file: 'functions/a.test.ts', title: 'a reads', ms: 100 },
      { runner: 'vitest', file: 'functions/b.test.ts', title: 'b skipped', ms: 0 },
    ]);
    expect(files.map((f) => [f.file, f.ms])).toEqual([
      ['functions/a.test.ts', 3000],
      ['functions/b.test.ts', 500],
    ]);
  });

  it('reads Playwright tests in nested suites, every attempt counted, files as their sum', () => {
    const { tests, files } = playwrightTimes(playwright, 'e2e');
    expect(tests).toEqual([
      {
        runner: 'playwright',
        file: 'e2e/editor.spec.ts',
        title: 'saves a page [editing]',
        ms: 9000,
      },
      {
        runner: 'playwright',
        file: 'e2e/editor.spec.ts',
        title: 'conflicts › two admins [editing]',
        ms: 1500,
      },
    ]);
    expect(files).toEqual([
      { runner: 'playwright', file: 'e2e/editor.spec.ts', title: '', ms: 10_500 },
    ]);
  });

  it('prints the slowest first, as many as asked, across both runners', () => {
    const timed = {
      tests: [...vitestTimes(vitest, root).tests, ...playwrightTimes(playwright, 'e2e').tests],
      files: [...vitestTimes(vitest, root).files, ...playwrightTimes(playwright, 'e2e').files],
    };
    expect(slowestReport(timed, { tests: 2, files: 1 }).split('\n')).toEqual([
      'Slowest 2 tests:',
      '   9.0 s  playwright e2e/editor.spec.ts › saves a page [editing]',
      '   2.5 s  vitest     functions/a.test.ts › a saves',
      'Slowest 1 files:',
      '  10.5 s  playwright e2e/editor.spec.ts',
    ]);
  });

  it('reads the reports that exist and skips a missing or broken one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'slow-tests-'));
    writeFileSync(join(dir, 'vitest.json'), JSON.stringify(vitest));
    writeFileSync(join(dir, 'playwright.json'), '{"suites": [');
    const timed = readTimes(
      { vitest: join(dir, 'vitest.json'), playwright: join(dir, 'playwright.json') },
      root,
    );
    expect(timed.tests).toHaveLength(3);
    expect(timed.files).toHaveLength(2);
    expect(
      readTimes({ vitest: join(dir, 'none.json'), playwright: join(dir, 'none.json') }, root),
    ).toEqual({ tests: [], files: [] });
  });

  it('names each failed test and a file that failed outside its tests, with the first line of why', () => {
    const failing = {
      testResults: [
        {
          name: '/repo/functions/c.test.ts',
          startTime: 0,
          endTime: 10,
          status: 'failed',
          message: '',
          assertionResults: [
            { fullName: 'c passes', duration: 1, status: 'passed', failureMessages: [] },
            {
              fullName: 'c saves',
              duration: 2,
              status: 'failed',
              failureMessages: [
                '\u001b[31mAssertionError: expected 409 to be 200\u001b[39m\n    at c.test.ts:4',
              ],
            },
          ],
        },
        {
          name: '/repo/functions/d.test.ts',
          startTime: 0,
          endTime: 10,
          status: 'failed',
          message: '\nError: Hook timed out in 60000ms\n  at beforeAll',
          assertionResults: [],
        },
      ],
    };
    const browser = {
      suites: [
        {
          title: 'x.spec.ts',
          file: 'x.spec.ts',
          specs: [
            {
              title: 'opens',
              file: 'x.spec.ts',
              tests: [
                {
                  projectName: 'site',
                  status: 'unexpected',
                  results: [
                    { duration: 5, error: { message: 'first try' } },
                    { duration: 5, error: { message: 'Timed out 5000ms waiting for expect' } },
                  ],
                },
              ],
            },
            {
              title: 'retried',
              file: 'x.spec.ts',
              tests: [
                {
                  projectName: 'site',
                  status: 'flaky',
                  results: [{ duration: 5, error: { message: 'once' } }, { duration: 5 }],
                },
              ],
            },
          ],
        },
      ],
    };
    const v = vitestTimes(failing, root);
    const p = playwrightTimes(browser, 'e2e');
    expect(
      failedReport({ tests: [...v.tests, ...p.tests], files: [...v.files, ...p.files] }).split(
        '\n',
      ),
    ).toEqual([
      'Failed tests:',
      '  vitest     functions/d.test.ts',
      '    Error: Hook timed out in 60000ms',
      '  vitest     functions/c.test.ts › c saves',
      '    AssertionError: expected 409 to be 200',
      '  playwright e2e/x.spec.ts › opens [site]',
      '    Timed out 5000ms waiting for expect',
    ]);
    expect(failedReport(vitestTimes(vitest, root))).toBe('');
  });
});
