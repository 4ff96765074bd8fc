// AWS: scheduled publishes and unpublishes (functions/publishing/scheduler.ts), review-by
// reminders and expiries (functions/publishing/lifecycle.ts), the weekly
// report when it is due (functions/reports/weekly.ts), the deletion of ended experiments'
// visitor keys (functions/data/experiments/counters.ts) and the reminders about leads still new after
// the SLA (functions/mail/lead-reminder.ts), run every minute by an EventBridge
// rule (infra/constructs/schedules.ts). A run that fails throws,
// so the function's Errors metric (and its alarm) counts it; the next run tries again.
import '../lib/zod-jitless.ts'; // first, before any module builds a schema
import { dynamoTarget } from '../data/dynamo.ts';
import { loadConfig } from '../env.ts';
import { jsonLogger } from '../core/logger.ts';
import { sourceStack } from '../lib/stack-trace.ts';
import { createServices } from '../services.ts';
import { runDueSchedules } from './scheduler.ts';
import { runLifecycle } from './lifecycle.ts';
import { runWeeklyReport } from '../reports/weekly.ts';
import { runLeadReminders } from '../mail/lead-reminder.ts';

const config = loadConfig();
const log = jsonLogger(config.env.LOG_LEVEL);
const services = createServices(config, dynamoTarget(config), { log });

export const handler = async () => {
  const run = await runDueSchedules(services).catch((error: unknown) => {
    log.error('schedule run failed', { error: sourceStack(error) });
    throw error;
  });
  // A page's failure is counted and logged; the next run tries again.
  const lifecycle = await runLifecycle(services).catch((error: unknown) => {
    log.error('lifecycle run failed', { error: sourceStack(error) });
    return undefined;
  });
  // A failed report is logged (and tried again by the next run); it fails no publish.
  const report = await runWeeklyReport(services);
  // So is a failed sweep (the keys' TTL is the backstop).
  const sweep = await services.experiments.sweepEndedVisitors().catch((error: unknown) => {
    log.error('visitor keys of ended experiments not deleted', { error: sourceStack(error) });
    return undefined;
  });
  // A failed reminder run is logged too; the next run takes up the leads not yet claimed.
  const reminders = await runLeadReminders(services).catch((error: unknown) => {
    log.error('lead reminders not run', { error: sourceStack(error) });
    return undefined;
  });
  if (run.failed > 0) throw new Error(`${run.failed} scheduled change(s) failed; see the log`);
  if (lifecycle && lifecycle.failed > 0) {
    throw new Error(`${lifecycle.failed} lifecycle action(s) failed; see the log`);
  }
  return { ...run, lifecycle, report, sweep, reminders };
};
