// An experiment's drafts (docs/decisions/0150-experiment-model.md): a draft is created (its
// variants copies of the live page unless given content), changed and deleted; and the one
// revisioned write every change of an experiment goes through (replace), with its webhook
// events. Starting, pausing and ending are the layer above (functions/data/experiments/lifecycle.ts).
import type { WebhookEventInput } from '../../shared/webhooks.ts';
import { randomUUID } from 'node:crypto';
import type { LandingContent } from '../../shared/landing-content.ts';
import { VARIANT_IDS, type CreateExperimentRequest, type Goal } from '../../shared/experiments.ts';
import { GSI1PK, keys } from '../keys.ts';
import type { LandingPage } from '../landing-pages/page-item.ts';
import type { AuditPart } from '../audit-item.ts';
import { putNew, type TransactPart } from '../table.ts';
import { ExperimentNotFoundError, ExperimentStateError, StaleExperimentError } from './errors.ts';
import { variantHash, type ExperimentActor, type ExperimentItem } from './store.ts';
import { splitTranslationId } from '../../shared/translation-ids.ts';
import { ExperimentVariants } from './variants.ts';
import { DEFAULT_LOCALE } from '../../shared/locales.ts';

/** The webhook events of an experiment's change (issue 40): started from a draft, or stopped. */
function experimentEvents(
  current: ExperimentItem,
  next: ExperimentItem,
  by: string,
): WebhookEventInput[] {
  const data = {
    id: next.id,
    name: next.name,
    pageId: next.pageId,
    locale: next.locale ?? DEFAULT_LOCALE,
    by,
  };
  if (current.status === 'draft' && next.status === 'running') {
    return [{ type: 'experiment.started', data }];
  }
  if (current.status !== 'stopped' && next.status === 'stopped') {
    const winner = next.promotedVariantId;
    return [
      {
        type: 'experiment.ended',
        data: { ...data, ...(winner ? { promotedVariantId: winner } : {}) },
      },
    ];
  }
  return [];
}

/** The drafts layer of the experiments' repository (layers: functions/data/experiments/store.ts). */
export abstract class ExperimentDrafts extends ExperimentVariants {
  /**
   * A draft experiment on `page` (a landing page, or its version in a locale: the experiment
   * then runs in that locale); variants without content start as copies of its live content.
   */
  async create(
    page: LandingPage,
    body: Required<Pick<CreateExperimentRequest, 'name' | 'goal' | 'minDays' | 'minVisitors'>> &
      Pick<CreateExperimentRequest, 'hypothesis'> & {
        variants: { name: string; weight: number; content?: LandingContent | undefined }[];
      },
    actor: ExperimentActor,
  ): Promise<ExperimentItem> {
    const now = this.now();
    const at = now.toISOString();
    const id = randomUUID();
    const version = splitTranslationId(page.id);
    const item: ExperimentItem = {
      id,
      pageId: version ? version.pageId : page.id,
      ...(version ? { locale: version.locale } : {}),
      name: body.name,
      ...(body.hypothesis ? { hypothesis: body.hypothesis } : {}),
      goal: body.goal,
      status: 'draft',
      minDays: body.minDays,
      minVisitors: body.minVisitors,
      revision: 1,
      createdAt: at,
      createdBy: actor.email,
      variants: body.variants.map((variant, index) => ({
        id: VARIANT_IDS[index]!,
        name: variant.name,
        weight: variant.weight,
      })),
    };
    const variantItems = body.variants.slice(1).map((variant, index) => {
      const content = variant.content ?? page.content;
      const variantId = VARIANT_IDS[index + 1]!;
      return {
        ...keys.variant(id, variantId),
        experimentId: id,
        variantId,
        content,
        revision: 1,
        contentHash: variantHash(content),
        // A variant handed in with its own content was written by its creator; a copy of
        // the live page was written by whoever published that.
        authors: variant.content ? [actor.email] : [],
        updatedAt: at,
        updatedBy: actor.email,
      };
    });
    await this.transact({
      items: [
        putNew(this.table, this.experimentItem(item)),
        ...variantItems.map((variant) => putNew(this.table, variant)),
      ],
      audit: this.audit(
        now,
        actor,
        'experiment-create',
        `${item.name}: created (draft)${item.locale ? ` on the ${item.locale} version` : ''}`,
        item.pageId,
      ),
    });
    return item;
  }

