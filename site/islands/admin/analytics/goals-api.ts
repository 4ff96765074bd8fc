// Goals' calls (issue 25; functions/routes/admin/goals.ts) on the admin's HTTP layer: the
// list (everyone with analytics), adding and deleting (publishers and admins).
import type { CreateGoalRequest, Goal } from '../../../../functions/shared/analytics.ts';
import { request } from '../api.ts';

export const GOALS_KEY = ['/api/admin/goals'] as const;

export const listGoals = () =>
  request<{ goals: Goal[] }>('GET', GOALS_KEY[0]).then((answer) => answer.goals);

export const addGoal = (body: CreateGoalRequest) => request<Goal>('POST', GOALS_KEY[0], body);

export const deleteGoal = (id: string) =>
  request<null>('DELETE', `${GOALS_KEY[0]}/${encodeURIComponent(id)}`);
