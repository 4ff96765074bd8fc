// How much processor time each stage of `npm test` used, against what the machine's cores
// could give it in the same wall-clock time. On the 2-core CI machine the runners keep both
// cores nearly full, so a run cannot end sooner than its processor time over two: the
// figure says whether a change made the run do less work or only moved it
// (docs/decisions/0591-test-run-counts-processor-time.md).
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/**
 * Linux reports process times in clock ticks of USER_HZ, which the kernel fixes at 100 for
 * /proc on every architecture it exposes them in (proc(5): "clock ticks"), whatever its own
 * timer frequency.
 */
const TICKS_PER_SECOND = 100;

/**
 * The processor seconds (user and system) of the children this process has waited for, and
 * of theirs that each waited for, from the text of /proc/self/stat: its fields 16 and 17
 * (cutime, cstime). The command name (field 2) may hold spaces and parentheses, so fields
 * are counted from its closing parenthesis.
 */
export function childSeconds(stat: string): number {
  const close = stat.lastIndexOf(')');
  if (close < 0) throw new Error('This is not the text of a /proc/<pid>/stat file.');
  // After ")": field 3 (state) is index 0, so field n is index n - 3.
  const fields = stat.slice(close + 2).split(' ');
  const cutime = Number(fields[16 - 3]);
  const cstime = Number(fields[17 - 3]);
  if (!Number.isFinite(cutime) || !Number.isFinite(cstime)) {
    throw new Error('The stat text has no cutime and cstime fields.');
  }
  return (cutime + cstime) / TICKS_PER_SECOND;
}

/** This process's waited-for children's processor seconds; undefined where /proc is absent. */
export function readChildSeconds(): number | undefined {
  try {
    return childSeconds(readFileSync('/proc/self/stat', 'utf8'));
  } catch {
    return undefined;
  }
}

export interface StageTime {
  /** The stage's steps, joined. */
  name: string;
  wallSeconds: number;
  cpuSeconds: number;
}

const secs = (value: number) => `${Math.round(value).toLocaleString('en-US')} s`;

/**
 * The printed lines: each stage's processor time and its share of what `cores` cores could
 * give in the stage's wall time, then the whole run's, and the shortest the run could be on
 * those cores doing the same work.
 */
export function cpuReport(stages: StageTime[], cores = availableParallelism()): string {
  const line = (stage: StageTime) => {
    const available = stage.wallSeconds * cores;
    const share = available > 0 ? Math.round((100 * stage.cpuSeconds) / available) : 0;
    return `  ${secs(stage.cpuSeconds).padStart(8)} of ${secs(available).padStart(8)} (${String(share).padStart(3)}%)  ${stage.name}`;
  };
  const total: StageTime = {
    name: 'the whole run',
    wallSeconds: stages.reduce((sum, stage) => sum + stage.wallSeconds, 0),
    cpuSeconds: stages.reduce((sum, stage) => sum + stage.cpuSeconds, 0),
  };
  return [
    `Processor time, of what ${cores} cores give in each stage's wall time:`,
    ...stages.map(line),
    line(total),
    `The same work takes at least ${secs(total.cpuSeconds / cores)} of wall time on ${cores} cores.`,
  ].join('\n');
}
