// The forms review tests' team (issue 33): one app over DynamoDB Local with a clock, a
// signed-in person of each role, the approvals setting, and the two things visitors' forms
// come from: the public definition (GET /api/forms/:id, read past the instance's 5-second
// cache) and the site build's input (functions/site-data/forms.ts, over the same table).
import { inject } from 'vitest';
import type { ErrorBody } from '../lib/errors.ts';
import { readPublicForm } from '../site-data/forms.ts';
import type { FormState } from '../shared/form-review.ts';
import { builtInForm, type BuiltInForm } from '../shared/forms/built-in.ts';
import { type FormDefinition } from '../shared/forms/definition.ts';
import type { Role } from '../shared/roles.ts';
import { testApp, TEST_PASSWORD } from './harness.ts';

export const TEAM_ROLES: readonly Role[] = ['admin', 'publisher', 'editor', 'reviewer', 'sales'];

/** An e-signature's body with the harness's password. */
/** An approval's body signed by `who` of the team, with the e-mail a session's first one needs. */
export const signature = (meaning = 'approved-legal', who = 'reviewer') => ({
  email: `${who}@pharmabridge.test`,
  password: TEST_PASSWORD,
  meaning,
});

/** The contact form as the probe changed it: labels, consent, auto-reply and thanks. */
export function probedContact(marker = ''): FormDefinition {
  const form = builtInForm('contact');
  return {
    ...form,
    fields: form.fields.map((field, index) =>
      index === 0 ? { ...field, label: 'Your full name' } : field,
    ),
    consent: { required: true, text: 'We may sell your data.', privacyUrl: '' },
    autoReply: {
      enabled: true,
      subject: 'Thanks for writing',
      body: 'Your data is ours now, {{name}}.',
    },
    successMessage: `Sold.${marker}`,
  };
}

export async function formTeam(approvalsRequired: number, env: Record<string, string> = {}) {
  let now = new Date('2026-11-27T09:00:00Z').getTime();
  const clock = { now: () => new Date(now), advance: (ms: number) => (now += ms) };
  const base = await testApp(env, { now: clock.now });
  const people: Record<
    string,
    (method: string, path: string, body?: unknown) => Promise<Response>
  > = {};
  // A second reviewer, and an editor outside the five whose copies anyone may sign.
  const extra: Record<string, Role> = { reviewer2: 'reviewer', author: 'editor' };
  for (const role of [...TEAM_ROLES, ...Object.keys(extra)]) {
    const { cookie } = await base.signIn(
      `${role}@pharmabridge.test`,
      extra[role] ?? (role as Role),
    );
    people[role] = async (method, path, body) => base.json(method, path, body, { cookie });
  }
  const as = (who: string) => people[who]!;
  const setApprovals = async (count: number) => {
    const set = await as('admin')('PUT', '/api/admin/settings', { approvalsRequired: count });
    if (set.status !== 200) throw new Error(`settings: ${set.status} ${await set.text()}`);
  };
  if (approvalsRequired > 0) await setApprovals(approvalsRequired);
  /** What a visitor's browser gets, past this instance's cache of a few seconds. */
  const publicForm = async (id = 'contact') => {
    clock.advance(10_000);
    const response = await base.json('GET', `/api/forms/${id}`);
    return response.status === 200 ? ((await response.json()) as unknown) : response.status;
  };
  /** What the next site build prerenders. */
  const built = (id: BuiltInForm = 'contact') =>
    readPublicForm(id, {
      TABLE_NAME: base.services.tableName,
      DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
    });
  const state = async (id = 'contact') =>
    (await (await as('admin')('GET', `/api/admin/forms/${id}`)).json()) as FormState;
  const path = (id: string, action?: string) =>
    `/api/admin/forms/${id}${action ? `/${action}` : ''}`;
  return { ...base, clock, as, setApprovals, publicForm, built, state, path };
}

/** The error of an answer's envelope. */
export const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;
