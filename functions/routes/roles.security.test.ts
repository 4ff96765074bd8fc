// The role matrix of issue 23 (functions/shared/roles.ts, docs/decisions/0131-roles.md),
// enforced by the API: every admin route of the app's route table is classified here by
// the permission it needs, and each of the five roles calls each route. A role without
// the permission gets 403 naming it; a role with it gets anything but 403. A route added
// tomorrow fails the first test until it is classified.
import { describe, expect, it } from 'vitest';
import { ALL_ROUTES } from '../app.ts';
import type { ErrorBody } from '../lib/errors.ts';
import { can, ROLES, type Permission, type Role } from '../shared/roles.ts';
import { testApp } from '../test/harness.ts';
import { PUBLIC_ROUTES } from './public-routes.ts';
import { routeTable, type RouteEntry } from './route-table.ts';
import { landingTemplate } from '../shared/template.ts';

/** A permission, any signed-in role, or any one of several (the first is the one named). */
type Need = Permission | 'session' | readonly [Permission, ...Permission[]];

/**
 * What each admin route needs. Page routes are called on a live page, so a change needs
 * `publish` on top of `edit` (docs/decisions/0131-roles.md: visitors would see it).
 */
const NEEDS: Record<string, Need> = {
  'GET /api/landing-pages': 'session',
  'POST /api/landing-pages': 'edit',
  'PUT /api/landing-pages/:id': 'publish',
  'DELETE /api/landing-pages/:id': 'publish',
  'POST /api/landing-pages/:id/reset-to-template': 'publish',
  'GET /api/auth/me': 'session',
  'GET /api/account': 'session',
  'PUT /api/account/password': 'session',
  'GET /api/account/sessions': 'session',
  'DELETE /api/account/sessions/:id': 'session',
  'GET /api/account/admins': 'accounts',
  'PATCH /api/account/admins/:email': 'accounts',
  'POST /api/account/admins/:email/disable': 'accounts',
  'POST /api/account/admins/:email/enable': 'accounts',
  'POST /api/account/admins/:email/password-reset': 'accounts',
  'POST /api/account/invitations': 'accounts',
  'DELETE /api/account/invitations/:id': 'accounts',
  'POST /api/account/two-factor/enrolment': 'session',
  'POST /api/account/two-factor/enrolment/confirm': 'session',
  'POST /api/account/two-factor/disable': 'session',
  'POST /api/account/two-factor/recovery-codes': 'session',
  'GET /api/admin/pages/:id': 'session',
  'GET /api/admin/pages/:id/versions': 'session',
  'GET /api/admin/pages/:id/versions/:versionId': 'session',
  'POST /api/admin/pages/:id/versions/:versionId/restore': 'publish',
  'GET /api/admin/pages/:id/versions/:versionId/package': 'review',
  'GET /api/admin/deleted-pages': 'session',
  'POST /api/admin/deleted-pages/:id/restore': 'publish',
  'GET /api/admin/audit': 'accounts',
  'GET /api/admin/audit/verify': 'accounts',
  'GET /api/admin/audit/export': 'accounts',
  'GET /api/admin/build': 'session',
  'POST /api/admin/build': 'publish',
  'GET /api/admin/experiments': 'analytics',
  'POST /api/admin/experiments': 'edit',
  'GET /api/admin/experiments/:id': 'analytics',
  'PATCH /api/admin/experiments/:id': 'edit',
  'DELETE /api/admin/experiments/:id': 'edit',
  'GET /api/admin/experiments/:id/results': 'analytics',
  'PUT /api/admin/experiments/:id/variants/:variantId': 'edit',
  'POST /api/admin/experiments/:id/variants/:variantId/approve': 'review',
  'POST /api/admin/experiments/:id/start': 'publish',
  'POST /api/admin/experiments/:id/pause': 'publish',
  'POST /api/admin/experiments/:id/stop': 'publish',
  'POST /api/admin/experiments/:id/promote': 'publish',
  'GET /api/admin/analytics/shares': 'analytics',
  // The content calendar and its feeds: every role that reads pages (docs/decisions/0561-calendar-roles.md).
  'GET /api/admin/calendar': 'session',
  'GET /api/admin/calendar/feeds': 'session',
  'POST /api/admin/calendar/feeds': 'session',
  'DELETE /api/admin/calendar/feeds/:id': 'session',
  'GET /api/admin/analytics/realtime': 'analytics',
  'GET /api/admin/goals': 'analytics',
  'POST /api/admin/goals': 'publish',
  'DELETE /api/admin/goals/:id': 'publish',
  'GET /api/admin/goals/funnel': 'analytics',
  'PUT /api/admin/goals/funnel': 'publish',
  'GET /api/admin/goals/:id/breakdown': 'analytics',
  'GET /api/admin/claims': 'session',
  'POST /api/admin/claims': 'edit',
  'GET /api/admin/claims/:id': 'session',
  'PATCH /api/admin/claims/:id': 'edit',
  'GET /api/admin/claims/:id/usage': 'session',
  'POST /api/admin/claims/:id/approve': 'review',
  'POST /api/admin/claims/:id/withdraw': 'review',
  'GET /api/admin/evidence': 'session',
  'POST /api/admin/evidence': 'edit',
  'GET /api/admin/evidence/:id': 'session',
  'PATCH /api/admin/evidence/:id': 'edit',
  'POST /api/admin/evidence/:id/withdraw': 'review',
  'GET /api/admin/forms': 'edit',
  // Reviewers read the forms they sign (issue 33).
  'GET /api/admin/forms/:formId': ['edit', 'review'],
  'PUT /api/admin/forms/:formId': 'edit',
  'DELETE /api/admin/forms/:formId': 'edit',
  'POST /api/admin/forms/:formId/submit': 'edit',
  'POST /api/admin/forms/:formId/approve': 'review',
  'POST /api/admin/forms/:formId/publish': 'publish',
  'GET /api/admin/form-reviews': ['edit', 'review'],
  'GET /api/admin/templates': 'edit',
  'POST /api/admin/templates': 'publish',
  'DELETE /api/admin/templates/:id': 'publish',
  'POST /api/admin/analytics/shares': 'publish',
  'DELETE /api/admin/analytics/shares/:id': 'publish',
  'GET /api/admin/reports/weekly': 'accounts',
  'PUT /api/admin/reports/weekly': 'accounts',
  'POST /api/admin/reports/weekly/send': 'accounts',
  'GET /api/admin/redirects': 'publish',
  'POST /api/admin/redirects': 'publish',
  'DELETE /api/admin/redirects/:id': 'publish',
  'GET /api/admin/leads': 'leads',
  'GET /api/admin/leads/stats': 'leads',
  'GET /api/admin/leads/export': 'leads',
  'GET /api/admin/leads/:id': 'leads',
  'PATCH /api/admin/leads/:id': 'leads',
  'POST /api/admin/leads/:id/retry': 'leads',
  'DELETE /api/admin/leads/:id': 'leads',
  'GET /api/admin/leads/owners': 'leads',
  'GET /api/admin/leads/forms': 'leads',
  'POST /api/admin/leads/export': 'leads',
  'POST /api/admin/leads/bulk': 'leads',
  'GET /api/admin/contacts/:email': 'leads',
  'GET /api/admin/analytics': 'analytics',
  'GET /api/admin/media': 'session',
  'GET /api/admin/media/:id': 'session',
  'GET /api/admin/media/:id/usage': 'session',
  'PATCH /api/admin/media/:id': 'edit',
  'POST /api/admin/media/:id/replace': 'edit',
  'DELETE /api/admin/media/:id': 'edit',
  'POST /api/objects/upload': 'edit',
  'POST /api/objects/acl': 'edit',
  'GET /api/admin/assets': 'edit',
  'POST /api/admin/assets': 'edit',
  'POST /api/admin/assets/:id/complete': 'edit',
  'PUT /api/landing-pages/:id/draft': 'edit',
  'GET /api/landing-pages/:id/checks': 'session',
  'DELETE /api/landing-pages/:id/draft': 'edit',
  'POST /api/landing-pages/:id/submit': 'edit',
  'POST /api/landing-pages/:id/approve': 'review',
  'POST /api/landing-pages/:id/reject': 'review',
  'POST /api/landing-pages/:id/publish': 'publish',
  'POST /api/landing-pages/:id/unpublish': 'publish',
  'DELETE /api/landing-pages/:id/schedule/:action': 'publish',
  'PUT /api/landing-pages/:id/lifecycle': 'publish',
  'POST /api/landing-pages/:id/comments': ['edit', 'review'],
  'POST /api/landing-pages/:id/comments/:commentId/resolve': ['edit', 'review'],
  'POST /api/landing-pages/:id/comments/:commentId/reopen': ['edit', 'review'],
  'POST /api/landing-pages/:id/preview-links': 'edit',
  'DELETE /api/landing-pages/:id/preview-links/:linkId': 'edit',
  'GET /api/admin/settings': 'accounts',
  'GET /api/admin/workflow': 'session',
  'PUT /api/admin/settings': 'accounts',
  'GET /api/admin/settings/leads': 'accounts',
  'PUT /api/admin/settings/leads': 'accounts',
  'POST /api/admin/settings/leads/test': 'accounts',
  'GET /api/admin/settings/leads/deliveries': 'accounts',
  'GET /api/s3/sts': 'edit',
  'GET /api/s3/params': 'edit',
  'POST /api/s3/multipart': 'edit',
  'GET /api/s3/multipart/:uploadId': 'edit',
  'GET /api/s3/multipart/:uploadId/:partNumber': 'edit',
  'GET /api/s3/multipart/*': 'edit',
  'POST /api/s3/multipart/:uploadId/complete': 'edit',
  'DELETE /api/s3/multipart/:uploadId': 'edit',
};

