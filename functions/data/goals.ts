// Goals (issue 25, docs/decisions/0159-goals.md): what the team counts as a conversion besides a
// lead: an event type, or views of pages whose path matches a pattern. Their figures come
// from the daily counters (functions/data/analytics/); this module keeps the definitions.
//
// Access patterns and keys (functions/data/keys.ts):
//   every goal ..... Query   pk=GOALS
//   one goal ....... Put / Delete  pk=GOALS  sk=<id>
//   the funnel ..... Put           pk=GOALS  sk=FUNNEL   (read with the goals: one query)
// The funnel (docs/decisions/0160-goal-breakdowns-and-funnels.md) is the goals' ids in
// order; fewer than two is the default funnel. It is counted in order as events arrive
// (docs/decisions/0411-funnels-in-order.md), under a version each change renews (deleting a
// goal of the funnel is a change), so the writers read it too: cached for FUNNEL_CACHE_MS.
// A form or file goal (docs/decisions/0412-form-and-file-goals.md) keeps its form's or
// file's id, and its title when the goal was made.
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, InvalidError, NotFoundError } from '../core/domain-errors.ts';
import {
  GOAL_FUNNEL_MIN_STEPS,
  MAX_GOALS,
  type CreateGoalRequest,
  type Goal,
} from '../shared/analytics.ts';
import { auditActor } from './audit.ts';
import { DEFAULT_FUNNEL_STEPS, type FunnelDefinition } from './funnel.ts';
import { keys } from './keys.ts';
import { putNew, TableRepository } from './table.ts';

/** The funnel's sort key under GOALS: goal ids are UUIDs, so no goal is FUNNEL. */
const FUNNEL = 'FUNNEL';
/** How long a process counts events against its copy of the funnel (as the page resolver). */
export const FUNNEL_CACHE_MS = 30_000;

/** The goals, the funnel's goal ids in order ([] for the default), and the funnel counted. */
export interface GoalsWithFunnel {
  goals: Goal[];
  funnel: string[];
  definition: FunnelDefinition;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

export class GoalRepository extends TableRepository {
  private cached: { definition: FunnelDefinition; until: number } | undefined;

  async list(): Promise<Goal[]> {
    return (await this.listWithFunnel()).goals;
  }

  /**
   * The funnel events are counted against (events.ts), read at most once per FUNNEL_CACHE_MS
   * by a process; this process's own changes take effect at once.
   */
  async funnelDefinition(): Promise<FunnelDefinition> {
    const at = this.now().getTime();
    if (this.cached && this.cached.until > at) return this.cached.definition;
    const { definition } = await this.listWithFunnel();
    this.cached = { definition, until: at + FUNNEL_CACHE_MS };
    return definition;
  }

