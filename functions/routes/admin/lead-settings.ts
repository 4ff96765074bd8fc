// /api/admin/settings/leads (issue 26, docs/decisions/0180-lead-routing-settings.md): who is
// e-mailed for new leads and where the CRM webhook points, changed without a restart;
// admins only (the accounts permission). The webhook's secret is write-only: no answer
// holds it, the audit entry says only that it changed.
//   GET  /             the settings in effect (saved, else the environment's defaults)
//   PUT  /             saves them (audited); applies at once here, within seconds elsewhere
//   POST /test         a signed lead.test delivery; answers what the receiver said
//   GET  /deliveries   the last 20 deliveries (leads and tests)
// Issue 35: the owner assignment rules (docs/decisions/0390-lead-assignment-rules.md) and the
// SLA reminder's hours (docs/decisions/0391-lead-sla-reminder.md). A rule's owners must be
// active accounts whose role works leads and its form a form of the site: a 400 naming the
// rule's field (`assignment.1.owners.0`) otherwise. A rule without an id gets one here.
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { requirePermission } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ApiError } from '../../lib/errors.ts';
import {
  DELIVERY_LOG_SIZE,
  deliveryLogSchema,
  leadSettingsInputSchema,
  leadSettingsSchema,
  webhookTestResultSchema,
  webhookTestSchema,
  type DeliveryLog,
  type LeadSettings,
  type LeadSettingsChange,
  type WebhookTestResult,
} from '../../shared/leads/settings.ts';
import type { StoredLeadSettings } from '../../data/lead-settings.ts';
import { mayOwnLeads, OWNER_PROBLEM } from '../support/lead-owners.ts';
import type { AssignmentRule } from '../../shared/leads/settings.ts';
import { describeRule } from '../../webhooks/lead-assignment.ts';
import { secretKey } from '../../webhooks/signing.ts';
import { checkWebhookUrl, guardModeOf } from '../../webhooks/url-guard.ts';
import { actorOf } from '../support/actor.ts';
import { defineRoute, mount } from '../support/define-route.ts';

/** A 400 naming one field, with the sentence the admin's form shows beside it. */
const fieldError = (field: string, problem: string) =>
  new ApiError(400, 'validation_failed', `Invalid request: ${field} ${problem}`, {
    [field]: [problem],
  });

const hostOf = (url: string | null) => (url ? new URL(url).host : undefined);
const list = (addresses: string[]) => (addresses.length ? addresses.join(', ') : 'nobody');

/** The audit line: what changed, never the secret, and only the webhook's host. */
function summary(
  before: Awaited<ReturnType<AppEnv['Variables']['services']['leadRouting']['view']>>,
  after: Omit<StoredLeadSettings, 'updatedAt' | 'updatedBy'>,
  newSecret: boolean,
): string {
  const parts: string[] = [];
  if (list(before.recipients) !== list(after.recipients)) {
    parts.push(`recipients ${list(after.recipients)}`);
  }
  const forms = (routes: Record<string, string[]>) =>
    Object.entries(routes)
      .map(([form, to]) => `${form} → ${to.join(', ')}`)
      .sort()
      .join('; ');
  if (forms(before.perForm) !== forms(after.perForm)) {
    parts.push(`per-form recipients ${forms(after.perForm) || 'none'}`);
  }
  if (
    hostOf(before.webhook.url) !== hostOf(after.webhook.url) ||
    before.webhook.url !== after.webhook.url
  ) {
    parts.push(
      `webhook URL ${after.webhook.url ? `to host ${hostOf(after.webhook.url)}` : 'removed'}`,
    );
  }
  if (before.webhook.enabled !== after.webhook.enabled) {
    parts.push(`webhook ${after.webhook.enabled ? 'on' : 'off'}`);
  }
  const rules = (list: AssignmentRule[]) =>
    list.map((rule, index) => `${describeRule(rule, index + 1)} → ${rule.owners.join(', ')}`);
  if (JSON.stringify(rules(before.assignment)) !== JSON.stringify(rules(after.assignment))) {
    parts.push(
      after.assignment.length
        ? `assignment ${rules(after.assignment).join('; ')}`
        : 'assignment rules removed',
    );
  }
  if (before.slaHours !== after.slaHours) {
    parts.push(after.slaHours ? `SLA reminder after ${after.slaHours} hours` : 'SLA reminder off');
  }
  if (newSecret) parts.push('new signing secret');
  return `Lead routing saved: ${parts.length ? parts.join(', ') : 'no changes'}`;
}

/**
 * The rules as stored: each with its id (a new one for a rule that has none). A 400 names
 * every owner that is not an active account working leads and every form the site lacks.
 */
async function checkedRules(
  c: Context<AppEnv>,
  rules: LeadSettingsChange['assignment'],
): Promise<AssignmentRule[]> {
  const services = c.get('services');
  const problems: Record<string, string[]> = {};
  const forms = new Set((await services.forms.list()).map((form) => form.id));
  const accounts = new Map<string, boolean>();
  for (const [index, rule] of rules.entries()) {
    if (rule.formId && !forms.has(rule.formId)) {
      problems[`assignment.${index}.formId`] = ['is not a form of this site'];
    }
    for (const [position, owner] of rule.owners.entries()) {
      if (!accounts.has(owner)) {
        const account = await services.admins.get(owner);
        accounts.set(owner, mayOwnLeads(account));
      }
      if (!accounts.get(owner))
        problems[`assignment.${index}.owners.${position}`] = [OWNER_PROBLEM];
    }
  }
  const [first] = Object.entries(problems);
  if (first) {
    throw new ApiError(
      400,
      'validation_failed',
      `Invalid request: ${first[0]} ${first[1][0]}`,
      problems,
    );
  }
  return rules.map((rule) => ({ ...rule, id: rule.id ?? randomUUID().slice(0, 8) }));
}

