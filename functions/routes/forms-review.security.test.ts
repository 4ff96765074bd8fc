// What visitors' forms come from cannot change without the signatures the setting requires
// (issue 33, "Nothing visitors see changes without the approvals the setting requires":
// Forms). Every form route of the route table, called by each of the five roles, with
// approvals 0 and 1: before and after each call the test reads the public definition
// (GET /api/forms/contact, past the instance's cache) and the site build's input
// (functions/site-data/forms.ts). With approvals 1 no single call changes either, whoever
// makes it; with approvals 0 a save by a role that edits is live at once, as before issue
// 33. A role without a route's permission gets 403. A form route added tomorrow fails the
// first test until it is listed here. The last test is the control: signed and published,
// the change does reach visitors, so the observation can see one.
import { describe, expect, it } from 'vitest';
import { ALL_ROUTES } from '../app.ts';
import { can, type Permission, type Role } from '../shared/roles.ts';
import { formTeam, probedContact, signature, TEAM_ROLES } from '../test/form-team.ts';
import { routeTable } from './route-table.ts';

type Team = Awaited<ReturnType<typeof formTeam>>;

/**
 * Each form route and the call a role would make with it on `contact`. What it needs is its
 * declaration's permission (the route table's, the OpenAPI description's `x-permission`).
 */
const FORM_ROUTES: Record<string, { body?: (team: Team, case_: number) => unknown }> = {
  'GET /api/admin/forms': {},
  'GET /api/admin/forms/:formId': {},
  'GET /api/admin/form-reviews': {},
  'PUT /api/admin/forms/:formId': {
    body: async (team, n) => ({
      form: probedContact(` Case ${n}.`),
      revision: (await team.state()).revision,
    }),
  },
  'DELETE /api/admin/forms/:formId': {},
  'POST /api/admin/forms/:formId/submit': { body: () => ({}) },
  'POST /api/admin/forms/:formId/approve': { body: () => signature() },
  'POST /api/admin/forms/:formId/publish': { body: () => ({}) },
};

/** A form route's declared permission (each names one or several of the roles' permissions). */
function needsOf(route: string): Permission | readonly Permission[] {
  const permission = routeTable(ALL_ROUTES).find(
    (entry) => `${entry.method} ${entry.path}` === route,
  )?.declaration?.permission;
  if (!permission || permission === 'public' || permission === 'session') {
    throw new Error(`${route} declares ${String(permission)}, not a permission of the roles`);
  }
  return permission;
}

const allowed = (role: Role, needs: Permission | readonly Permission[]) =>
  typeof needs === 'string' ? can(role, needs) : needs.some((p) => can(role, p));

/**
 * With review on, a fresh working copy of the contact form in review, by an editor outside
 * the five (so any reviewer may sign it), with content of its own (no signature from an
 * earlier case counts for it). Before and after are read around each call, so the cases
 * need no other reset.
 */
async function prepare(team: Team, approvals: number, n: number) {
  if (approvals === 0) return;
  const path = team.path('contact');
  const saved = await team.as('author')('PUT', path, {
    form: probedContact(` Copy ${n}.`),
    revision: (await team.state()).revision,
  });
  expect(saved.status).toBe(200);
  await team.as('author')('POST', `${path}/submit`, {});
}

describe('form routes x roles x approvals: what visitors get', () => {
  it('lists every form route of the route table', () => {
    const formRoutes = routeTable(ALL_ROUTES)
      .filter((route) => /^\/api\/admin\/form/.test(route.path))
      .map((route) => `${route.method} ${route.path}`);
    expect(formRoutes.sort()).toEqual(Object.keys(FORM_ROUTES).sort());
  });

  it.each([0, 1])(
    'with approvals %i, no call changes the public form or the build input without the signatures',
    async (approvals) => {
      const team = await formTeam(approvals);
      const wrong: string[] = [];
      let n = 0;
      for (const [route, { body }] of Object.entries(FORM_ROUTES)) {
        const needs = needsOf(route);
        const [method, pattern] = route.split(' ') as [string, string];
        const url = pattern.replace(':formId', 'contact');
        for (const role of TEAM_ROLES) {
          n += 1;
          await prepare(team, approvals, n);
          const before = JSON.stringify([await team.publicForm(), await team.built()]);
          const response = await team.as(role)(method, url, await body?.(team, n));
          const after = JSON.stringify([await team.publicForm(), await team.built()]);
          const may = allowed(role, needs);
          if (may === (response.status === 403)) {
            wrong.push(`${route} by ${role}: ${response.status} (needs ${String(needs)})`);
          }
          // Only a save with review off, by a role that edits, is live at once (as before).
          const expectChange = approvals === 0 && method === 'PUT' && may;
          if ((before !== after) !== expectChange) {
            wrong.push(
              `${route} by ${role}: ${expectChange ? 'did not change' : 'changed'} what visitors get (${response.status})`,
            );
          }
        }
      }
      expect(wrong).toEqual([]);
    },
    // Forty calls, each between two reads of both sources, on a shared 2-core machine.
    600_000,
  );

  it('with approvals 1, the signed copy reaches visitors once published (the control)', async () => {
    const team = await formTeam(1);
    await prepare(team, 1, 0);
    const before = JSON.stringify([await team.publicForm(), await team.built()]);
    const path = team.path('contact');
    expect((await team.as('reviewer')('POST', `${path}/approve`, signature())).status).toBe(201);
    expect(JSON.stringify([await team.publicForm(), await team.built()])).toBe(before);
    expect((await team.as('publisher')('POST', `${path}/publish`, {})).status).toBe(200);
    const after = [await team.publicForm(), await team.built()];
    expect(JSON.stringify(after)).not.toBe(before);
    expect(after[1]).toMatchObject({
      consent: { text: 'We may sell your data.' },
      successMessage: 'Sold. Copy 0.',
    });
  });
});
