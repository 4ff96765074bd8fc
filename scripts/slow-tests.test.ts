// The slow-test report `npm test` prints at its end, from the runners' JSON reports.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { playwrightTimes, readTimes, slowestReport, vitestTimes } from './slow-tests.ts';

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
});
