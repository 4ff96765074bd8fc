// Goals' calls (issue 25; functions/routes/admin/goals.ts) on the admin's HTTP layer: the
// list and a goal's breakdown (everyone with analytics), adding and deleting goals and
// setting the funnel (publishers and admins).
import {
  goalBreakdownSchema,
  goalFunnelSchema,
  goalListSchema,
  goalSchema,
  type CreateGoalRequest,
  type GoalBreakdown,
} from '../../../../functions/shared/analytics.ts';
import { noContent, request } from '../api.ts';
import type { DayRange } from './format.ts';

export const GOALS_KEY = ['/api/admin/goals'] as const;

export const listGoals = () =>
  request(goalListSchema, 'GET', GOALS_KEY[0]).then((answer) => answer.goals);

export const addGoal = (body: CreateGoalRequest) => request(goalSchema, 'POST', GOALS_KEY[0], body);

export const deleteGoal = (id: string) =>
  request(noContent, 'DELETE', `${GOALS_KEY[0]}/${encodeURIComponent(id)}`);

/** The funnel from goals: its ids in order, [] for the default funnel (any role reads it). */
export const setGoalFunnel = (goalIds: string[]) =>
  request(goalFunnelSchema, 'PUT', `${GOALS_KEY[0]}/funnel`, { goalIds }).then(
    (answer) => answer.goalIds,
  );

export const breakdownKey = (id: string, range: DayRange) =>
  [GOALS_KEY[0], id, 'breakdown', range.from, range.to] as const;

/** One goal per page and per source over a range (GET /api/admin/goals/:id/breakdown). */
export async function fetchGoalBreakdown(id: string, range: DayRange): Promise<GoalBreakdown> {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  return request(
    goalBreakdownSchema,
    'GET',
    `${GOALS_KEY[0]}/${encodeURIComponent(id)}/breakdown?${query}`,
  );
}
