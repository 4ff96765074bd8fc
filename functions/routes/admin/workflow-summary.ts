// GET /api/admin/workflow: each page's working copy state and schedules, for the Pages
// list (issue 23: "The Pages list shows scheduled times"). Any signed-in role may read it,
// as it may read the pages.
import { Hono } from 'hono';
import { createFactory } from 'hono/factory';
import { requireAdmin } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import type { WorkflowSummaries } from '../../shared/workflow.ts';

const { createHandlers } = createFactory<AppEnv>();

const getSummaries = createHandlers(async (c) => {
  const { pages, workflow } = c.get('services');
  const ids = (await pages.list()).map((page) => page.id);
  return c.json<WorkflowSummaries>(await workflow.summaries(ids));
});

export const workflowSummary = new Hono<AppEnv>().use(requireAdmin).get('/', ...getSummaries);