/** Page changes that need edit, and publish because the page is live (or deletion). */
const PAGE_CHANGES = new Set([
  'PUT /api/landing-pages/:id',
  'DELETE /api/landing-pages/:id',
  'POST /api/landing-pages/:id/reset-to-template',
  'POST /api/admin/pages/:id/versions/:versionId/restore',
]);

/** Valid bodies where validation would otherwise answer before the page's own check. */
const BODIES: Record<string, unknown> = {
  'PUT /api/landing-pages/:id': { title: 'Changed' },
};

const key = (route: RouteEntry) => `${route.method} ${route.path}`;
const PUBLIC_ROUTE_KEYS = new Set(routeTable(PUBLIC_ROUTES).map(key));
/** The routes that answer without a session by design (every-route.security.test.ts). */
const anonymous = (route: RouteEntry) =>
  PUBLIC_ROUTE_KEYS.has(key(route)) ||
  (route.path.startsWith('/api/auth/') && route.path !== '/api/auth/me') ||
  route.path.startsWith('/api/objects/local/') ||
  // A gated download's link: the signed token is the credential (routes/downloads.ts).
  route.path.startsWith('/api/downloads/') ||
  (route.method === 'GET' &&
    route.path.startsWith('/api/objects/') &&
    route.path !== '/api/objects/upload');
