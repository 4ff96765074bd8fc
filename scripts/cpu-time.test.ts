// The processor-time report `npm test` prints at its end (scripts/cpu-time.ts).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { childSeconds, cpuReport, readChildSeconds } from './cpu-time.ts';

// A stat line as Linux writes it (proc(5)); fields 16 and 17 are 1234 and 266 ticks. The
// command name holds a space and a parenthesis, as a thread's may.
const STAT =
  '4242 (node (main) x) S 1 4242 4242 0 -1 4194560 9000 120000 0 40 700 90 1234 266 20 0 11 0 5000 1200000000 30000 18446744073709551615 1 1 0 0 0 0 0 4096 134234626 0 0 0 17 1 0 0 0 0 0';

describe('childSeconds', () => {
  it("reads the waited-for children's user and system ticks past the command name", () => {
    expect(childSeconds(STAT)).toBeCloseTo(15, 5);
  });

  it('refuses a text that is not a stat line', () => {
    expect(() => childSeconds('no fields here')).toThrow('not the text of a /proc/<pid>/stat');
    expect(() => childSeconds('1 (x) S 1')).toThrow('no cutime and cstime');
  });
});

describe.runIf(process.platform === 'linux')('readChildSeconds', () => {
  it('grows by the processor time of a child this process waited for', () => {
    const before = readChildSeconds();
    // About 0.3 s of work in a child process, waited for by spawnSync.
    const child = spawnSync(process.execPath, [
      '-e',
      'const end = process.cpuUsage().user + 300000; while (process.cpuUsage().user < end);',
    ]);
    expect(child.status).toBe(0);
    const after = readChildSeconds();
    expect(before).toBeTypeOf('number');
    expect(after! - before!).toBeGreaterThanOrEqual(0.25);
    // The same figure the kernel gives for this process's stat file.
    expect(childSeconds(readFileSync('/proc/self/stat', 'utf8'))).toBe(after);
  });
});

describe('cpuReport', () => {
  it("gives each stage's share of its cores' time, the total, and the shortest run", () => {
    const report = cpuReport(
      [
        { name: 'eslint, astro check', wallSeconds: 100, cpuSeconds: 180 },
        { name: 'vitest', wallSeconds: 450, cpuSeconds: 810 },
        { name: 'playwright', wallSeconds: 750, cpuSeconds: 1380 },
      ],
      2,
    );
    expect(report.split('\n')).toEqual([
      "Processor time, of what 2 cores give in each stage's wall time:",
      '     180 s of    200 s ( 90%)  eslint, astro check',
      '     810 s of    900 s ( 90%)  vitest',
      '   1,380 s of  1,500 s ( 92%)  playwright',
      '   2,370 s of  2,600 s ( 91%)  the whole run',
      'The same work takes at least 1,185 s of wall time on 2 cores.',
    ]);
  });
});
