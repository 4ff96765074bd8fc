// The editor's API guarantees: stale saves refused (409), the audit entry written in the
// page change's own transaction, drafts, copies, per-page SEO validation, and a rebuild
// request that fails after a committed save showing in the build status, not as a 500.
import type { ServiceInputTypes, ServiceOutputTypes } from '@aws-sdk/lib-dynamodb';
import type { BuildMiddleware } from '@smithy/types';
import { describe, expect, it } from 'vitest';
import { adminTestApp } from '../test/harness.ts';
import { seedDefaultPage } from '../data/seed.ts';
import type { ErrorBody } from '../lib/errors.ts';
import type { Rebuilder } from '../rebuild/rebuilder.ts';
import { errorEnvelopeSchema } from '../shared/error-envelope.ts';
import { auditListSchema, type AuditEntryDto } from '../shared/api/audit.ts';
import { buildStatusSchema } from '../shared/api/build.ts';
import { landingPageSchema, pageListSchema, type LandingPageDto } from '../shared/api/pages.ts';
import { placeholderContent } from '../shared/landing-content.ts';
import { landingTemplate } from '../shared/template.ts';

const errorOf = async (response: Response) =>
  errorEnvelopeSchema.parse((await response.json()) as ErrorBody).error;
const pageOf = async (response: Response) => landingPageSchema.parse(await response.json());

async function createPage(
  json: Awaited<ReturnType<typeof adminTestApp>>['json'],
  body: Record<string, unknown>,
): Promise<LandingPageDto> {
  const response = await json('POST', '/api/landing-pages', body);
  expect(response.status).toBe(201);
  return pageOf(response);
}

async function auditOf(
  json: Awaited<ReturnType<typeof adminTestApp>>['json'],
  pageId: string,
): Promise<AuditEntryDto[]> {
  const response = await json('GET', '/api/admin/audit?limit=200');
  const { entries } = auditListSchema.parse(await response.json());
  return entries.filter((entry) => entry.pageId === pageId);
}

const withHeadline = (page: LandingPageDto, headline: string) => ({
  ...page.content,
  hero: { ...page.content.hero, headline },
});

/** Counts rebuild requests; `fail` makes them throw (CodeBuild refusing, say). */
function countingRebuilder(): Rebuilder & { reasons: string[]; fail: Error | undefined } {
  const rebuilder = {
    reasons: [] as string[],
    fail: undefined as Error | undefined,
    async request(reason: string) {
      if (rebuilder.fail) throw rebuilder.fail;
      rebuilder.reasons.push(reason);
    },
    async status() {
      return { state: 'up-to-date' as const, startedAt: '2000-01-01T00:00:00.000Z' };
    },
  };
  return rebuilder;
}

