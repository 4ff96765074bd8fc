// The Lead routing form's draft: saved settings become a draft and a draft the body the API's
// own schema (functions/shared/leads/settings.ts) accepts; the per-form choices; a generated
// secret the schema accepts; the test delivery's answer as a sentence; errors by part.
import { describe, expect, it } from 'vitest';
import type { FormSummary } from '../../../../functions/shared/forms/definition.ts';
import {
  leadSettingsInputSchema,
  webhookSecretSchema,
  type LeadSettings,
} from '../../../../functions/shared/leads/settings.ts';
import {
  draftOf,
  errorsOf,
  formChoicesOf,
  generateSecret,
  settingsBody,
  testSentence,
} from './lead-routing-draft.ts';

const saved: LeadSettings = {
  source: 'stored',
  recipients: ['sales@example.com', 'team@example.com'],
  perForm: { 'pilot-request': ['onboarding@example.com'] },
  webhook: { url: 'https://crm.example.com/hooks/leads', enabled: true, secretSet: true },
  assignment: [],
  slaHours: 24,
  secretStorage: 'local',
};

/** A form of the team's list, as GET /api/admin/forms answers it. */
const form = (id: string, title: string): FormSummary => ({
  id,
  title,
  builtIn: false,
  revision: 1,
  fieldCount: 3,
  consent: false,
  autoReply: false,
});

describe('the draft', () => {
  it('shows saved settings as typed text and keeps the saved secret', () => {
    const draft = draftOf(saved);
    expect(draft.recipients).toBe('sales@example.com, team@example.com');
    expect(draft.routes).toEqual([
      { key: -1, formId: 'pilot-request', addresses: 'onboarding@example.com' },
    ]);
    expect(draft.secret).toBeUndefined();
    expect(draft.slaHours).toBe('24');
    expect(draftOf({ ...saved, webhook: { ...saved.webhook, secretSet: false } }).secret).toBe('');
  });

  it('sends back what it was given, in the shape the API accepts', () => {
    const body = settingsBody(draftOf(saved));
    expect(body).toEqual({
      recipients: saved.recipients,
      perForm: saved.perForm,
      webhook: { url: saved.webhook.url, enabled: true },
      assignment: [],
      slaHours: 24,
    });
    expect(leadSettingsInputSchema.safeParse(body).success).toBe(true);
  });

  it('splits typed addresses on commas, semicolons and spaces; empty hours mean no reminder', () => {
    const body = settingsBody({
      ...draftOf(saved),
      recipients: ' a@example.com;b@example.com  c@example.com,',
      url: '  ',
      enabled: false,
      secret: 'whsec_new',
      slaHours: ' ',
    });
    expect(body.recipients).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
    expect(body.webhook).toEqual({ url: null, enabled: false, secret: 'whsec_new' });
    expect(body.slaHours).toBeNull();
  });
});

describe('the choices and sentences', () => {
  it('lists the built-in forms, the team forms and a saved route of neither, once each', () => {
    const choices = formChoicesOf(
      {
        forms: [form('webinar', 'Webinar sign-up'), form('contact', 'Ours')],
      },
      [{ key: 1, formId: 'gone-form', addresses: '' }],
    );
    expect(choices.map(([id]) => id)).toEqual([
      'demo-request',
      'pricing-request',
      'contact',
      'pilot-request',
      'webinar',
      'gone-form',
    ]);
    expect(new Map(choices).get('contact')).toBe('Contact page');
    expect(new Map(choices).get('webinar')).toBe('Webinar sign-up');
  });

  it('generates a secret the schema accepts, a new one each time', () => {
    const secret = generateSecret();
    expect(webhookSecretSchema.safeParse(secret).success).toBe(true);
    expect(generateSecret()).not.toBe(secret);
  });

  it("says the receiver's answer as a sentence", () => {
    expect(testSentence({ ok: true, httpStatus: 204, durationMs: 12 })).toBe(
      'The receiver answered 204 in 12 ms: the test delivery arrived and was accepted.',
    );
    expect(testSentence({ ok: false, httpStatus: 500, durationMs: 3 })).toContain(
      'did not accept the test delivery (only a 2xx answer counts)',
    );
    expect(testSentence({ ok: false, error: 'connection refused', durationMs: 5 })).toBe(
      'The test delivery failed in 5 ms: connection refused.',
    );
  });

  it('gathers the errors of one part of the form, its sub-fields included', () => {
    const fields = {
      recipients: ['a'],
      'recipients.1': ['b'],
      recipientsX: ['c'],
      slaHours: ['d'],
    };
    expect(errorsOf(fields, 'recipients')).toEqual(['a', 'b']);
  });
});