  protected experimentItem(item: ExperimentItem) {
    return {
      ...keys.experiment(item.id),
      gsi1pk: GSI1PK.experiments,
      gsi1sk: `${item.pageId}#${item.createdAt}`,
      ...item,
    };
  }

  /**
   * Replaces the experiment item if it is still at `current`'s revision, with `more` parts and
   * the audit entry in the same transaction. A refusal is a stale revision when the experiment
   * moved on, not found when it is gone, else what `refused` makes of it (by default: changed
   * meanwhile).
   */
  protected async replace(
    current: ExperimentItem,
    next: ExperimentItem,
    more: TransactPart[],
    audit: AuditPart,
    refused: () => Promise<Error> = async () =>
      new ExperimentStateError('The experiment changed meanwhile; reload it and try again'),
  ): Promise<void> {
    await this.transact({
      items: [
        {
          Put: {
            TableName: this.table,
            Item: this.experimentItem(next),
            ConditionExpression: 'revision = :revision',
            ExpressionAttributeValues: { ':revision': current.revision },
          },
        },
        ...more,
      ],
      audit,
      // The actor as its audit entry names them.
      events: experimentEvents(current, next, String(audit.Put.Item['actor'] ?? '')),
      onConflict: async () => {
        const latest = await this.item(current.id);
        if (!latest) return new ExperimentNotFoundError();
        if (latest.revision !== current.revision)
          return new StaleExperimentError(
            'experiment',
            current.revision,
            latest.revision,
            'someone',
          );
        return refused();
      },
    });
    this.forgetRunning();
  }

  /** A draft's settings and its variants' names and shares. */
  async update(
    id: string,
    patch: {
      name?: string | undefined;
      hypothesis?: string | undefined;
      goal?: Goal | undefined;
      minDays?: number | undefined;
      minVisitors?: number | undefined;
      variants?: { name: string; weight: number }[] | undefined;
      revision: number;
    },
    actor: ExperimentActor,
  ): Promise<ExperimentItem> {
    const current = await this.required(id);
    if (current.revision !== patch.revision) {
      throw new StaleExperimentError(
        'experiment',
        patch.revision,
        current.revision,
        current.createdBy,
      );
    }
    if (current.status !== 'draft') {
      throw new ExperimentStateError(
        'Only a draft experiment can be changed: its visitors were counted with these settings',
      );
    }
    if (patch.variants && patch.variants.length !== current.variants.length) {
      throw new ExperimentStateError(
        `The experiment has ${current.variants.length} variants: send all of them, in order`,
        { variants: [`must have ${current.variants.length} items`] },
      );
    }
    const next: ExperimentItem = {
      ...current,
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.hypothesis !== undefined ? { hypothesis: patch.hypothesis } : {}),
      ...(patch.goal !== undefined ? { goal: patch.goal } : {}),
      ...(patch.minDays !== undefined ? { minDays: patch.minDays } : {}),
      ...(patch.minVisitors !== undefined ? { minVisitors: patch.minVisitors } : {}),
      ...(patch.variants
        ? {
            variants: current.variants.map((variant, index) => ({
              ...variant,
              name: patch.variants![index]!.name,
              weight: patch.variants![index]!.weight,
            })),
          }
        : {}),
      revision: current.revision + 1,
    };
    await this.replace(
      current,
      next,
      [],
      this.audit(
        this.now(),
        actor,
        'experiment-update',
        `${next.name}: settings changed`,
        current.pageId,
      ),
    );
    return next;
  }

  /** Deletes a draft with its variants (an experiment that ran keeps its results). */
  async deleteDraft(id: string, actor: ExperimentActor): Promise<void> {
    const experiment = await this.required(id);
    if (experiment.status !== 'draft') {
      throw new ExperimentStateError(
        'Only a draft can be deleted: an experiment that ran keeps its results',
      );
    }
    const { variants, signatures } = await this.parts(id);
    await this.transact({
      items: [
        {
          Delete: {
            TableName: this.table,
            Key: keys.experiment(id),
            ConditionExpression: 'revision = :revision AND #status = :draft',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':revision': experiment.revision, ':draft': 'draft' },
          },
        },
        ...[...variants.keys()].map((variantId) => ({
          Delete: { TableName: this.table, Key: keys.variant(id, variantId) },
        })),
      ],
      audit: this.audit(
        this.now(),
        actor,
        'experiment-delete',
        `${experiment.name}: deleted (draft)`,
        experiment.pageId,
      ),
    });
    // Signatures of a deleted draft are records of what was signed: kept, like a page's.
    void signatures;
  }
}