describe('landing pages API: optimistic concurrency', () => {
  it('refuses a save based on a stale revision with 409, keeping the newer save', async () => {
    const rebuilder = countingRebuilder();
    const { json, email } = await adminTestApp({}, { rebuilder });
    const page = await createPage(json, { title: 'Race', slug: 'race' });
    expect(page.revision).toBe(1);
    expect(page.updatedBy).toBe(email);

    // Admin A saves from revision 1.
    const first = await json('PUT', `/api/landing-pages/${page.id}`, {
      content: withHeadline(page, 'Saved by A'),
      revision: 1,
    });
    expect(first.status).toBe(200);
    expect((await pageOf(first)).revision).toBe(2);

    // Admin B's form was opened at revision 1 too.
    const stale = await json('PUT', `/api/landing-pages/${page.id}`, {
      title: 'B wins?',
      content: withHeadline(page, 'Saved by B'),
      revision: 1,
    });
    expect(stale.status).toBe(409);
    const error = await errorOf(stale);
    expect(error.code).toBe('conflict');
    expect(error.message).toContain(`saved by ${email}`);
    expect(error.message).toContain('after you opened it');
    expect(error.fields).toEqual({ revision: ['is 1, but the page is at revision 2 now'] });

    const stored = await pageOf(await json('GET', `/api/admin/pages/${page.id}`));
    expect(stored.title).toBe('Race');
    expect(stored.content.hero.headline).toBe('Saved by A');
    expect(stored.revision).toBe(2);
    // The refused save was neither audited nor rebuilt.
    expect((await auditOf(json, page.id)).map((e) => e.action)).toEqual(['update', 'create']);
    expect(rebuilder.reasons).toHaveLength(2);

    // Overwrite: B saves again on the revision it has now seen.
    const overwrite = await json('PUT', `/api/landing-pages/${page.id}`, {
      content: withHeadline(page, 'Saved by B'),
      revision: 2,
    });
    expect(overwrite.status).toBe(200);
    expect((await pageOf(overwrite)).content.hero.headline).toBe('Saved by B');
  });

  it('lets exactly one of two saves from the same revision through', async () => {
    const { json } = await adminTestApp();
    const page = await createPage(json, { title: 'Both', slug: 'both' });
    const answers = await Promise.all(
      ['One', 'Two'].map((headline) =>
        json('PUT', `/api/landing-pages/${page.id}`, {
          content: withHeadline(page, headline),
          revision: page.revision,
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await auditOf(json, page.id)).map((e) => e.action)).toEqual(['update', 'create']);
  });

  it('still takes a PUT without a revision (docs/requirements.md §7 image assignment sends only content)', async () => {
    const { json } = await adminTestApp();
    const page = await createPage(json, { title: 'Assign', slug: 'assign' });
    await json('PUT', `/api/landing-pages/${page.id}`, { title: 'Renamed', revision: 1 });
    const assigned = await json('PUT', `/api/landing-pages/${page.id}`, {
      content: {
        ...page.content,
        hero: { ...page.content.hero, heroImage: '/screenshots/supplier-portal.png' },
      },
    });
    expect(assigned.status).toBe(200);
    const saved = await pageOf(assigned);
    expect(saved.revision).toBe(3);
    expect(saved.title).toBe('Renamed');
    expect(saved.content.hero.heroImage).toBe('/screenshots/supplier-portal.png');
  });

  it('refuses a revision that is not a number', async () => {
    const { json } = await adminTestApp();
    const page = await createPage(json, { title: 'Rev', slug: 'rev' });
    const response = await json('PUT', `/api/landing-pages/${page.id}`, {
      title: 'x',
      revision: 'latest',
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toEqual({ revision: ['must be a number'] });
    const empty = await json('PUT', `/api/landing-pages/${page.id}`, { revision: 1 });
    expect(empty.status).toBe(400);
  });
});

describe('landing pages API: the audit entry is part of the change', () => {
  it('writes one entry, with the actor, IP and changed sections, exactly for committed changes', async () => {
    const { json, email } = await adminTestApp();
    const page = await createPage(json, { title: 'Logged', slug: 'logged', isActive: false });
    await createPage(json, { title: 'Other', slug: 'other' });

    const saved = await json(
      'PUT',
      `/api/landing-pages/${page.id}`,
      {
        title: 'Logged page',
        content: {
          ...withHeadline(page, 'New'),
          seo: { title: 'Logged | PharmaBridge' },
        },
        revision: 1,
      },
      { 'x-forwarded-for': '203.0.113.9' },
    );
    expect(saved.status).toBe(200);
    // Refused: slug taken, stale revision, unknown page. None may leave an entry.
    expect((await json('PUT', `/api/landing-pages/${page.id}`, { slug: 'other' })).status).toBe(
      409,
    );
    expect(
      (await json('PUT', `/api/landing-pages/${page.id}`, { title: 'x', revision: 1 })).status,
    ).toBe(409);

    const entries = await auditOf(json, page.id);
    expect(entries.map((e) => [e.action, e.summary])).toEqual([
      ['update', 'Logged page (/logged): changed title, content (hero, seo)'],
      ['create', 'Logged (/logged): draft'],
    ]);
    expect(entries[0]).toMatchObject({ actor: email, ip: '203.0.113.9' });
  });

  it('does not commit a change whose audit entry cannot be written', async () => {
    const { json, services } = await adminTestApp();
    const page = await createPage(json, { title: 'Atomic', slug: 'atomic' });
    // Make DynamoDB itself refuse the audit part of the next transaction (a condition it
    // cannot meet), as a failure of that one write would: the page must stay as it was.
    let sabotaged = 0;
    const refuseAudit: BuildMiddleware<ServiceInputTypes, ServiceOutputTypes> =
      (next) => async (args) => {
        const request = args.request as { headers: Record<string, string>; body?: unknown };
        if (request.headers['x-amz-target'] === 'DynamoDB_20120810.TransactWriteItems') {
          const text =
            typeof request.body === 'string'
              ? request.body
              : Buffer.from(request.body as Uint8Array).toString('utf8');
          const body = JSON.parse(text) as {
            TransactItems: {
              Put?: { Item: { pk?: { S?: string } }; ConditionExpression?: string };
            }[];
          };
          for (const part of body.TransactItems) {
            if (part.Put?.Item.pk?.S?.startsWith('AUDIT#')) {
              part.Put.ConditionExpression = 'attribute_exists(pk)';
              sabotaged += 1;
            }
          }
          const sent = JSON.stringify(body);
          request.body = sent;
          request.headers['content-length'] = String(Buffer.byteLength(sent));
        }
        return next(args);
      };
    services.db.middlewareStack.add(refuseAudit, { step: 'build', name: 'refuseAudit' });
    const response = await json('PUT', `/api/landing-pages/${page.id}`, {
      content: withHeadline(page, 'Never saved'),
      revision: 1,
    });
    services.db.middlewareStack.remove('refuseAudit');
    expect(sabotaged).toBe(1);
    expect(response.status).toBe(409);

    const stored = await pageOf(await json('GET', `/api/admin/pages/${page.id}`));
    expect(stored.revision).toBe(1);
    expect(stored.content.hero.headline).toBe(page.content.hero.headline);
    expect(await services.pages.versions(page.id)).toEqual([]);
    expect((await auditOf(json, page.id)).map((e) => e.action)).toEqual(['create']);
  });
});

describe('landing pages API: drafts and where new pages start', () => {
  it('keeps docs/requirements.md §3 defaults and hides drafts from visitors, not from admins', async () => {
    const { json, anonJson } = await adminTestApp();
    const live = await createPage(json, { title: 'Live', slug: 'live' });
    expect(live.isActive).toBe(true);
    expect(live.content).toEqual(placeholderContent());

    const draft = await createPage(json, { title: 'Draft', slug: 'draft', isActive: false });
    expect(draft.isActive).toBe(false);
    expect((await anonJson('GET', '/api/landing-pages/draft')).status).toBe(404);
    expect((await anonJson('GET', '/api/landing-pages/live')).status).toBe(200);
    const preview = await json('GET', '/api/landing-pages/draft');
    expect(preview.status).toBe(200);
    expect(preview.headers.get('cache-control')).toBe('no-store');
    expect((await pageOf(preview)).id).toBe(draft.id);

    // The admin's read by id returns drafts too; visitors get nothing.
    expect((await json('GET', `/api/admin/pages/${draft.id}`)).status).toBe(200);
    expect((await anonJson('GET', `/api/admin/pages/${draft.id}`)).status).toBe(401);
    expect((await json('GET', '/api/admin/pages/no-such-page')).status).toBe(404);

    // Publishing is an update of isActive.
    const published = await json('PUT', `/api/landing-pages/${draft.id}`, {
      isActive: true,
      revision: draft.revision,
    });
    expect((await pageOf(published)).isActive).toBe(true);
    expect((await anonJson('GET', '/api/landing-pages/draft')).status).toBe(200);
    pageListSchema.parse(await (await json('GET', '/api/landing-pages')).json());
  });

  it('starts from the template, from placeholders, or from a copy of another page', async () => {
    const { json, services } = await adminTestApp();
    await seedDefaultPage(services.pages);
    const fromTemplate = await createPage(json, {
      title: 'T',
      slug: 'from-template',
      startFrom: 'template',
      isActive: false,
    });
    expect(fromTemplate.content).toEqual(landingTemplate());
    const fromPlaceholder = await createPage(json, {
      title: 'P',
      slug: 'from-placeholder',
      startFrom: 'placeholder',
    });
    expect(fromPlaceholder.content).toEqual(placeholderContent());

    const source = await createPage(json, { title: 'Source', slug: 'source' });
    const edited = withHeadline(source, 'Only on the source');
    await json('PUT', `/api/landing-pages/${source.id}`, {
      content: { ...edited, seo: { description: 'Copied too' } },
      revision: 1,
    });
    const copy = await createPage(json, {
      title: 'Copy',
      slug: 'copy',
      startFrom: 'copy',
      copyOf: source.id,
      isActive: false,
    });
    expect(copy.id).not.toBe(source.id);
    expect(copy.content.hero.headline).toBe('Only on the source');
    expect(copy.content.seo).toEqual({ description: 'Copied too' });
    expect(copy.revision).toBe(1);
    const entries = await auditOf(json, copy.id);
    expect(entries.map((e) => e.summary)).toEqual([
      'Copy (/copy): draft, copy of Source (/source)',
    ]);
    // Changing the copy leaves the source alone.
    await json('PUT', `/api/landing-pages/${copy.id}`, {
      content: withHeadline(copy, 'Copy changed'),
      revision: 1,
    });
    expect((await services.pages.getById(source.id))?.content.hero.headline).toBe(
      'Only on the source',
    );
  });

  it('names the field when the start is contradictory or the copied page does not exist', async () => {
    const { json } = await adminTestApp();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ startFrom: 'copy' }, { copyOf: ['is required to copy a page'] }],
      [{ copyOf: 'abc' }, { copyOf: ['is only allowed with startFrom "copy"'] }],
      [
        { startFrom: 'template', content: placeholderContent() },
        { startFrom: ['cannot be combined with content; send one or the other'] },
      ],
      [
        { startFrom: 'copy', copyOf: 'no-such-page' },
        { copyOf: ['does not name an existing page'] },
      ],
      [{ startFrom: 'blank' }, { startFrom: ['must be one of "placeholder", "template", "copy"'] }],
      [
        { startFrom: 'copy', copyOf: '../etc' },
        { copyOf: ['must be a page id (letters, digits and hyphens)'] },
      ],
    ];
    for (const [extra, fields] of cases) {
      const response = await json('POST', '/api/landing-pages', {
        title: 'Bad start',
        slug: 'bad-start',
        ...extra,
      });
      expect(response.status, JSON.stringify(extra)).toBe(400);
      expect((await errorOf(response)).fields, JSON.stringify(extra)).toEqual(fields);
    }
    // Nothing was created.
    expect((await json('GET', '/api/landing-pages/bad-start')).status).toBe(404);
  });
});

describe('landing pages API: per-page SEO', () => {
  it('stores valid settings and names each invalid one', async () => {
    const { json } = await adminTestApp();
    const page = await createPage(json, { title: 'Seo', slug: 'seo-page' });
    const seo = {
      title: 'Data contracts for suppliers | PharmaBridge',
      description: 'Validate supplier data at upload against your contract rules.',
      image: '/screenshots/supplier-portal.png',
      noindex: true,
    };
    const saved = await json('PUT', `/api/landing-pages/${page.id}`, {
      content: { ...page.content, seo },
      revision: 1,
    });
    expect(saved.status).toBe(200);
    expect((await pageOf(saved)).content.seo).toEqual(seo);

    const bad = await json('PUT', `/api/landing-pages/${page.id}`, {
      content: {
        ...page.content,
        seo: {
          title: 'x'.repeat(71),
          description: 'y'.repeat(201),
          image: 'javascript:alert(1)',
          noindex: 'yes',
          keywords: 'pharma',
        },
      },
    });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields).toEqual({
      'content.seo.title': ['must be at most 70 characters'],
      'content.seo.description': ['must be at most 200 characters'],
      'content.seo.image': ['must be an http(s) URL, a path starting with / or an #anchor'],
      'content.seo.noindex': ['must be a boolean'],
      'content.seo.keywords': ['is not a known field'],
    });
    const stored = await pageOf(await json('GET', `/api/admin/pages/${page.id}`));
    expect(stored.content.seo).toEqual(seo);
  });

  it("keeps the page's SEO settings through a reset to the template", async () => {
    const { json } = await adminTestApp();
    const page = await createPage(json, { title: 'Hidden', slug: 'hidden' });
    await json('PUT', `/api/landing-pages/${page.id}`, {
      content: { ...withHeadline(page, 'Mine'), seo: { noindex: true } },
    });
    const reset = await pageOf(
      await json('POST', `/api/landing-pages/${page.id}/reset-to-template`),
    );
    expect(reset.content.hero.headline).toBe(landingTemplate().hero.headline);
    expect(reset.content.seo).toEqual({ noindex: true });
  });
});

