// Reading experiments for the admin (docs/decisions/0150-experiment-model.md): an experiment
// with every variant's content and approvals, and the lists, as the API shows them. The
// control is the page's live version: it has no variant item, its content and hash are the
// live page's.
import type { LandingContent } from '../../shared/landing-content.ts';
import { DEFAULT_LOCALE } from '../../shared/locales.ts';
import {
  CONTROL_ID,
  type Experiment,
  type ExperimentDetail,
  type Variant,
  type VariantId,
} from '../../shared/experiments.ts';
import { ExperimentCounters } from './counters.ts';
import {
  targetPageId,
  variantHash,
  type ExperimentItem,
  type SignatureRecord,
  type VariantItem,
} from './store.ts';

/** The reading layer of the experiments' repository (layers: functions/data/experiments/store.ts). */
export abstract class ExperimentReading extends ExperimentCounters {
  /** The experiment with every variant's content (the control's is the page's `live`). */
  async get(
    id: string,
    live: LandingContent,
    approvalsRequired: number,
  ): Promise<ExperimentDetail> {
    const item = await this.required(id);
    return this.detail(item, live, approvalsRequired);
  }

  /**
   * The id of the page an experiment runs on (for the route, which then reads it): the
   * page's, or its version's in the experiment's locale (`<page id>.<locale>`).
   */
  async pageIdOf(id: string): Promise<string> {
    return targetPageId(await this.required(id));
  }

  private async detail(
    item: ExperimentItem,
    live: LandingContent,
    approvalsRequired: number,
  ): Promise<ExperimentDetail> {
    const parts = await this.parts(item.id);
    const liveHash = variantHash(live);
    return {
      ...summary(item, approvalsRequired),
      variants: item.variants.map((meta) => ({
        ...variantOf(item, meta, parts, liveHash),
        content: parts.variants.get(meta.id)?.content ?? live,
      })),
    };
  }

  /**
   * Experiments of a page (or every one), newest first, without contents (so without the
   * control's hash: the live page is not read for a list).
   */
  async list(pageId: string | undefined, approvalsRequired: number): Promise<Experiment[]> {
    const items = await this.all(pageId);
    return Promise.all(
      items.map(async (item) => {
        const parts = await this.parts(item.id);
        return {
          ...summary(item, approvalsRequired),
          variants: item.variants.map((meta) => variantOf(item, meta, parts, '')),
        };
      }),
    );
  }
}

/**
 * A variant as the API shows it: its stored item (the control has none: its revision and
 * dates are the experiment's, its hash `controlHash`), and its approvals, current while they
 * sign its present content.
 */
function variantOf(
  item: ExperimentItem,
  meta: ExperimentItem['variants'][number],
  parts: { variants: Map<VariantId, VariantItem>; signatures: SignatureRecord[] },
  controlHash: string,
): Variant {
  const stored = parts.variants.get(meta.id);
  const hash = stored?.contentHash ?? controlHash;
  return {
    id: meta.id,
    name: meta.name,
    weight: meta.weight,
    control: meta.id === CONTROL_ID,
    revision: stored?.revision ?? item.revision,
    contentHash: hash,
    updatedAt: stored?.updatedAt ?? item.createdAt,
    updatedBy: stored?.updatedBy ?? item.createdBy,
    authors: stored?.authors ?? [],
    approvals: parts.signatures
      .filter((s) => s.variantId === meta.id)
      .map(({ variantId: _variantId, ...record }) => ({
        ...record,
        current: hash !== '' && record.contentHash === hash,
      }))
      .reverse(),
  };
}

/** The experiment's fields of the API's answer, without its variants. */
function summary(item: ExperimentItem, approvalsRequired: number): Omit<Experiment, 'variants'> {
  return {
    id: item.id,
    pageId: item.pageId,
    locale: item.locale ?? DEFAULT_LOCALE,
    name: item.name,
    ...(item.hypothesis ? { hypothesis: item.hypothesis } : {}),
    goal: item.goal,
    status: item.status,
    minDays: item.minDays,
    minVisitors: item.minVisitors,
    revision: item.revision,
    createdAt: item.createdAt,
    createdBy: item.createdBy,
    ...(item.startedAt ? { startedAt: item.startedAt } : {}),
    ...(item.pausedAt ? { pausedAt: item.pausedAt } : {}),
    ...(item.stoppedAt ? { stoppedAt: item.stoppedAt } : {}),
    ...(item.promotedVariantId ? { promotedVariantId: item.promotedVariantId } : {}),
    ...(item.promotedAt ? { promotedAt: item.promotedAt } : {}),
    ...(item.controlRevision ? { controlRevision: item.controlRevision } : {}),
    approvalsRequired,
  };
}
