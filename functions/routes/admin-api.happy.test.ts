import { describe, expect, it } from 'vitest';
import { adminTestApp } from '../test/harness.ts';
import type { LandingPage, PageVersion, DeletedPage } from '../data/landing-pages/page-item.ts';
import type { AuditEntry } from '../data/audit.ts';
import type { BuildStatus } from '../shared/api/build.ts';
import type { Rebuilder } from '../rebuild/rebuilder.ts';
import { landingTemplate } from '../shared/template.ts';

/** Records rebuild requests instead of building (the build itself is tested in rebuild/). */
function recordingRebuilder(): Rebuilder & { reasons: string[] } {
  const reasons: string[] = [];
  return {
    reasons,
    async request(reason: string) {
      reasons.push(reason);
    },
    async status(): Promise<BuildStatus> {
      return { state: reasons.length ? 'building' : 'up-to-date' };
    },
  };
}

type VersionSummary = Omit<PageVersion, 'content' | 'pageId'>;

describe('admin API: versions, deleted pages, audit, rebuilds', () => {
  it('lists versions newest first, shows one, and restores it as a new version', async () => {
    const { json, email } = await adminTestApp();
    const page = (await (
      await json('POST', '/api/landing-pages', { title: 'V', slug: 'v' })
    ).json()) as LandingPage;
    const withHeadline = (headline: string) => ({
      content: { ...page.content, hero: { ...page.content.hero, headline } },
    });
    await json('PUT', `/api/landing-pages/${page.id}`, withHeadline('First'));
    await json('PUT', `/api/landing-pages/${page.id}`, withHeadline('Second'));
    await json('POST', `/api/landing-pages/${page.id}/reset-to-template`);

    const list = await json('GET', `/api/admin/pages/${page.id}/versions`);
    expect(list.headers.get('cache-control')).toBe('no-store');
    const versions = (await list.json()) as VersionSummary[];
    expect(versions.map((v) => v.reason)).toEqual(['reset', 'update', 'update']);
    expect(versions.every((v) => v.actor === email)).toBe(true);
    expect(versions[0]).not.toHaveProperty('content');

    const newest = versions[0]!;
    const one = (await (
      await json(
        'GET',
        `/api/admin/pages/${page.id}/versions/${encodeURIComponent(newest.versionId)}`,
      )
    ).json()) as PageVersion;
    // The reset kept the content from before it.
    expect(one.content.hero.headline).toBe('Second');

    const restored = await json(
      'POST',
      `/api/admin/pages/${page.id}/versions/${encodeURIComponent(newest.versionId)}/restore`,
    );
    expect(restored.status).toBe(200);
    expect(((await restored.json()) as LandingPage).content.hero.headline).toBe('Second');
    const after = (await (
      await json('GET', `/api/admin/pages/${page.id}/versions`)
    ).json()) as VersionSummary[];
    expect(after.map((v) => v.reason)).toEqual(['restore', 'reset', 'update', 'update']);
    // The restore version holds what the restore replaced: the template.
    const replaced = (await (
      await json(
        'GET',
        `/api/admin/pages/${page.id}/versions/${encodeURIComponent(after[0]!.versionId)}`,
      )
    ).json()) as PageVersion;
    expect(replaced.content).toEqual(landingTemplate());

    expect(
      (
        await json(
          'GET',
          `/api/admin/pages/${page.id}/versions/2020-01-01T00:00:00.000Z%2300000000`,
        )
      ).status,
    ).toBe(404);
    expect(
      (await json('POST', `/api/admin/pages/${page.id}/versions/not-a-version/restore`)).status,
    ).toBe(404);
  });

  it('lists a deleted page for 30 days and restores it with its slug and history', async () => {
    let now = new Date('2026-04-01T10:00:00Z');
    const { json, anonJson } = await adminTestApp({}, { now: () => now });
    const page = (await (
      await json('POST', '/api/landing-pages', { title: 'Gone', slug: 'gone' })
    ).json()) as LandingPage;
    await json('PUT', `/api/landing-pages/${page.id}`, { title: 'Gone soon' });
    now = new Date('2026-04-02T10:00:00Z');
    expect((await json('DELETE', `/api/landing-pages/${page.id}`)).status).toBe(204);
    expect((await anonJson('GET', '/api/landing-pages/gone')).status).toBe(404);

    const deleted = (await (await json('GET', '/api/admin/deleted-pages')).json()) as DeletedPage[];
    expect(deleted).toEqual([
      expect.objectContaining({
        id: page.id,
        title: 'Gone soon',
        slug: 'gone',
        deletedAt: '2026-04-02T10:00:00.000Z',
        restorableUntil: '2026-05-02T10:00:00.000Z',
      }),
    ]);

    now = new Date('2026-04-03T10:00:00Z');
    const restored = await json('POST', `/api/admin/deleted-pages/${page.id}/restore`);
    expect(restored.status).toBe(200);
    expect(((await restored.json()) as LandingPage).title).toBe('Gone soon');
    expect((await anonJson('GET', '/api/landing-pages/gone')).status).toBe(200);
    expect(await (await json('GET', '/api/admin/deleted-pages')).json()).toEqual([]);
    const versions = (await (
      await json('GET', `/api/admin/pages/${page.id}/versions`)
    ).json()) as VersionSummary[];
    expect(versions.map((v) => v.reason)).toEqual(['restore', 'delete', 'update']);
    expect((await json('POST', `/api/admin/deleted-pages/${page.id}/restore`)).status).toBe(404);
  });

  it('refuses to restore a deleted page whose slug was taken, and forgets it after 30 days', async () => {
    let now = new Date('2026-04-01T10:00:00Z');
    const { json } = await adminTestApp({}, { now: () => now });
    const page = (await (
      await json('POST', '/api/landing-pages', { title: 'A', slug: 'common' })
    ).json()) as LandingPage;
    await json('DELETE', `/api/landing-pages/${page.id}`);
    await json('POST', '/api/landing-pages', { title: 'B', slug: 'common' });
    const taken = await json('POST', `/api/admin/deleted-pages/${page.id}/restore`);
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { error: { fields: unknown } }).error.fields).toEqual({
      slug: ['is already used by another page'],
    });
    // Still listed: nothing is lost by a refused restore.
    expect(
      ((await (await json('GET', '/api/admin/deleted-pages')).json()) as DeletedPage[]).length,
    ).toBe(1);

    now = new Date('2026-05-01T10:00:01Z');
    expect(await (await json('GET', '/api/admin/deleted-pages')).json()).toEqual([]);
    expect((await json('POST', `/api/admin/deleted-pages/${page.id}/restore`)).status).toBe(404);
  });

  it('audits every change with who and what, newest first, and asks for a rebuild for each one visitors see', async () => {
    const rebuilder = recordingRebuilder();
    const { json, email } = await adminTestApp({}, { rebuilder });
    const page = (await (
      await json('POST', '/api/landing-pages', { title: 'Audit me', slug: 'audit-me' })
    ).json()) as LandingPage;
    await json('PUT', `/api/landing-pages/${page.id}`, { title: 'Audited', isActive: false });
    await json('POST', `/api/landing-pages/${page.id}/reset-to-template`);
    const versions = (await (
      await json('GET', `/api/admin/pages/${page.id}/versions`)
    ).json()) as VersionSummary[];
    await json(
      'POST',
      `/api/admin/pages/${page.id}/versions/${encodeURIComponent(versions[0]!.versionId)}/restore`,
    );
    await json('DELETE', `/api/landing-pages/${page.id}`);
    await json('POST', `/api/admin/deleted-pages/${page.id}/restore`);

    const audit = (await (await json('GET', '/api/admin/audit?limit=10')).json()) as {
      entries: AuditEntry[];
    };
    expect(audit.entries.map((e) => e.action)).toEqual([
      'restore',
      'delete',
      'restore',
      'reset',
      'update',
      'create',
    ]);
    expect(audit.entries.every((e) => e.actor === email && e.pageId === page.id)).toBe(true);
    expect(audit.entries[4]!.summary).toBe('Audited (/audit-me): changed title, isActive');
    // Created live by someone: its first publication, with its job code (issue 37).
    expect(audit.entries[5]!.summary).toBe(
      'Audit me (/audit-me): published; job code PB-2026-0001 v1',
    );
    // The reset and the version restore changed a draft: no rebuild for them
    // (docs/decisions/0420-drafts-ask-no-rebuild.md).
    expect(rebuilder.reasons.map((reason) => reason.split(' ')[0])).toEqual([
      'create',
      'update',
      'delete',
      'restore',
    ]);
    expect(rebuilder.reasons[0]).toBe(`create /audit-me by ${email}`);

    const page2 = await json('GET', '/api/admin/audit?limit=2');
    const first = (await page2.json()) as { entries: AuditEntry[]; cursor: string };
    expect(first.entries.map((e) => e.action)).toEqual(['restore', 'delete']);
    const next = (await (
      await json('GET', `/api/admin/audit?limit=2&cursor=${first.cursor}`)
    ).json()) as { entries: AuditEntry[] };
    expect(next.entries.map((e) => e.action)).toEqual(['restore', 'reset']);
    expect((await json('GET', '/api/admin/audit?limit=0')).status).toBe(400);

    // A refused change is neither audited nor rebuilt.
    await json('PUT', `/api/landing-pages/${page.id}`, { slug: 'admin' });
    expect(rebuilder.reasons).toHaveLength(4);
  });

  it('reports the build status and takes a manual rebuild request', async () => {
    const rebuilder = recordingRebuilder();
    const { json } = await adminTestApp({}, { rebuilder });
    expect(await (await json('GET', '/api/admin/build')).json()).toEqual({ state: 'up-to-date' });
    const manual = await json('POST', '/api/admin/build');
    expect(manual.status).toBe(202);
    expect(await manual.json()).toEqual({ state: 'building' });
  });

  it('lets a signed-in admin preview an inactive page', async () => {
    const { json, anonJson } = await adminTestApp();
    await json('POST', '/api/landing-pages', { title: 'Draft', slug: 'draft', isActive: false });
    expect((await anonJson('GET', '/api/landing-pages/draft')).status).toBe(404);
    const preview = await json('GET', '/api/landing-pages/draft');
    expect(preview.status).toBe(200);
    expect(preview.headers.get('cache-control')).toBe('no-store');
  });
});