describe('landing pages API: the rebuild follows the commit', () => {
  it('answers a saved change with 200 when the rebuild request fails, and shows it in the build status', async () => {
    const rebuilder = countingRebuilder();
    const { json, log } = await adminTestApp({}, { rebuilder });
    const page = await createPage(json, { title: 'Built', slug: 'built' });
    expect(
      buildStatusSchema.parse(await (await json('GET', '/api/admin/build')).json()).state,
    ).toBe('up-to-date');

    rebuilder.fail = new Error('CodeBuild: AccountLimitExceededException');
    const saved = await json('PUT', `/api/landing-pages/${page.id}`, {
      content: withHeadline(page, 'Saved anyway'),
      revision: 1,
    });
    expect(saved.status).toBe(200);
    expect((await pageOf(saved)).content.hero.headline).toBe('Saved anyway');
    const failed = buildStatusSchema.parse(await (await json('GET', '/api/admin/build')).json());
    expect(failed.state).toBe('failed');
    expect(failed.logTail).toContain('The rebuild could not be requested');
    expect(failed.logTail).toContain('AccountLimitExceededException');
    expect(log.lines.some((line) => line.message === 'site rebuild request failed')).toBe(true);

    // The next request that gets through clears it.
    rebuilder.fail = undefined;
    const manual = await json('POST', '/api/admin/build');
    expect(manual.status).toBe(202);
    expect(buildStatusSchema.parse(await manual.json()).state).toBe('up-to-date');
  });
});

