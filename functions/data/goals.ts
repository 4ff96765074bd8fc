// Goals (issue 25, docs/decisions.md "Goals"): what the team counts as a conversion besides a
// lead: an event type, or views of pages whose path matches a pattern. Their figures come
// from the daily counters (functions/data/analytics.ts); this module keeps the definitions.
//
// Access patterns and keys (functions/data/keys.ts):
//   every goal ..... Query   pk=GOALS
//   one goal ....... Put / Delete  pk=GOALS  sk=<id>
import { randomUUID } from 'node:crypto';
import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError } from '../lib/domain-errors.ts';
import { MAX_GOALS, type CreateGoalRequest, type Goal } from '../shared/analytics.ts';
import { auditItem } from './audit.ts';
import { keys } from './keys.ts';
import { isConditionalFailure, putNew, TableRepository } from './table.ts';

export class GoalRepository extends TableRepository {
  async list(): Promise<Goal[]> {
    const result = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.goalsPartition() },
        ConsistentRead: true,
      }),
    );
    return (result.Items ?? [])
      .map((item) => ({
        id: String(item['id']),
        name: String(item['name']),
        kind: item['kind'] as Goal['kind'],
        match: String(item['match']),
        createdAt: String(item['createdAt']),
        createdBy: String(item['createdBy']),
      }))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.name.localeCompare(b.name));
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
