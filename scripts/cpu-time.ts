// How much processor time the machine spent during each stage of `npm test`, against what its
// cores could give in the same wall-clock time. On the 2-core CI machine the runners keep both
// cores nearly full, so a run cannot end sooner than its processor time over two: the
// figure says whether a change made the run do less work or only moved it
// (docs/decisions/0591-test-run-counts-processor-time.md).
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/**
 * Linux reports processor times in clock ticks of USER_HZ, which the kernel fixes at 100 for
 * /proc on every architecture (proc(5): "clock ticks"), whatever its own timer frequency.
 */
const TICKS_PER_SECOND = 100;

/**
 * The seconds the machine's processors have been busy since boot, all cores together, from
 * the text of /proc/stat: its `cpu` line's user, nice, system, irq and softirq ticks (idle and
 * iowait are not busy; steal is time the host gave another machine; guest time is already
 * inside user).
 *
 * The whole machine, not this process's children: a process that outlives its parent (a
 * server's engine, a browser's helpers killed with their parent) is counted too, which a
 * child's rusage misses. On a CI machine the run is all that runs.
 */
export function busySeconds(procStat: string): number {
  const line = procStat.split('\n').find((row) => row.startsWith('cpu '));
  if (!line) throw new Error('The text has no "cpu" line: it is not /proc/stat.');
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  if (ticks.length < 8 || ticks.some((tick) => !Number.isFinite(tick))) {
    throw new Error('The "cpu" line of /proc/stat has fewer than eight numbers.');
  }
  // The length is checked above; the defaults only satisfy the type of a list's items.
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = ticks;
  return (user + nice + system + irq + softirq) / TICKS_PER_SECOND;
}

/** The machine's busy processor seconds so far; undefined where /proc is absent (macOS). */
export function readBusySeconds(): number | undefined {
  try {
    return busySeconds(readFileSync('/proc/stat', 'utf8'));
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
