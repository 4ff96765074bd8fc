// Goals (issue 25, docs/decisions/0159-goals.md): what the team counts as a conversion besides a
// lead: an event type, or views of pages whose path matches a pattern. Their figures come
// from the daily counters (functions/data/analytics.ts); this module keeps the definitions.
//
// Access patterns and keys (functions/data/keys.ts):
//   every goal ..... Query   pk=GOALS
//   one goal ....... Put / Delete  pk=GOALS  sk=<id>
//   the funnel ..... Put           pk=GOALS  sk=FUNNEL   (read with the goals: one query)
// The funnel (docs/decisions/0160-goal-breakdowns-and-funnels.md) is the goals' ids in
// order; a goal deleted since drops out when read, and fewer than two left is no funnel.
import { randomUUID } from 'node:crypto';
import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, InvalidError, NotFoundError } from '../lib/domain-errors.ts';
import {
  GOAL_FUNNEL_MIN_STEPS,
  MAX_GOALS,
  type CreateGoalRequest,
  type Goal,
} from '../shared/analytics.ts';
import { auditItem } from './audit.ts';
import { keys } from './keys.ts';
import { isConditionalFailure, putNew, TableRepository } from './table.ts';

/** The funnel's sort key under GOALS: goal ids are UUIDs, so no goal is FUNNEL. */
const FUNNEL = 'FUNNEL';

export class GoalRepository extends TableRepository {
  async list(): Promise<Goal[]> {
    return (await this.listWithFunnel()).goals;
  }

  /** The goals and the funnel's goal ids in order ([] for the default funnel): one query. */
  async listWithFunnel(): Promise<{ goals: Goal[]; funnel: string[] }> {
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
      .map((item) => ({
        id: String(item['id']),
        name: String(item['name']),
        kind: item['kind'] as Goal['kind'],
        match: String(item['match']),
        createdAt: String(item['createdAt']),
        createdBy: String(item['createdBy']),
      }))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.name.localeCompare(b.name));
    const stored = items.find((item) => item['sk'] === FUNNEL)?.['goalIds'];
    const known = new Set(goals.map((goal) => goal.id));
    const steps = Array.isArray(stored) ? stored.map(String).filter((id) => known.has(id)) : [];
    return { goals, funnel: steps.length >= GOAL_FUNNEL_MIN_STEPS ? steps : [] };
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
    await this.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: this.table,
              Item: {
                ...keys.goal(FUNNEL),
                goalIds,
                updatedAt: now.toISOString(),
                updatedBy: actor.email,
              },
            },
          },
          auditItem(this.table, now, {
            actor: actor.email,
            action: 'goal-funnel',
            summary: names.length
              ? `Funnel built from goals: ${names.map((name) => `"${name}"`).join(' > ')}`
              : 'Funnel set back to the default',
            ...(actor.ip ? { ip: actor.ip } : {}),
          }).put,
        ],
      }),
    );
    return goalIds;
  }

  async create(
    body: CreateGoalRequest,
    actor: { email: string; ip?: string | undefined },
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
      createdAt: now.toISOString(),
      createdBy: actor.email,
    };
    await this.db.send(
      new TransactWriteCommand({
        TransactItems: [
          putNew(this.table, { ...keys.goal(goal.id), ...goal }),
          auditItem(this.table, now, {
            actor: actor.email,
            action: 'goal-create',
            summary: `Goal "${goal.name}" (${goal.kind} ${goal.match}) added`,
            ...(actor.ip ? { ip: actor.ip } : {}),
          }).put,
        ],
      }),
    );
    return goal;
  }

  async delete(id: string, actor: { email: string; ip?: string | undefined }): Promise<void> {
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: this.table,
                Key: keys.goal(id),
                ConditionExpression: 'attribute_exists(pk)',
              },
            },
            auditItem(this.table, this.now(), {
              actor: actor.email,
              action: 'goal-delete',
              summary: `Goal ${id} deleted`,
              ...(actor.ip ? { ip: actor.ip } : {}),
            }).put,
          ],
        }),
      );
    } catch (error) {
      if (isConditionalFailure(error)) throw new NotFoundError('Goal not found');
      throw error;
    }
  }
}
