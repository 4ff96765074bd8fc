// Job codes and the publication record (issue 37; functions/data/job-codes.ts,
// docs/decisions/0550-job-codes.md, 0551-publication-record.md): unique and sequential under
// two publishers at once, the prefix setting, a refused publication burns its number, the
// version a publish keeps carries the replaced publication with its approvals, the audit
// entry names the code, and the public answer carries only the code and a date. Real
// DynamoDB Local through the app (functions/test/workflow-team.ts).
import { describe, expect, it } from 'vitest';
import { publicLandingPageSchema } from '../../shared/api/pages.ts';
import type { PageVersionDto, VersionSummary } from '../../shared/api/versions.ts';
import type { ErrorEnvelope } from '../../shared/error-envelope.ts';
import type { Publication } from '../../shared/job-codes.ts';
import { landingTemplate } from '../../shared/template.ts';
import { approve, team } from '../../test/workflow-team.ts';

type Team = Awaited<ReturnType<typeof team>>;

/** The live version's publication as the admin's page answer has it. */
const publicationOf = async (t: Team, id: string) =>
  (
    (await (await t.as('admin')('GET', `/api/admin/pages/${id}`)).json()) as {
      publication?: Publication;
    }
  ).publication;

/** Saves a headline to the page's working copy and publishes it (no approvals required). */
async function publishHeadline(t: Team, id: string, headline: string, who = 'publisher') {
  const page = (await t.services.pages.getById(id))!;
  const saved = await t.as('editor')('PUT', `/api/landing-pages/${id}/draft`, {
    title: page.title,
    slug: page.slug,
    content: { ...page.content, hero: { ...page.content.hero, headline } },
    revision: page.revision,
  });
  expect(saved.status).toBe(200);
  return t.as(who)('POST', `/api/landing-pages/${id}/publish`, {});
}

/** A second live page, created as the seed creates pages (no publication yet). */
const autumnPage = (t: Team) =>
  t.services.pages.create({
    title: 'Autumn campaign',
    slug: 'autumn',
    isActive: true,
    content: landingTemplate(),
  });