const ADMIN_ROUTES = routeTable(ALL_ROUTES).filter((route) => !anonymous(route));
// Changes that end the caller's own standing run last, so they cannot hide other answers.
const ORDER = ['GET', 'PATCH', 'PUT', 'POST', 'DELETE'];
const ORDERED = [...ADMIN_ROUTES].sort((a, b) => ORDER.indexOf(a.method) - ORDER.indexOf(b.method));

describe('the role matrix, over every admin route', () => {
  it('classifies every admin route of the route table, and nothing else', () => {
    expect(ADMIN_ROUTES.map(key).sort()).toEqual(Object.keys(NEEDS).sort());
  });

  it.each(ROLES)(
    '%s: 403 naming the permission exactly where the role lacks it',
    async (role) => {
      const { json, services, signIn } = await testApp();
      // Another admin to name in the account routes; a live page for the page routes.
      await signIn('other@pharmabridge.test');
      const { cookie } = await signIn(`${role}@pharmabridge.test`, role);
      const page = await services.pages.create({
        title: 'Live',
        slug: 'live',
        isActive: true,
        content: landingTemplate(),
      });
      // An update keeps the previous state as a version, for the version routes.
      await services.pages.update(
        page.id,
        { title: 'Live page' },
        { actor: 'other@pharmabridge.test', ip: '127.0.0.1', action: 'update' },
      );
      const [version] = await services.pages.versions(page.id);
      const values: Record<string, string> = {
        email: encodeURIComponent('other@pharmabridge.test'),
        id: page.id,
        versionId: encodeURIComponent(version!.versionId),
        variantId: 'b',
      };
      const concrete = (path: string) =>
        path
          .replace(
            /:(\w+)/g,
            (_match, name: string) => values[name] ?? '00000000-0000-4000-8000-000000000000',
          )
          .replace('*', 'x');
      const wrong: string[] = [];
      for (const route of ORDERED) {
        const need = NEEDS[key(route)]!;
        const response = await json(
          route.method,
          concrete(route.path),
          route.method === 'GET' || route.method === 'DELETE'
            ? undefined
            : (BODIES[key(route)] ?? {}),
          { cookie },
        );
        const body = response.status === 403 ? ((await response.json()) as ErrorBody) : undefined;
        const allowed =
          need === 'session' ||
          (typeof need === 'string' ? can(role, need) : need.some((p) => can(role, p)));
        if (allowed && response.status === 403) wrong.push(`${key(route)}: 403 for ${role}`);
        if (allowed && response.status === 401) wrong.push(`${key(route)}: 401 for ${role}`);
        // A change to a live page needs edit, then publish: a role with neither hears of edit.
        const named =
          typeof need !== 'string'
            ? need[0]
            : need === 'publish' && !can(role, 'edit') && PAGE_CHANGES.has(key(route))
              ? 'edit'
              : need;
        if (!allowed && (response.status !== 403 || body?.error.permission !== named)) {
          wrong.push(`${key(route)}: ${response.status} ${JSON.stringify(body)} (needs ${named})`);
        }
      }
      expect(wrong).toEqual([]);
      // Every admin route called for real, one after another: for an admin (allowed nearly
      // everywhere) that is over a hundred real writes, which take longer than the default
      // 30 seconds on a loaded 2-core machine.
    },
    180_000,
  );
});

