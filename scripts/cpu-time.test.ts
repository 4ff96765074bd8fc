// The processor-time report `npm test` prints at its end (scripts/cpu-time.ts).
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { busySeconds, cpuReport, readBusySeconds } from './cpu-time.ts';

// /proc/stat as Linux writes it (proc(5)): the machine's line, then one per core.
const STAT = [
  'cpu  1000 20 300 9000 400 0 30 50 7 0',
  'cpu0 500 10 150 4500 200 0 15 25 3 0',
  'cpu1 500 10 150 4500 200 0 15 25 4 0',
  'intr 123456 0 0',
].join('\n');

describe('busySeconds', () => {
  it('adds user, nice, system, irq and softirq, leaving idle, iowait, steal and guest out', () => {
    // (1000 + 20 + 300 + 0 + 30) ticks of 1/100 s.
    expect(busySeconds(STAT)).toBeCloseTo(13.5, 5);
  });

  it('refuses a text that is not /proc/stat', () => {
    expect(() => busySeconds('cpu0 1 2 3')).toThrow('no "cpu" line');
    expect(() => busySeconds('cpu  1 2 3 4')).toThrow('fewer than eight numbers');
  });
});

describe.runIf(process.platform === 'linux')('readBusySeconds', () => {
  it('grows by at least the processor time of a process that ran meanwhile', () => {
    const before = readBusySeconds();
    // About 0.3 s of work in a child process.
    const child = spawnSync(process.execPath, [
      '-e',
      'const end = process.cpuUsage().user + 300000; while (process.cpuUsage().user < end);',
    ]);
    expect(child.status).toBe(0);
    const after = readBusySeconds();
    expect(before).toBeTypeOf('number');
    expect(after! - before!).toBeGreaterThanOrEqual(0.25);
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
