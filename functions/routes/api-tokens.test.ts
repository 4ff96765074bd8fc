// API tokens (issue 40, docs/decisions/0567-api-tokens.md) through the real app and DynamoDB
// Local: made, listed and revoked by admins, shown once and stored hashed; each scope reaches
// the routes of its scope and nothing else; a token dies with its creator's account or role,
// at its expiry and when revoked; the per-token rate limit; a cookie and a token together are
// refused, and a token needs no same-site request.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '../data/keys.ts';
import { seedDefaultPage } from '../data/seed.ts';
import { secretHash } from '../data/secret-token.ts';
import type { ErrorBody } from '../lib/errors.ts';
import {
  createdTokenSchema,
  tokenListSchema,
  TOKEN_SCOPES,
  type TokenScope,
} from '../shared/api-tokens.ts';
import { auditListSchema } from '../shared/api/audit.ts';
import { testApp } from '../test/harness.ts';
import { scopesBeyondRole } from './admin/api-tokens.ts';

const JANE = 'jane@pharmabridge.test';

async function setUp(overrides: Record<string, string> = {}) {
  let now = new Date('2026-11-20T10:00:00Z').getTime();
  const clock = {
    now: () => new Date(now),
    advance: (seconds: number) => (now += seconds * 1000),
  };
  const base = await testApp({ CONTACT_RATE_LIMIT: '1000', ...overrides }, { now: clock.now });
  await seedDefaultPage(base.services.pages);
  const page = (await base.services.pages.getBySlug('default'))!;
  const { cookie } = await base.signIn(JANE, 'admin');
  // A second admin, who may disable Jane or change her role.
  const other = await base.signIn('other@pharmabridge.test', 'admin');
  const asJane = (method: string, path: string, body?: unknown, headers = {}) =>
    base.json(method, path, body, { cookie, ...headers });
  const lead = await base.json('POST', '/api/contact', {
    name: 'Dana Whitfield',
    email: 'dana@example-pharma.com',
    company: 'Example Pharma',
    message: 'We would like a demo.',
  });
  expect(lead.status).toBe(201);
  const leadId = ((await lead.json()) as { id: string }).id;

  const make = async (scopes: readonly TokenScope[], extra: Record<string, unknown> = {}) => {
    const response = await asJane('POST', '/api/admin/tokens', {
      name: 'CRM sync',
      scopes,
      ...extra,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return createdTokenSchema.parse(await response.json());
  };
  const withToken =
    (secret: string) =>
    (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      base.json(method, path, body, { authorization: `Bearer ${secret}`, ...headers });

  /** A call of each scope's own, answering 2xx when allowed. */
  const CALLS: Record<TokenScope, [string, string, unknown?]> = {
    'pages:read': ['GET', '/api/landing-pages'],
    'pages:write': [
      'PUT',
      `/api/landing-pages/${page.id}/draft`,
      { title: page.title, slug: page.slug, content: page.content, revision: page.revision },
    ],
    'analytics:read': ['GET', '/api/admin/analytics?from=2026-11-01&to=2026-11-20'],
    'leads:read': ['GET', '/api/admin/leads'],
    'leads:write': ['PATCH', `/api/admin/leads/${leadId}`, { status: 'contacted' }],
    'forms:read': ['GET', '/api/admin/forms'],
  };
  const auditEntries = async () =>
    auditListSchema.parse(await (await asJane('GET', '/api/admin/audit?limit=100')).json()).entries;
  return { ...base, clock, page, leadId, asJane, other, make, withToken, CALLS, auditEntries };
}

const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;

describe('API tokens', () => {
  it('are shown once, listed without their secret, stored only hashed, and revoked', async () => {
    const { asJane, make, services, withToken, auditEntries } = await setUp();
    const created = await make(['leads:read', 'pages:read'], { expiresInDays: 30 });
    expect(created.token).toMatch(/^pb_[A-Za-z0-9_-]{43}$/);
    // In TOKEN_SCOPES' order, whatever order they were asked in.
    expect(created.scopes).toEqual(['pages:read', 'leads:read']);
    expect(created.createdBy).toBe(JANE);
    expect(created.expiresAt).toBe('2026-12-20T10:00:00.000Z');

    const listed = await asJane('GET', '/api/admin/tokens');
    const text = await listed.clone().text();
    expect(text).not.toContain(created.token);
    expect(text).not.toContain(secretHash(created.token));
    expect(tokenListSchema.parse(await listed.json()).tokens).toEqual([
      {
        id: created.id,
        name: 'CRM sync',
        scopes: ['pages:read', 'leads:read'],
        createdBy: JANE,
        createdAt: '2026-11-20T10:00:00.000Z',
        expiresAt: '2026-12-20T10:00:00.000Z',
        lastUsedAt: null,
      },
    ]);

    // The table holds the hash, never the secret.
    const raw = await services.db.send(
      new QueryCommand({
        TableName: services.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.apiTokensPartition() },
      }),
    );
    const stored = JSON.stringify(raw.Items);
    expect(raw.Items).toHaveLength(2);
    expect(stored).not.toContain(created.token);
    expect(stored).not.toContain(created.token.slice(3));
    expect(stored).toContain(secretHash(created.token));

    const call = withToken(created.token);
    expect((await call('GET', '/api/admin/leads')).status).toBe(200);

    expect((await asJane('DELETE', `/api/admin/tokens/${created.id}`)).status).toBe(204);
    const refused = await call('GET', '/api/admin/leads');
    expect(refused.status).toBe(401);
    expect((await errorOf(refused)).message).toBe('This API token has been revoked');
    expect(tokenListSchema.parse(await (await asJane('GET', '/api/admin/tokens')).json())).toEqual({
      tokens: [],
    });
    // Revoking again: not found.
    expect((await asJane('DELETE', `/api/admin/tokens/${created.id}`)).status).toBe(404);

    const actions = (await auditEntries()).map((entry) => [entry.action, entry.summary]);
    expect(actions).toContainEqual([
      'token-create',
      'API token “CRM sync” made with pages:read, leads:read, until 2026-12-20',
    ]);
    expect(actions).toContainEqual(['token-revoke', `API token “CRM sync” of ${JANE} revoked`]);
  });

  it('reach the routes of their scopes and are refused, naming the scope, elsewhere', async () => {
    const { make, withToken, CALLS } = await setUp();
    for (const scope of TOKEN_SCOPES) {
      const call = withToken((await make([scope])).token);
      const [method, path, body] = CALLS[scope];
      const allowed = await call(method, path, body);
      expect(allowed.status, `${scope} on ${method} ${path}: ${await allowed.clone().text()}`).toBe(
        200,
      );
      for (const other of TOKEN_SCOPES.filter((candidate) => candidate !== scope)) {
        const [otherMethod, otherPath, otherBody] = CALLS[other];
        const refused = await call(otherMethod, otherPath, otherBody);
        expect(refused.status, `${scope} on ${otherMethod} ${otherPath}`).toBe(403);
        const error = await errorOf(refused);
        expect(error.scope).toBe(other);
        expect(error.message).toBe(`This API token lacks the ${other} scope`);
      }
      // A route that declares no scope refuses every token.
      for (const [noScopeMethod, noScopePath] of [
        ['GET', '/api/admin/audit'],
        ['GET', '/api/account/sessions'],
        ['GET', '/api/admin/tokens'],
      ] as const) {
        const refused = await call(noScopeMethod, noScopePath);
        expect(refused.status, `${scope} on ${noScopePath}`).toBe(403);
        const error = await errorOf(refused);
        expect(error.message).toBe(
          'API tokens cannot call this route: sign in to the admin for it',
        );
        expect(error.scope).toBeUndefined();
      }
    }
  });

  it('with pages:write save a working copy but never publish, approve or delete', async () => {
    const { make, withToken, CALLS, page, services } = await setUp();
    const call = withToken((await make(['pages:write'])).token);
    const [method, path, body] = CALLS['pages:write'];
    expect((await call(method, path, body)).status).toBe(200);
    expect(await services.workflow.workingCopy(page.id)).toBeTruthy();
    for (const [refusedMethod, refusedPath] of [
      ['POST', `/api/landing-pages/${page.id}/publish`],
      ['POST', `/api/landing-pages/${page.id}/approve`],
      ['DELETE', `/api/landing-pages/${page.id}`],
    ] as const) {
      const refused = await call(refusedMethod, refusedPath, {});
      expect(refused.status, `${refusedMethod} ${refusedPath}`).toBe(403);
      expect((await errorOf(refused)).message).toBe(
        'API tokens cannot call this route: sign in to the admin for it',
      );
    }
    expect(await services.pages.getById(page.id)).toBeTruthy();
  });

  it('refuse bad requests naming the field; only admins make them', async () => {
    const { asJane, json, signIn } = await setUp();
    const unknownScope = await asJane('POST', '/api/admin/tokens', {
      name: 'CRM',
      scopes: ['pages:delete'],
    });
    expect(unknownScope.status).toBe(400);
    expect(Object.keys((await errorOf(unknownScope)).fields ?? {})).toContain('scopes.0');
    const noName = await asJane('POST', '/api/admin/tokens', { name: ' ', scopes: ['pages:read'] });
    expect((await errorOf(noName)).fields).toEqual({ name: ['Give the token a name'] });
    const tooLong = await asJane('POST', '/api/admin/tokens', {
      name: 'CRM',
      scopes: ['pages:read'],
      expiresInDays: 366,
    });
    expect((await errorOf(tooLong)).fields).toEqual({
      expiresInDays: ['A token lasts at most 365 days'],
    });
    const { cookie } = await signIn('pat@pharmabridge.test', 'publisher');
    const publisher = await json(
      'POST',
      '/api/admin/tokens',
      { name: 'CRM', scopes: ['leads:read'] },
      { cookie },
    );
    expect(publisher.status).toBe(403);
    expect((await errorOf(publisher)).permission).toBe('accounts');
  });

  it("never give scopes beyond the creator's role", () => {
    const refusal = scopesBeyondRole('editor', ['pages:write', 'leads:read']);
    expect(refusal?.status).toBe(400);
    expect(refusal?.fields).toEqual({
      scopes: ['Your role (Editor) cannot give the leads:read scope'],
    });
    expect(scopesBeyondRole('sales', ['leads:write', 'analytics:read'])).toBeUndefined();
    expect(scopesBeyondRole('admin', [...TOKEN_SCOPES])).toBeUndefined();
  });

  it('stop working when the creator is disabled', async () => {
    const { make, withToken, services } = await setUp();
    const call = withToken((await make(['leads:read'])).token);
    expect((await call('GET', '/api/admin/leads')).status).toBe(200);
    expect(await services.admins.disable(JANE, 'other@pharmabridge.test')).toBe('disabled');
    const refused = await call('GET', '/api/admin/leads');
    expect(refused.status).toBe(401);
    expect((await errorOf(refused)).message).toBe(
      'The account that made this API token is disabled, so the token no longer works',
    );
    await services.admins.enable(JANE);
    expect((await call('GET', '/api/admin/leads')).status).toBe(200);
  });

  it("follow the creator's current role: a scope the role lost is refused", async () => {
    const { make, withToken, services, CALLS } = await setUp();
    const call = withToken((await make(['leads:read', 'forms:read', 'analytics:read'])).token);
    expect(await services.admins.setRole(JANE, 'editor', 'other@pharmabridge.test')).toBe(
      'changed',
    );
    // Editors have no leads: refused as the role is.
    const leads = await call('GET', '/api/admin/leads');
    expect(leads.status).toBe(403);
    expect((await errorOf(leads)).permission).toBe('leads');
    // Still theirs: forms and analytics.
    const [, formsPath] = CALLS['forms:read'];
    expect((await call('GET', formsPath)).status).toBe(200);
    expect(await services.admins.setRole(JANE, 'sales', 'other@pharmabridge.test')).toBe('changed');
    expect((await call('GET', '/api/admin/leads')).status).toBe(200);
    // Sales has no edit permission: forms:read is refused.
    const forms = await call('GET', formsPath);
    expect(forms.status).toBe(403);
  });

  it('stop working when they expire', async () => {
    const { make, withToken, clock } = await setUp();
    const call = withToken((await make(['leads:read'], { expiresInDays: 1 })).token);
    expect((await call('GET', '/api/admin/leads')).status).toBe(200);
    clock.advance(86_400);
    const refused = await call('GET', '/api/admin/leads');
    expect(refused.status).toBe(401);
    expect((await errorOf(refused)).message).toBe('This API token expired on 2026-11-21');
  });

  it('refuse an unknown or malformed token', async () => {
    const { withToken, make } = await setUp();
    const real = (await make(['leads:read'])).token;
    for (const secret of [`pb_${'A'.repeat(43)}`, 'pb_short', '', real.slice(0, -1)]) {
      const refused = await withToken(secret)('GET', '/api/admin/leads');
      expect(refused.status, secret).toBe(401);
      expect((await errorOf(refused)).message).toBe(
        'This API token is not valid: check that it was copied whole',
      );
    }
  });

  it('are rate-limited per token with Retry-After', async () => {
    const { make, withToken, clock } = await setUp({ API_TOKEN_RATE_LIMIT: '2' });
    const first = withToken((await make(['leads:read'])).token);
    const second = withToken((await make(['leads:read'])).token);
    expect((await first('GET', '/api/admin/leads')).status).toBe(200);
    expect((await first('GET', '/api/admin/leads')).status).toBe(200);
    const limited = await first('GET', '/api/admin/leads');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await errorOf(limited)).message).toMatch(
      /^This API token may make 2 calls a minute; try again in (\d+ seconds?|1 minute)$/,
    );
    // Another token has its own budget; the next minute, the first has one again.
    expect((await second('GET', '/api/admin/leads')).status).toBe(200);
    clock.advance(60);
    expect((await first('GET', '/api/admin/leads')).status).toBe(200);
  });

  it('refuse a request with both a session cookie and a token', async () => {
    const { make, withToken, cookie } = await setUpWithCookie();
    const call = withToken((await make(['leads:read'])).token);
    const refused = await call('GET', '/api/admin/leads', undefined, { cookie });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).message).toBe(
      'Send either a session cookie or an API token, not both',
    );
  });

  it('need no same-site request (no cookie), and each call is audited as the token', async () => {
    const { make, withToken, asJane, leadId, auditEntries, services } = await setUp();
    const call = withToken((await make(['leads:read', 'leads:write'])).token);
    const foreign = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const changed = await call(
      'PATCH',
      `/api/admin/leads/${leadId}`,
      { status: 'contacted' },
      foreign,
    );
    expect(changed.status).toBe(200);
    expect((await call('GET', '/api/admin/leads', undefined, foreign)).status).toBe(200);
    // The same from a cookie session is refused as cross-site.
    const cookieCall = await asJane(
      'PATCH',
      `/api/admin/leads/${leadId}`,
      { status: 'new' },
      foreign,
    );
    expect(cookieCall.status).toBe(403);

    const entries = await auditEntries();
    const calls = entries.filter((entry) => entry.action === 'api-call');
    // Both at the test clock's one instant: their order in the log is not the point.
    expect(calls.map((entry) => entry.summary).sort()).toEqual([
      `API token “CRM sync” of ${JANE} called GET /api/admin/leads: 200`,
      `API token “CRM sync” of ${JANE} called PATCH /api/admin/leads/${leadId}: 200`,
    ]);
    expect(calls.map((entry) => entry.actor)).toEqual([
      `${JANE} (API token “CRM sync”)`,
      `${JANE} (API token “CRM sync”)`,
    ]);
    // The change itself is the creator's (four-eyes rules see the person).
    expect(entries.some((entry) => entry.action === 'lead-status' && entry.actor === JANE)).toBe(
      true,
    );
    expect((await services.leads.record(leadId))?.lead.status).toBe('contacted');
  });

  it('note when they were last used, at most once a minute', async () => {
    const { make, withToken, asJane, clock } = await setUp();
    const call = withToken((await make(['leads:read'])).token);
    const lastUsed = async () =>
      tokenListSchema.parse(await (await asJane('GET', '/api/admin/tokens')).json()).tokens[0]!
        .lastUsedAt;
    await call('GET', '/api/admin/leads');
    expect(await lastUsed()).toBe('2026-11-20T10:00:00.000Z');
    clock.advance(30);
    await call('GET', '/api/admin/leads');
    expect(await lastUsed()).toBe('2026-11-20T10:00:00.000Z');
    clock.advance(31);
    await call('GET', '/api/admin/leads');
    expect(await lastUsed()).toBe('2026-11-20T10:01:01.000Z');
  });
});

async function setUpWithCookie() {
  const app = await setUp();
  const { cookie } = await app.signIn('sam@pharmabridge.test', 'admin');
  return { ...app, cookie };
}