describe('roles', () => {
  async function team(role: Role) {
    const base = await testApp();
    const admin = await base.signIn('admin@pharmabridge.test');
    const member = await base.signIn(`${role}@pharmabridge.test`, role);
    const as = (who: { cookie: string }) => (method: string, path: string, body?: unknown) =>
      base.json(method, path, body, { cookie: who.cookie });
    return { ...base, asAdmin: as(admin), asMember: as(member) };
  }

  it('an editor prepares drafts but cannot make a page live or change a live one', async () => {
    const { asMember, asAdmin } = await team('editor');
    const draft = await asMember('POST', '/api/landing-pages', {
      title: 'D',
      slug: 'd',
      isActive: false,
    });
    expect(draft.status).toBe(201);
    const { id, revision } = (await draft.json()) as { id: string; revision: number };
    const edited = await asMember('PUT', `/api/landing-pages/${id}`, { title: 'D2', revision });
    expect(edited.status).toBe(200);
    const goLive = await asMember('PUT', `/api/landing-pages/${id}`, { isActive: true });
    expect(goLive.status).toBe(403);
    const refusal = (await goLive.json()) as ErrorBody;
    expect(refusal.error).toMatchObject({
      code: 'forbidden',
      permission: 'publish',
      message:
        'Your role (Editor) does not allow publishing, scheduling, deleting pages or managing redirects',
    });
    // SPEC's default is a live page, which an editor cannot make.
    expect((await asMember('POST', '/api/landing-pages', { title: 'L', slug: 'l' })).status).toBe(
      403,
    );
    expect((await asAdmin('PUT', `/api/landing-pages/${id}`, { isActive: true })).status).toBe(200);
    expect((await asMember('PUT', `/api/landing-pages/${id}`, { title: 'D3' })).status).toBe(403);
  });

  it('each refusal is audited with the route and the missing permission', async () => {
    const { asMember, asAdmin } = await team('sales');
    expect((await asMember('GET', '/api/admin/audit')).status).toBe(403);
    const audit = (await (await asAdmin('GET', '/api/admin/audit')).json()) as {
      entries: { action: string; actor: string; summary: string }[];
    };
    expect(audit.entries.find((entry) => entry.action === 'forbidden')).toMatchObject({
      actor: 'sales@pharmabridge.test',
      summary: 'Refused GET /api/admin/audit: the Sales role lacks the accounts permission',
    });
  });

  it('/api/auth/me names the role and its permissions for the admin to hide what it cannot do', async () => {
    const { asMember } = await team('reviewer');
    expect(await (await asMember('GET', '/api/auth/me')).json()).toMatchObject({
      email: 'reviewer@pharmabridge.test',
      role: 'reviewer',
      permissions: ['review', 'analytics'],
    });
  });

  it('an admin changes a role, audited; the last active admin cannot be demoted', async () => {
    const { asAdmin, asMember } = await team('editor');
    const promoted = await asAdmin('PATCH', '/api/account/admins/editor%40pharmabridge.test', {
      role: 'publisher',
    });
    expect(promoted.status).toBe(200);
    expect(await promoted.json()).toMatchObject({
      email: 'editor@pharmabridge.test',
      role: 'publisher',
    });
    // The new role applies to the next request of the open session.
    expect((await asMember('POST', '/api/admin/build')).status).toBe(202);
    expect(
      (await asAdmin('PATCH', '/api/account/admins/editor%40pharmabridge.test', { role: 'boss' }))
        .status,
    ).toBe(400);
    const alone = await asAdmin('PATCH', '/api/account/admins/admin%40pharmabridge.test', {
      role: 'editor',
    });
    expect(alone.status).toBe(409);
    expect(((await alone.json()) as ErrorBody).error.fields).toEqual({
      role: ['must stay Admin: no other active admin would remain'],
    });
    // With a second admin, one may step down.
    await asAdmin('PATCH', '/api/account/admins/editor%40pharmabridge.test', { role: 'admin' });
    expect(
      (await asAdmin('PATCH', '/api/account/admins/admin%40pharmabridge.test', { role: 'editor' }))
        .status,
    ).toBe(200);
    const audit = (await (await asMember('GET', '/api/admin/audit')).json()) as {
      entries: { action: string; summary: string }[];
    };
    expect(audit.entries.filter((e) => e.action === 'admin-role').map((e) => e.summary)).toEqual([
      'Changed the role of admin@pharmabridge.test from Admin to Editor',
      'Changed the role of editor@pharmabridge.test from Publisher to Admin',
      'Changed the role of editor@pharmabridge.test from Editor to Publisher',
    ]);
  });

  it('two admins stepping down at once leave one admin', async () => {
    const base = await testApp();
    await base.signIn('a@pharmabridge.test');
    await base.signIn('b@pharmabridge.test');
    const results = await Promise.all([
      base.services.admins.setRole('a@pharmabridge.test', 'editor', 'a@pharmabridge.test'),
      base.services.admins.setRole('b@pharmabridge.test', 'editor', 'b@pharmabridge.test'),
    ]);
    expect(results.sort()).toEqual(['changed', 'last-admin']);
    const admins = await base.services.admins.list();
    expect(admins.filter((admin) => admin.role === 'admin')).toHaveLength(1);
  });

  it('an invitation carries its role to the new account; without one it is an editor', async () => {
    const { asAdmin, json } = await team('sales');
    const made = await asAdmin('POST', '/api/account/invitations', {
      email: 'rev@pharmabridge.test',
      role: 'reviewer',
    });
    expect(made.status).toBe(201);
    const { token, role } = (await made.json()) as { token: string; role: string };
    expect(role).toBe('reviewer');
    const joined = await json('POST', '/api/auth/invitation', {
      token,
      name: 'Dr. A. Reviewer',
      password: 'a-long-harbour-password-9',
    });
    expect(joined.status).toBeLessThan(300);
    const plain = await asAdmin('POST', '/api/account/invitations', {
      email: 'plain@pharmabridge.test',
    });
    expect(((await plain.json()) as { role: string }).role).toBe('editor');
    const list = (await (await asAdmin('GET', '/api/account/admins')).json()) as {
      admins: { email: string; role: string }[];
    };
    expect(list.admins.find((a) => a.email === 'rev@pharmabridge.test')?.role).toBe('reviewer');
    expect(list.admins.find((a) => a.email === 'sales@pharmabridge.test')?.role).toBe('sales');
  });

  it('an admin who loses the role no longer vouches for their open invitations', async () => {
    const { asAdmin, services, json } = await team('editor');
    await asAdmin('PATCH', '/api/account/admins/editor%40pharmabridge.test', { role: 'admin' });
    const invitation = await services.invitations.create(
      'late@pharmabridge.test',
      'editor@pharmabridge.test',
      3600,
      'editor',
    );
    await asAdmin('PATCH', '/api/account/admins/editor%40pharmabridge.test', { role: 'editor' });
    const joined = await json('POST', '/api/auth/invitation', {
      token: invitation.token,
      name: 'Late',
      password: 'a-long-harbour-password-9',
    });
    expect(joined.status).toBe(400);
    expect(await services.admins.get('late@pharmabridge.test')).toBeUndefined();
  });
});
