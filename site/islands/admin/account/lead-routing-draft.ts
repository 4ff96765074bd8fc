// The Lead routing form's draft and its rules, apart from the screen: the saved settings as
// a draft, the draft as the API's body, the per-form choices, a new webhook secret, the test
// delivery's answer as a sentence and the API's field errors of one part of the form.
// Governed by docs/decisions/0180-lead-routing-settings.md and
// docs/decisions/0390-lead-assignment-rules.md.
import { BUILT_IN_FORMS } from '../../../../functions/shared/forms/built-in.ts';
import { type FormSummary } from '../../../../functions/shared/forms/definition.ts';
import type {
  LeadSettings,
  LeadSettingsInput,
  WebhookTestResult,
} from '../../../../functions/shared/leads/settings.ts';
import type { FieldErrors } from '../api.ts';
import {
  draftsToRules,
  rulesToDrafts,
  splitAddresses,
  type RuleDraft,
} from './assignment-rules.tsx';

const BUILT_IN_LABELS: Record<(typeof BUILT_IN_FORMS)[number], string> = {
  'demo-request': 'Demo request (landing-page dialog)',
  'pricing-request': 'Pricing request (landing-page dialog)',
  contact: 'Contact page',
  'pilot-request': 'Pilot request',
};

/** One form with recipients of its own. */
export interface Route {
  /** A stable key for React while the form id is being chosen. */
  key: number;
  formId: string;
  addresses: string;
}

export interface Draft {
  recipients: string;
  routes: Route[];
  url: string;
  enabled: boolean;
  /** A new secret being typed (replacing), or undefined to keep the saved one. */
  secret: string | undefined;
  /** Owner assignment rules, in order. */
  rules: RuleDraft[];
  /** Hours before the reminder, as typed; '' for none. */
  slaHours: string;
}

/** The saved settings as the form shows them. */
export const draftOf = (data: LeadSettings): Draft => ({
  recipients: data.recipients.join(', '),
  // Negative keys for the saved rows (stable across renders); new rows count up.
  routes: Object.entries(data.perForm).map(([formId, to], index) => ({
    key: -(index + 1),
    formId,
    addresses: to.join(', '),
  })),
  url: data.webhook.url ?? '',
  enabled: data.webhook.enabled,
  secret: data.webhook.secretSet ? undefined : '',
  rules: rulesToDrafts(data.assignment),
  slaHours: data.slaHours === null ? '' : String(data.slaHours),
});

/** The draft as `PUT /api/admin/settings/leads` takes it. */
export const settingsBody = (value: Draft): LeadSettingsInput => ({
  recipients: splitAddresses(value.recipients),
  perForm: Object.fromEntries(
    value.routes.map((route) => [route.formId, splitAddresses(route.addresses)]),
  ),
  webhook: {
    url: value.url.trim() || null,
    enabled: value.enabled,
    ...(value.secret ? { secret: value.secret } : {}),
  },
  assignment: draftsToRules(value.rules),
  // A number as typed (the API says what is wrong with 0 or 1.5); empty: no reminder.
  slaHours: value.slaHours.trim() === '' ? null : Number(value.slaHours),
});

/**
 * The forms a route or a rule may name, as [id, label]: the built-in four, the team's own
 * (when the form editor is there) and any a saved route names that neither lists.
 */
export function formChoicesOf(
  forms: { forms: FormSummary[] } | FormSummary[] | undefined,
  routes: readonly Route[],
): [string, string][] {
  const listed = forms ? (Array.isArray(forms) ? forms : forms.forms) : [];
  const choices = new Map<string, string>(
    BUILT_IN_FORMS.map((id) => [id, BUILT_IN_LABELS[id]] as const),
  );
  for (const form of listed) if (!choices.has(form.id)) choices.set(form.id, form.title || form.id);
  for (const route of routes) {
    if (route.formId && !choices.has(route.formId)) choices.set(route.formId, route.formId);
  }
  return [...choices];
}

/** A new Standard Webhooks secret: whsec_ + base64 of 32 random bytes, made in this browser. */
export function generateSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}

/** The receiver's answer to a test, as a sentence. */
export function testSentence(result: WebhookTestResult): string {
  const time = `in ${result.durationMs} ms`;
  if (result.ok) {
    return `The receiver answered ${result.httpStatus} ${time}: the test delivery arrived and was accepted.`;
  }
  if (result.httpStatus !== undefined) {
    return `The receiver answered ${result.httpStatus} ${time}: it did not accept the test delivery (only a 2xx answer counts).`;
  }
  return `The test delivery failed ${time}: ${result.error ?? 'no answer'}.`;
}

/** The field errors the API named for one part of the form (e.g. all of `recipients.*`). */
export const errorsOf = (fields: FieldErrors, prefix: string) =>
  Object.entries(fields)
    .filter(([name]) => name === prefix || name.startsWith(`${prefix}.`))
    .flatMap(([, messages]) => messages);