export const getLeadSettings = defineRoute(
  {
    method: 'get',
    path: '/',
    permission: 'accounts',
    summary: "The lead routing settings in effect (saved, else the environment's defaults)",
    responses: { 200: leadSettingsSchema },
  },
  async (c) => c.json<LeadSettings>(await c.get('services').leadRouting.view()),
);

export const putLeadSettings = defineRoute(
  {
    method: 'put',
    path: '/',
    permission: 'accounts',
    summary: 'Saves the lead routing settings: recipients, the CRM webhook, assignment rules, SLA',
    request: { json: leadSettingsInputSchema },
    responses: { 200: leadSettingsSchema },
  },
  async (c, { json }) => {
    const services = c.get('services');
    const change: LeadSettingsChange = json;
    const routing = services.leadRouting;
    const mode = guardModeOf(services.config);
    if (change.webhook.url) {
      const problem = await checkWebhookUrl(change.webhook.url, mode);
      if (problem) throw fieldError('webhook.url', problem);
    }
    const assignment = await checkedRules(c, change.assignment);
    const before = await routing.view();
    const stored = await services.leadSettings.get();
    let secretCiphertext = stored?.webhook.secretCiphertext;
    if (change.webhook.secret) {
      if (!routing.box) {
        throw fieldError(
          'webhook.secret',
          'cannot be kept on this server: no encryption key is configured (LEAD_SETTINGS_KMS_KEY or LEAD_SETTINGS_KEY)',
        );
      }
      secretCiphertext = await routing.box.encrypt(change.webhook.secret);
    }
    const secretAvailable = Boolean(secretCiphertext ?? services.config.env.LEAD_WEBHOOK_SECRET);
    if (change.webhook.enabled && !secretAvailable) {
      throw fieldError('webhook.secret', 'is required while the webhook is on');
    }
    const next = {
      recipients: change.recipients,
      perForm: change.perForm,
      webhook: {
        url: change.webhook.url,
        enabled: change.webhook.enabled,
        ...(secretCiphertext ? { secretCiphertext } : {}),
      },
      assignment,
      slaHours: change.slaHours,
    };
    await services.leadSettings.put(
      next,
      actorOf(c),
      summary(before, next, Boolean(change.webhook.secret)),
    );
    // This process applies it at once; the others within the cache's few seconds.
    routing.invalidate();
    // Switched on: deliveries that waited go now (the local drainer; in AWS its next run).
    services.leadWebhook?.kick();
    return c.json<LeadSettings>(await routing.view());
  },
);

export const testLeadWebhook = defineRoute(
  {
    method: 'post',
    path: '/test',
    permission: 'accounts',
    summary: 'A signed lead.test delivery to the saved webhook or another; what the receiver said',
    request: { json: webhookTestSchema },
    responses: { 200: webhookTestResultSchema },
  },
  async (c, { json: body }) => {
    const services = c.get('services');
    const routing = services.leadRouting;
    const saved = (await routing.effective()).webhook;
    const url = body.url ?? saved.url;
    if (!url) throw fieldError('url', 'is required: no webhook URL is saved yet');
    const problem = await checkWebhookUrl(url, guardModeOf(services.config));
    if (problem) throw fieldError('url', problem);
    let secret = body.secret;
    if (!secret) {
      try {
        secret = await routing.secret();
      } catch (error) {
        throw fieldError(
          'secret',
          `could not be read: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    if (!secret) throw fieldError('secret', 'is required: no signing secret is saved yet');
    const webhook = services.leadWebhook;
    if (!webhook) throw new ApiError(409, 'conflict', 'This server does not send webhooks');
    const result = await webhook.sendTest({ url, key: secretKey(secret) });
    await services.audit.record({
      actor: actorOf(c).email,
      action: 'settings',
      summary: `Lead webhook test delivery to host ${new URL(url).host}: ${
        result.ok ? `answered ${result.httpStatus}` : `failed (${result.error ?? 'no answer'})`
      }`,
      ip: actorOf(c).ip,
    });
    return c.json<WebhookTestResult>(result);
  },
);

export const listLeadDeliveries = defineRoute(
  {
    method: 'get',
    path: '/deliveries',
    permission: 'accounts',
    summary: 'The last deliveries of leads and tests to the webhook, newest first',
    responses: { 200: deliveryLogSchema },
  },
  async (c) =>
    c.json<DeliveryLog>({
      deliveries: await c.get('services').leadSettings.deliveries(DELIVERY_LOG_SIZE),
    }),
);

export const leadSettings = mount(new Hono<AppEnv>().use(requirePermission('accounts')), [
  getLeadSettings,
  putLeadSettings,
  testLeadWebhook,
  listLeadDeliveries,
]);