describe('landing pages API: a draft asks for no rebuild (docs/decisions/0420-drafts-ask-no-rebuild.md)', () => {
  it('creates, saves, renames, resets and restores a draft without a rebuild; going live asks for one', async () => {
    const rebuilder = countingRebuilder();
    const { json } = await adminTestApp({}, { rebuilder });
    const draft = await createPage(json, { title: 'Quiet', slug: 'quiet', isActive: false });
    const saved = await json('PUT', `/api/landing-pages/${draft.id}`, {
      title: 'Quiet draft',
      slug: 'quiet-draft',
      content: withHeadline(draft, 'Still a draft'),
      revision: 1,
    });
    expect(saved.status).toBe(200);
    expect((await json('POST', `/api/landing-pages/${draft.id}/reset-to-template`)).status).toBe(
      200,
    );
    const versions = (await (
      await json('GET', `/api/admin/pages/${draft.id}/versions`)
    ).json()) as { versionId: string }[];
    const restored = await json(
      'POST',
      `/api/admin/pages/${draft.id}/versions/${encodeURIComponent(versions[0]!.versionId)}/restore`,
    );
    expect(restored.status).toBe(200);
    expect((await pageOf(restored)).content.hero.headline).toBe('Still a draft');
    expect(rebuilder.reasons).toEqual([]);

    // Making it live, saving it live and creating a live page are seen by visitors.
    const live = await json('PUT', `/api/landing-pages/${draft.id}`, {
      isActive: true,
      revision: 4,
    });
    expect(live.status).toBe(200);
    await json('PUT', `/api/landing-pages/${draft.id}`, {
      content: withHeadline(draft, 'Live now'),
      revision: 5,
    });
    await createPage(json, { title: 'Loud', slug: 'loud' });
    expect(rebuilder.reasons.map((reason) => reason.split(' ').slice(0, 2).join(' '))).toEqual([
      'update /quiet-draft',
      'update /quiet-draft',
      'create /loud',
    ]);
  });

  it('asks for one when a draft takes an address a redirect started from', async () => {
    const rebuilder = countingRebuilder();
    const { json } = await adminTestApp({}, { rebuilder });
    // A live page renamed leaves /old -> /new and /legacy/old -> /legacy/new.
    const page = await createPage(json, { title: 'Moved', slug: 'old' });
    await json('PUT', `/api/landing-pages/${page.id}`, { slug: 'new', revision: 1 });
    rebuilder.reasons.length = 0;
    // A draft at /old removes the redirect from /legacy/old: the published map changes.
    await createPage(json, { title: 'Taker', slug: 'old', isActive: false });
    expect(rebuilder.reasons).toHaveLength(1);
    const redirects = (await (await json('GET', '/api/admin/redirects')).json()) as {
      from: string;
    }[];
    expect(redirects.map((redirect) => redirect.from)).toEqual(['/old']);
  });
});
