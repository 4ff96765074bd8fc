// Serving experiments (docs/decisions/0151-experiment-serving.md,
// docs/decisions/0320-experiment-visitor-key.md): what the site build and the event route
// need of the running experiments, read from the index and cached per instance for
// RUNNING_CACHE_MS, and the install secret that keys the assignment (the edge's and the
// server's).
import type { Goal, VariantId } from '../../shared/experiments.ts';
import { InstallSecrets } from '../install-secrets.ts';
import { ExperimentStore } from './store.ts';

/** How long an instance trusts its list of running experiments (the event route's reads). */
export const RUNNING_CACHE_MS = 10_000;
/** The install secret that keys the assignment (the edge's and the server's). */
export const ASSIGNMENT_SECRET = 'experiment-assignment';

/** What the build and the event route need of a running experiment. */
export interface RunningExperiment {
  id: string;
  /** The landing page's own id. */
  pageId: string;
  /** The locale of the version it runs on (issue 39); absent: the default locale's. */
  locale?: string;
  goal: Goal;
  variants: { id: VariantId; weight: number }[];
}

/** The instance's cache of running experiments, per table (shared by every repository). */
const runningCache = new Map<string, { at: number; value: Promise<RunningExperiment[]> }>();

/** The serving layer of the experiments' repository (layers: functions/data/experiments/store.ts). */
export abstract class ExperimentServing extends ExperimentStore {
  private readonly secrets = new InstallSecrets(this.db, this.table, this.now);

  /**
   * The assignment secret as the edge keys its HMAC with (64 hex digits): the build writes
   * the same into the edge's store (functions/site-data/store.ts).
   */
  async assignmentSecret(): Promise<string> {
    return (await this.secrets.get(ASSIGNMENT_SECRET)).toString('hex');
  }

  /** Running experiments (not paused ones: a paused experiment serves only its control). */
  async running(): Promise<RunningExperiment[]> {
    const items = await this.all();
    return items
      .filter((item) => item.status === 'running')
      .map((item) => ({
        id: item.id,
        pageId: item.pageId,
        ...(item.locale ? { locale: item.locale } : {}),
        goal: item.goal,
        variants: item.variants.map(({ id, weight }) => ({ id, weight })),
      }));
  }

  /**
   * The running experiment of a page's default-locale version, from this instance's cache of
   * running experiments. A localized one's pages name their experiment with every event
   * (runningById): their events carry the page's own id too.
   */
  async runningFor(pageId: string): Promise<RunningExperiment | undefined> {
    const cached = runningCache.get(this.table);
    const now = Date.now();
    let value = cached && now - cached.at < RUNNING_CACHE_MS ? cached.value : undefined;
    if (!value) {
      value = this.running();
      value.catch(() => runningCache.delete(this.table));
      runningCache.set(this.table, { at: now, value });
    }
    return (await value).find(
      (experiment) => experiment.pageId === pageId && experiment.locale === undefined,
    );
  }

  /** A running experiment by id, from the same cache. */
  async runningById(id: string): Promise<RunningExperiment | undefined> {
    await this.runningFor('');
    return (await runningCache.get(this.table)?.value)?.find((experiment) => experiment.id === id);
  }

  protected forgetRunning() {
    runningCache.delete(this.table);
  }
}