  /** The goals and the funnel: one query. */
  async listWithFunnel(): Promise<GoalsWithFunnel> {
    const result = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.goalsPartition() },
        ConsistentRead: true,
      }),
    );
    const items = result.Items ?? [];
    const goals = items
      .filter((item) => item['sk'] !== FUNNEL)
      .map((item): Goal => ({
        id: String(item['id']),
        name: String(item['name']),
        kind: item['kind'] as Goal['kind'],
        match: String(item['match']),
        ...(text(item['formId']) ? { formId: text(item['formId']) } : {}),
        ...(text(item['assetId']) ? { assetId: text(item['assetId']) } : {}),
        ...(text(item['targetName']) ? { targetName: text(item['targetName']) } : {}),
        createdAt: String(item['createdAt']),
        createdBy: String(item['createdBy']),
      }))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.name.localeCompare(b.name));
    const item = items.find((entry) => entry['sk'] === FUNNEL);
    const stored = item?.['goalIds'];
    const byId = new Map(goals.map((goal) => [goal.id, goal]));
    const known = Array.isArray(stored) ? stored.map(String).filter((id) => byId.has(id)) : [];
    const funnel = known.length >= GOAL_FUNNEL_MIN_STEPS ? known : [];
    // A funnel saved before versions existed counts under `legacy` from now on.
    const version = text(item?.['version']) ?? (funnel.length ? 'legacy' : 'default');
    const definition: FunnelDefinition = {
      version,
      since: text(item?.['since']) ?? null,
      steps: funnel.length
        ? funnel.map((id) => ({ kind: 'goal' as const, goal: byId.get(id)! }))
        : DEFAULT_FUNNEL_STEPS,
    };
    return { goals, funnel, definition };
  }

  /**
   * The funnel item for `goalIds` (already checked), with a new version: its counting starts
   * now (docs/decisions/0411-funnels-in-order.md).
   */
  private funnelItem(goalIds: string[], actor: string, now: Date) {
    return {
      ...keys.goal(FUNNEL),
      goalIds,
      version: randomUUID().replaceAll('-', '').slice(0, 10),
      since: now.toISOString(),
      updatedAt: now.toISOString(),
      updatedBy: actor,
    };
  }

  /**
   * Sets the funnel's goals (validated by goalFunnelSchema: none, or 2 to 5 distinct ids);
   * each must be a goal. Returns the funnel as read back.
   */
  async setFunnel(
    goalIds: string[],
    actor: { email: string; ip?: string | undefined },
  ): Promise<string[]> {
    const { goals } = await this.listWithFunnel();
    const known = new Set(goals.map((goal) => goal.id));
    const unknown = goalIds.flatMap((id, index) => (known.has(id) ? [] : [index]));
    if (unknown.length) {
      throw new InvalidError(
        unknown.length === 1
          ? `Step ${unknown[0]! + 1} of the funnel is not a goal (it may have been deleted)`
          : 'Some steps of the funnel are not goals (they may have been deleted)',
        Object.fromEntries(unknown.map((index) => [`goalIds.${index}`, ['is not a goal']])),
      );
    }
    const now = this.now();
    const names = goalIds.map((id) => goals.find((goal) => goal.id === id)!.name);
    await this.transact({
      now,
      items: [{ Put: { TableName: this.table, Item: this.funnelItem(goalIds, actor.email, now) } }],
      audit: {
        ...auditActor(actor),
        action: 'goal-funnel',
        summary: names.length
          ? `Funnel built from goals: ${names.map((name) => `"${name}"`).join(' > ')}`
          : 'Funnel set back to the default',
      },
    });
    this.cached = undefined;
    return goalIds;
  }

  /**
   * Adds a goal. `targetName`: the title of the form or the name of the file a form or file
   * goal names, which the caller has found (an unknown one is refused there).
   */
  async create(
    body: CreateGoalRequest,
    actor: { email: string; ip?: string | undefined },
    targetName?: string,
  ): Promise<Goal> {
    const existing = await this.list();
    if (existing.length >= MAX_GOALS) {
      throw new ConflictError(`There are ${MAX_GOALS} goals already: delete one first`);
    }
    if (existing.some((goal) => goal.name.toLowerCase() === body.name.trim().toLowerCase())) {
      throw new ConflictError(`A goal named "${body.name}" exists already`, {
        name: ['is already the name of another goal'],
      });
    }
    const now = this.now();
    const goal: Goal = {
      id: randomUUID(),
      name: body.name.trim(),
      kind: body.kind,
      match: body.match,
      ...(body.formId ? { formId: body.formId } : {}),
      ...(body.assetId ? { assetId: body.assetId } : {}),
      ...(targetName && (body.formId || body.assetId) ? { targetName } : {}),
      createdAt: now.toISOString(),
      createdBy: actor.email,
    };
    await this.transact({
      now,
      items: [putNew(this.table, { ...keys.goal(goal.id), ...goal })],
      audit: {
        ...auditActor(actor),
        action: 'goal-create',
        summary: `Goal "${goal.name}" (${goal.kind} ${goal.match}${goal.targetName ? `: ${goal.targetName}` : ''}) added`,
      },
    });
    return goal;
  }

  /**
   * Deletes a goal. A goal of the funnel leaves it in the same transaction: the funnel's
   * other goals (the default funnel under two) start a new count, on the condition that the
   * funnel is still the one read (else a ConflictError: try again).
   */
  async delete(id: string, actor: { email: string; ip?: string | undefined }): Promise<void> {
    const now = this.now();
    const { funnel, definition } = await this.listWithFunnel();
    const rest = funnel.filter((step) => step !== id);
    const funnelPut =
      rest.length === funnel.length
        ? []
        : [
            {
              Put: {
                TableName: this.table,
                Item: this.funnelItem(
                  rest.length >= GOAL_FUNNEL_MIN_STEPS ? rest : [],
                  actor.email,
                  now,
                ),
                // `version` may be a reserved word: named through a placeholder.
                ExpressionAttributeNames: { '#version': 'version' },
                ...(definition.version === 'legacy'
                  ? { ConditionExpression: 'attribute_not_exists(#version)' }
                  : {
                      ConditionExpression: '#version = :version',
                      ExpressionAttributeValues: { ':version': definition.version },
                    }),
              },
            },
          ];
    try {
      await this.transact({
        now,
        items: [
          {
            Delete: {
              TableName: this.table,
              Key: keys.goal(id),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          ...funnelPut,
        ],
        audit: { ...auditActor(actor), action: 'goal-delete', summary: `Goal ${id} deleted` },
        onConflict: async () =>
          funnelPut.length && (await this.list()).some((goal) => goal.id === id)
            ? new ConflictError('The funnel changed while this goal was deleted: try again')
            : new NotFoundError('Goal not found'),
      });
    } finally {
      if (funnelPut.length) this.cached = undefined;
    }
  }
}
