// An experiment's life after its draft (docs/decisions/0150-experiment-model.md): started (it
// takes the page's lock, so the live page, the control, cannot change while it runs; every
// variant needs its approvals first when the page does), paused and resumed, and ended (a
// variant may be promoted). Creating, changing and deleting a draft are the layer below
// (functions/data/experiments/drafts.ts).
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { CONTROL_ID, type VariantId } from '../../shared/experiments.ts';
import { keys } from '../keys.ts';
import type { LandingPage } from '../landing-pages/page-item.ts';
import { ExperimentStateError } from './errors.ts';
import { targetPageId, type ExperimentActor, type ExperimentItem } from './store.ts';
import { ExperimentDrafts } from './drafts.ts';

/** The lifecycle layer of the experiments' repository (layers: functions/data/experiments/store.ts). */
export abstract class ExperimentLifecycle extends ExperimentDrafts {
  /**
   * Starts a draft (or resumes a paused experiment). A draft takes the page's lock, so the
   * live page (the control) cannot change while the experiment runs; `approvalsRequired`
   * distinct current approvals are needed on every variant but the control.
   */
  async start(
    id: string,
    page: LandingPage,
    approvalsRequired: number,
    actor: ExperimentActor,
  ): Promise<ExperimentItem> {
    const current = await this.required(id);
    if (current.status === 'running')
      throw new ExperimentStateError('The experiment is already running');
    if (current.status === 'stopped') {
      throw new ExperimentStateError(
        'An ended experiment cannot start again: create a new one (its results stay here)',
      );
    }
    if (!page.isActive) {
      throw new ExperimentStateError(
        'The page is not live: publish it first, an experiment compares variants of a live page',
      );
    }
    if (current.status === 'draft' && approvalsRequired > 0) {
      const { variants, signatures } = await this.parts(id);
      const missing = current.variants
        .filter((meta) => meta.id !== CONTROL_ID)
        .filter((meta) => {
          const hash = variants.get(meta.id)?.contentHash;
          const signers = new Set(
            signatures
              .filter((s) => s.variantId === meta.id && s.contentHash === hash)
              .map((s) => s.signerEmail),
          );
          return signers.size < approvalsRequired;
        });
      if (missing.length) {
        throw new ExperimentStateError(
          `Every variant needs ${approvalsRequired} approval${approvalsRequired === 1 ? '' : 's'} of its current content before the experiment starts: ${missing.map((m) => m.name).join(', ')} ${missing.length === 1 ? 'does' : 'do'} not have ${approvalsRequired === 1 ? 'it' : 'them'} yet`,
        );
      }
    }
    const now = this.now();
    const at = now.toISOString();
    const next: ExperimentItem = {
      ...current,
      status: 'running',
      revision: current.revision + 1,
      ...(current.status === 'draft' ? { startedAt: at, controlRevision: page.revision } : {}),
    };
    delete next.pausedAt;
    const lock =
      current.status === 'draft'
        ? [
            {
              Put: {
                TableName: this.table,
                Item: { ...keys.experimentLock(page.id), experimentId: id, name: current.name, at },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            // The control is the page as read: a write since then fails the start.
            {
              ConditionCheck: {
                TableName: this.table,
                Key: keys.page(page.id),
                ConditionExpression: 'revision = :revision',
                ExpressionAttributeValues: { ':revision': page.revision },
              },
            },
          ]
        : [];
    await this.replace(
      current,
      next,
      lock,
      this.audit(
        now,
        actor,
        'experiment-start',
        `${current.name}: ${current.status === 'draft' ? 'started' : 'resumed'} on /${page.slug}`,
        current.pageId,
      ),
      async () => {
        const locked = await this.lockOf(page.id);
        if (locked && locked.experimentId !== id) {
          return new ExperimentStateError(
            `Another experiment ("${locked.name}") is running or paused on this page${current.locale ? `'s ${current.locale} version` : ''}: end it first`,
          );
        }
        return new ExperimentStateError('The page changed while the experiment started; try again');
      },
    );
    return next;
  }

  async pause(id: string, actor: ExperimentActor): Promise<ExperimentItem> {
    const current = await this.required(id);
    if (current.status !== 'running')
      throw new ExperimentStateError('Only a running experiment can be paused');
    const now = this.now();
    const next: ExperimentItem = {
      ...current,
      status: 'paused',
      pausedAt: now.toISOString(),
      revision: current.revision + 1,
    };
    await this.replace(
      current,
      next,
      [],
      this.audit(now, actor, 'experiment-pause', `${current.name}: paused`, current.pageId),
    );
    return next;
  }

  /** Ends a running or paused experiment (its results stay readable); frees the page. */
  async stop(
    id: string,
    actor: ExperimentActor,
    promoted?: { variantId: VariantId; name: string },
  ): Promise<ExperimentItem> {
    const current = await this.required(id);
    if (current.status === 'draft') {
      throw new ExperimentStateError('A draft has not started: delete it instead');
    }
    if (current.status === 'stopped' && (!promoted || current.promotedVariantId)) {
      throw new ExperimentStateError(
        current.promotedVariantId
          ? 'A variant of this experiment was promoted already'
          : 'The experiment has ended already',
      );
    }
    const now = this.now();
    const at = now.toISOString();
    const next: ExperimentItem = {
      ...current,
      status: 'stopped',
      stoppedAt: current.stoppedAt ?? at,
      revision: current.revision + 1,
      ...(promoted ? { promotedVariantId: promoted.variantId, promotedAt: at } : {}),
    };
    delete next.pausedAt;
    await this.replace(
      current,
      next,
      current.status === 'stopped'
        ? []
        : [
            {
              Delete: {
                TableName: this.table,
                Key: keys.experimentLock(targetPageId(current)),
                ConditionExpression: 'experimentId = :id',
                ExpressionAttributeValues: { ':id': id },
              },
            },
            // Its visitor keys serve no purpose any more: the next sweep deletes them.
            { Put: { TableName: this.table, Item: { ...keys.endedExperimentVisitors(id), at } } },
          ],
      this.audit(
        now,
        actor,
        promoted ? 'experiment-promote' : 'experiment-stop',
        promoted
          ? `${current.name}: ended, variant ${promoted.name} promoted`
          : `${current.name}: ended`,
        current.pageId,
      ),
    );
    return next;
  }

  /** The experiment holding a page's lock, if any. */
  async lockOf(pageId: string): Promise<{ experimentId: string; name: string } | undefined> {
    const result = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: keys.experimentLock(pageId),
        ConsistentRead: true,
      }),
    );
    return result.Item as { experimentId: string; name: string } | undefined;
  }
}
