// The role matrix of issue 23 (functions/shared/roles.ts, docs/decisions/0131-roles.md),
// enforced by the API: every admin route of the app's route table is classified here by
// the permission it needs, and each of the five roles calls each route. A role without
// the permission gets 403 naming it; a role with it gets anything but 403. A route added
// tomorrow fails the first test until it is classified.
import { describe, expect, it } from 'vitest';
import { ALL_ROUTES } from '../app.ts';
import type { ErrorBody } from '../lib/errors.ts';
import { can, ROLES, type Role } from '../shared/roles.ts';
import { testApp } from '../test/harness.ts';
import { PUBLIC_ROUTES } from './public-routes.ts';
import { routeTable, type RouteEntry } from './route-table.ts';
import type { RoutePermission } from './support/define-route.ts';
import { landingTemplate } from '../shared/template.ts';

/**
 * What each admin route needs: its declaration's `permission` (support/define-route.ts), the
 * OpenAPI description's `x-permission`. Page routes are called on a live page, so a change
 * declared `publish` needs `edit` too (docs/decisions/0131-roles.md: visitors would see it).
 */
const needOf = (route: RouteEntry): RoutePermission => {
  const permission = route.declaration?.permission;
  if (!permission) throw new Error(`${key(route)} declares no permission`);
  return permission;
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
const ADMIN_ROUTES = routeTable(ALL_ROUTES).filter(
  (route) => route.declaration?.permission !== 'public',
);
// Changes that end the caller's own standing run last, so they cannot hide other answers.
const ORDER = ['GET', 'PATCH', 'PUT', 'POST', 'DELETE'];
const ORDERED = [...ADMIN_ROUTES].sort((a, b) => ORDER.indexOf(a.method) - ORDER.indexOf(b.method));

describe('the role matrix, over every admin route', () => {
  it('every route declares who may call it; the public function serves only public ones', () => {
    const table = routeTable(ALL_ROUTES);
    expect(table.filter((route) => !route.declaration?.permission).map(key)).toEqual([]);
    const publicOnes = table.filter((route) => route.declaration?.permission === 'public');
    // Beside the public function's routes, only sign-in, the local object store, signed
    // download links, reading published objects and the OpenAPI description (the public
    // routes' part of it) answer without a session (every-route.security.test.ts).
    expect(
      publicOnes
        .map(key)
        .filter(
          (route) =>
            !PUBLIC_ROUTE_KEYS.has(route) &&
            !/^(POST|GET) \/api\/auth\/(?!me$)/.test(route) &&
            !route.includes(' /api/objects/local/') &&
            !route.includes(' /api/downloads/') &&
            route !== 'GET /api/openapi.json' &&
            !(route.startsWith('GET /api/objects/') && route !== 'GET /api/objects/upload'),
        ),
    ).toEqual([]);
    for (const route of routeTable(PUBLIC_ROUTES)) {
      expect(route.declaration?.permission, key(route)).toBe('public');
    }
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
        const need = needOf(route);
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
          need === 'public' ||
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