describe('job codes', () => {
  it('two publishers at once get distinct codes in sequence; the page numbers its own publications', async () => {
    const t = await team();
    const autumn = await autumnPage(t);
    const answers = await Promise.all([
      publishHeadline(t, t.live.id, 'Spring, published'),
      publishHeadline(t, autumn.id, 'Autumn, published', 'admin'),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [spring, fall] = [await publicationOf(t, t.live.id), await publicationOf(t, autumn.id)];
    expect([spring?.jobCode, fall?.jobCode].sort()).toEqual(['PB-2026-0001', 'PB-2026-0002']);
    expect([spring?.version, fall?.version]).toEqual([1, 1]);
    expect(spring).toMatchObject({
      publishedBy: 'publisher@pharmabridge.test',
      publishedAt: '2026-11-25T14:00:00.000Z',
      approvals: [],
    });
    // The next publication of the spring page: the next number, and its second version.
    expect((await publishHeadline(t, t.live.id, 'Spring, again')).status).toBe(200);
    expect(await publicationOf(t, t.live.id)).toMatchObject({
      jobCode: 'PB-2026-0003',
      version: 2,
    });
    // Taken down: no live version, so no publication; going live again is the third.
    expect(
      (await t.as('publisher')('POST', `/api/landing-pages/${t.live.id}/unpublish`, {})).status,
    ).toBe(200);
    expect(await publicationOf(t, t.live.id)).toBeUndefined();
    expect(
      (await t.as('publisher')('POST', `/api/landing-pages/${t.live.id}/publish`, {})).status,
    ).toBe(200);
    expect(await publicationOf(t, t.live.id)).toMatchObject({
      jobCode: 'PB-2026-0004',
      version: 3,
    });
  });

  it('the prefix is a setting: capital letters and digits, a letter first, 2-10 characters', async () => {
    const t = await team();
    const settings = async () =>
      (
        (await (await t.as('admin')('GET', '/api/admin/settings')).json()) as Record<
          string,
          unknown
        >
      )['jobCodePrefix'];
    expect(await settings()).toBe('PB');
    for (const bad of ['pb', 'P', '1AB', 'ABCDEFGHIJK', 'P-B']) {
      const refused = await t.as('admin')('PUT', '/api/admin/settings', { jobCodePrefix: bad });
      expect(refused.status, bad).toBe(400);
      const { error } = (await refused.json()) as ErrorEnvelope;
      expect(error.fields?.['jobCodePrefix']?.[0]).toMatch(/capital letters or digits/);
    }
    expect(await settings()).toBe('PB');
    // A publisher may not change it.
    expect(
      (await t.as('publisher')('PUT', '/api/admin/settings', { jobCodePrefix: 'MLR' })).status,
    ).toBe(403);
    expect(
      (await t.as('admin')('PUT', '/api/admin/settings', { jobCodePrefix: 'MLR26' })).status,
    ).toBe(200);
    expect(await settings()).toBe('MLR26');
    expect((await publishHeadline(t, t.live.id, 'Coded')).status).toBe(200);
    expect((await publicationOf(t, t.live.id))?.jobCode).toBe('MLR26-2026-0001');
  });

  it('a publication refused after its number was drawn burns the number: the next one skips it', async () => {
    const t = await team();
    const autumn = await autumnPage(t);
    // A direct edit of a live page (no approvals required) to a slug another page holds:
    // refused by the transaction, after the code was drawn.
    const taken = await t.as('admin')('PUT', `/api/landing-pages/${t.live.id}`, {
      slug: 'autumn',
      revision: t.live.revision,
    });
    expect(taken.status).toBe(409);
    expect(await publicationOf(t, t.live.id)).toBeUndefined();
    expect((await publishHeadline(t, autumn.id, 'Autumn')).status).toBe(200);
    expect(await publicationOf(t, autumn.id)).toMatchObject({
      jobCode: 'PB-2026-0002',
      version: 1,
    });
  });

  it('keeps the approvals with the publication; the version a publish keeps carries the one it replaced; the audit entry names the code', async () => {
    const t = await team(1);
    await t.draft('Signed once', t.live.revision);
    await t.as('editor')('POST', `/api/landing-pages/${t.live.id}/submit`, {});
    expect(
      (await t.as('reviewer')('POST', `/api/landing-pages/${t.live.id}/approve`, approve())).status,
    ).toBe(201);
    expect(
      (await t.as('publisher')('POST', `/api/landing-pages/${t.live.id}/publish`, {})).status,
    ).toBe(200);
    const first = await publicationOf(t, t.live.id);
    expect(first).toEqual({
      jobCode: 'PB-2026-0001',
      version: 1,
      publishedAt: '2026-11-25T14:00:00.000Z',
      publishedBy: 'publisher@pharmabridge.test',
      approvals: [
        {
          signerName: expect.any(String),
          signerEmail: 'reviewer@pharmabridge.test',
          signedAt: '2026-11-25T14:00:00.000Z',
          meaning: 'approved-medical',
        },
      ],
    });
    // A second publication, signed by the other reviewer a day later.
    t.clock.advance(86_400_000);
    const page = (await t.services.pages.getById(t.live.id))!;
    await t.draft('Signed twice', page.revision);
    await t.as('editor')('POST', `/api/landing-pages/${t.live.id}/submit`, {});
    await t.as('reviewer2')(
      'POST',
      `/api/landing-pages/${t.live.id}/approve`,
      approve('approved-legal', 'reviewer2'),
    );
    expect(
      (await t.as('admin')('POST', `/api/landing-pages/${t.live.id}/publish`, {})).status,
    ).toBe(200);
    expect(await publicationOf(t, t.live.id)).toMatchObject({
      jobCode: 'PB-2026-0002',
      version: 2,
      publishedBy: 'admin@pharmabridge.test',
      approvals: [{ signerEmail: 'reviewer2@pharmabridge.test', meaning: 'approved-legal' }],
    });
    // The version the second publish kept is the first publication's state, with its code.
    const versions = (await (
      await t.as('reviewer')('GET', `/api/admin/pages/${t.live.id}/versions`)
    ).json()) as VersionSummary[];
    expect(versions[0]).toMatchObject({ reason: 'publish', publication: first });
    // The first publish replaced a page live before job codes: no publication to keep.
    expect(versions.filter((version) => version.publication)).toHaveLength(1);
    const one = (await (
      await t.as('reviewer')(
        'GET',
        `/api/admin/pages/${t.live.id}/versions/${encodeURIComponent(versions[0]!.versionId)}`,
      )
    ).json()) as PageVersionDto;
    expect(one.publication).toEqual(first);
    expect(one.content.hero.headline).toBe('Signed once');
    const audit = (await (await t.as('admin')('GET', '/api/admin/audit?limit=20')).json()) as {
      entries: { action: string; summary: string }[];
    };
    expect(
      audit.entries.filter((entry) => entry.action === 'publish').map((entry) => entry.summary),
    ).toEqual([
      expect.stringMatching(/with 1 approval; job code PB-2026-0002 v2$/),
      expect.stringMatching(/with 1 approval; job code PB-2026-0001 v1$/),
    ]);
  });

  it('the public answer carries the code and the date of the latest approval, never who signed', async () => {
    const t = await team(1);
    await t.draft('Public', t.live.revision);
    await t.as('editor')('POST', `/api/landing-pages/${t.live.id}/submit`, {});
    await t.as('reviewer')('POST', `/api/landing-pages/${t.live.id}/approve`, approve());
    // Published two days after it was signed.
    t.clock.advance(2 * 86_400_000);
    await t.as('publisher')('POST', `/api/landing-pages/${t.live.id}/publish`, {});
    const answer = await t.json('GET', '/api/landing-pages/spring');
    const text = await answer.text();
    const body = publicLandingPageSchema.parse(JSON.parse(text));
    expect(body.publication).toEqual({
      jobCode: 'PB-2026-0001 v1',
      date: '2026-11-25',
      approved: true,
    });
    expect(text).not.toContain('reviewer@');
    expect(text).not.toContain('publisher@');
    // Content nobody signed (approvals no longer required): the publication's own date.
    await t.as('admin')('PUT', '/api/admin/settings', { approvalsRequired: 0 });
    expect((await publishHeadline(t, t.live.id, 'Unsigned')).status).toBe(200);
    const unsigned = publicLandingPageSchema.parse(
      await (await t.json('GET', '/api/landing-pages/spring')).json(),
    );
    expect(unsigned.publication).toEqual({
      jobCode: 'PB-2026-0002 v2',
      date: '2026-11-27',
      approved: false,
    });
  });
});
