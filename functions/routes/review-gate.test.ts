// Issue 33, "Nothing visitors see changes without the approvals the setting requires", for
// pages: with approvals required, SPEC's PUT of a live page, a version restore onto it, a
// reset to the template and an image assignment (PUT {content}) go into its working copy
// (202, said in a sentence); making a page live and creating one live are 409s naming the
// way; a deleted live page comes back as a draft. The page repository refuses a live write
// nobody signed whatever route makes it (functions/data/live-guard.ts). Real DynamoDB Local
// through the app (functions/test/harness.ts). The table over every route and role is
// visible-changes.security.test.ts.
import { describe, expect, it } from 'vitest';
import type { LandingPage } from '../data/landing-pages/page-item.ts';
import { ReviewRequiredError } from '../data/live-guard.ts';
import type { ErrorBody } from '../lib/errors.ts';
import type { DeletedPageRestored, VersionSummary } from '../shared/api/versions.ts';
import type { Role } from '../shared/roles.ts';
import { landingTemplate } from '../shared/template.ts';
import type { SavedToCopy, WorkflowStatus } from '../shared/workflow.ts';
import { testApp, TEST_PASSWORD } from '../test/harness.ts';

async function team() {
  const base = await testApp();
  const people: Partial<Record<Role, (m: string, p: string, b?: unknown) => Promise<Response>>> =
    {};
  for (const role of ['admin', 'publisher', 'editor', 'reviewer'] as Role[]) {
    const { cookie } = await base.signIn(`${role}@pharmabridge.test`, role);
    people[role] = async (method, path, body) => base.json(method, path, body, { cookie });
  }
  const as = (role: Role) => people[role]!;
  // Live before review is switched on, with an earlier version to restore.
  const live = await base.services.pages.create({
    title: 'Spring campaign',
    slug: 'spring',
    isActive: true,
    content: landingTemplate(),
  });
  const headline = (text: string) => ({
    ...live.content,
    hero: { ...live.content.hero, headline: text },
  });
  expect(
    (await as('publisher')('PUT', `/api/landing-pages/${live.id}`, { content: headline('Old') }))
      .status,
  ).toBe(200);
  expect((await as('admin')('PUT', '/api/admin/settings', { approvalsRequired: 1 })).status).toBe(
    200,
  );
  const shown = async () =>
    (await (await base.json('GET', '/api/landing-pages/spring')).json()) as LandingPage;
  const page = async () =>
    (await (await as('admin')('GET', `/api/admin/pages/${live.id}`)).json()) as LandingPage & {
      workflow: WorkflowStatus;
    };
  return { ...base, as, live, headline, shown, page };
}

const sentence = async (response: Response) => ((await response.json()) as ErrorBody).error;

describe('with approvals required, a change to a live page goes into its working copy', () => {
  it("SPEC's PUT (a publisher's, an admin's): 202 with the sentence; visitors keep the live page", async () => {
    const { as, live, headline, shown, page } = await team();
    const before = await shown();
    for (const role of ['publisher', 'admin'] as const) {
      const revision = (await page()).workflow.workingCopy?.revision;
      const put = await as(role)('PUT', `/api/landing-pages/${live.id}`, {
        title: 'Spring campaign, new',
        content: headline(`By the ${role}`),
        ...(revision ? { revision } : {}),
      });
      expect(put.status).toBe(202);
      const body = (await put.json()) as SavedToCopy;
      expect(body.savedTo).toBe('working-copy');
      expect(body.message).toMatch(
        /^Spring campaign is live and publishing needs 1 approval: your change went into its working copy \(revision \d+\), which visitors do not see until it is approved and published\.$/,
      );
      expect(body.workingCopy.content.hero.headline).toBe(`By the ${role}`);
    }
    expect(await shown()).toEqual(before);
    const { workflow, title } = await page();
    expect(title).toBe('Spring campaign');
    expect(workflow.workingCopy).toMatchObject({
      title: 'Spring campaign, new',
      authors: ['publisher@pharmabridge.test', 'admin@pharmabridge.test'],
    });
  });

  it('without the revision of an existing working copy, the PUT is a 409 that overwrites nothing', async () => {
    const { as, live, headline, page } = await team();
    await as('editor')('PUT', `/api/landing-pages/${live.id}/draft`, {
      title: live.title,
      slug: live.slug,
      content: headline('The editor’s copy'),
      revision: (await page()).revision,
    });
    const put = await as('publisher')('PUT', `/api/landing-pages/${live.id}`, {
      content: headline('Over it'),
    });
    expect(put.status).toBe(409);
    const error = await sentence(put);
    expect(error.message).toContain('This page has a working copy (revision 3');
    expect(error.fields).toEqual({ revision: ['is required: the working copy is at revision 3'] });
    expect((await page()).workflow.workingCopy?.content.hero.headline).toBe('The editor’s copy');
  });

  it("SPEC's image assignment (PUT {content}) goes into the working copy too", async () => {
    const { as, live, shown, page } = await team();
    const before = await shown();
    const content = {
      ...before.content,
      hero: { ...before.content.hero, heroImage: '/screenshots/dashboard.png' },
    };
    const put = await as('admin')('PUT', `/api/landing-pages/${live.id}`, { content });
    expect(put.status).toBe(202);
    expect((await shown()).content.hero.heroImage).toBe(before.content.hero.heroImage);
    expect((await page()).workflow.workingCopy?.content.hero.heroImage).toBe(
      '/screenshots/dashboard.png',
    );
  });

  it('a version restored onto a live page goes into the working copy, which it replaces and keeps as a version', async () => {
    const { as, live, headline, shown, page } = await team();
    const before = await shown();
    await as('editor')('PUT', `/api/landing-pages/${live.id}/draft`, {
      title: live.title,
      slug: live.slug,
      content: headline('Being written'),
      revision: before.revision,
    });
    const versions = (await (
      await as('admin')('GET', `/api/admin/pages/${live.id}/versions`)
    ).json()) as VersionSummary[];
    const first = versions.at(-1)!;
    const restored = await as('publisher')(
      'POST',
      `/api/admin/pages/${live.id}/versions/${encodeURIComponent(first.versionId)}/restore`,
    );
    expect(restored.status).toBe(202);
    const body = (await restored.json()) as SavedToCopy;
    expect(body.message).toContain(
      `the version of ${first.versionId.slice(0, 16).replace('T', ' ')} UTC went into its working copy`,
    );
    expect(body.message).toMatch(/ The working copy it replaced is kept as a version\.$/);
    expect(body.workingCopy.content.hero.headline).toBe(landingTemplate().hero.headline);
    expect(await shown()).toEqual(before);
    // The copy it replaced is a version now, and restoring that one brings it back.
    const after = (await (
      await as('admin')('GET', `/api/admin/pages/${live.id}/versions`)
    ).json()) as VersionSummary[];
    expect(after[0]).toMatchObject({ reason: 'restore', actor: 'publisher@pharmabridge.test' });
    const back = await as('publisher')(
      'POST',
      `/api/admin/pages/${live.id}/versions/${encodeURIComponent(after[0]!.versionId)}/restore`,
    );
    expect(((await back.json()) as SavedToCopy).workingCopy.content.hero.headline).toBe(
      'Being written',
    );
    expect((await page()).content.hero.headline).toBe('Old');
  });

  it('a reset of a live page puts the template into the working copy', async () => {
    const { as, live, shown } = await team();
    const before = await shown();
    const reset = await as('publisher')('POST', `/api/landing-pages/${live.id}/reset-to-template`);
    expect(reset.status).toBe(202);
    const body = (await reset.json()) as SavedToCopy;
    expect(body.message).toContain('the latest template went into its working copy');
    expect(body.workingCopy.content.hero.headline).toBe(landingTemplate().hero.headline);
    expect(await shown()).toEqual(before);
  });
});

describe('with approvals required, what would make a page live is a 409 naming the way', () => {
  it('creating a page live (SPEC’s default) creates nothing; as a draft it is created', async () => {
    const { as, json } = await team();
    const live = await as('admin')('POST', '/api/landing-pages', { title: 'Now', slug: 'now' });
    expect(live.status).toBe(409);
    const error = await sentence(live);
    expect(error.message).toBe(
      'A new page goes live through review while approvals are required: create it as a draft (isActive: false), submit it for review, and publish it once approved. Nothing was created.',
    );
    expect(error.fields).toEqual({
      isActive: ['must be false while approvals are required: the page goes live when published'],
    });
    expect((await json('GET', '/api/landing-pages/now')).status).toBe(404);
    const draft = await as('admin')('POST', '/api/landing-pages', {
      title: 'Now',
      slug: 'now',
      isActive: false,
    });
    expect(draft.status).toBe(201);
  });

  it('a PUT that makes a page live is refused; one that takes a live page down is not', async () => {
    const { as, services, live } = await team();
    const hidden = await services.pages.create({
      title: 'Hidden',
      slug: 'hidden',
      isActive: false,
      content: landingTemplate(),
    });
    const up = await as('admin')('PUT', `/api/landing-pages/${hidden.id}`, { isActive: true });
    expect(up.status).toBe(409);
    expect((await sentence(up)).message).toBe(
      'Making Hidden live needs 1 approval while approvals are required: submit it for review in the editor, and publish it once approved. Nothing was changed.',
    );
    expect((await services.pages.getById(hidden.id))!.isActive).toBe(false);
    const down = await as('publisher')('PUT', `/api/landing-pages/${live.id}`, {
      isActive: false,
    });
    expect(down.status).toBe(200);
  });

  it('a deleted live page comes back as a draft, and the answer says why', async () => {
    const { as, live, json } = await team();
    expect((await as('publisher')('DELETE', `/api/landing-pages/${live.id}`)).status).toBe(204);
    const restored = await as('publisher')('POST', `/api/admin/deleted-pages/${live.id}/restore`);
    expect(restored.status).toBe(200);
    const body = (await restored.json()) as DeletedPageRestored;
    expect(body.isActive).toBe(false);
    expect(body.notice).toBe(
      'Spring campaign was live when it was deleted. Publishing needs 1 approval, so it is back as a draft: submit it for review, and publish it once approved.',
    );
    expect((await json('GET', '/api/landing-pages/spring')).status).toBe(404);
  });
});

describe('the page repository refuses a live write nobody signed, whatever route makes it', () => {
  it('an update, a live creation and a live restore of a deleted page each throw ReviewRequiredError', async () => {
    const { services, live } = await team();
    const change = { actor: 'script@pharmabridge.test', action: 'update' as const };
    await expect(services.pages.update(live.id, { title: 'Sneaky' }, change)).rejects.toThrow(
      ReviewRequiredError,
    );
    await expect(
      services.pages.create(
        { title: 'X', slug: 'x', isActive: true, content: landingTemplate() },
        { change: { ...change, action: 'create' } },
      ),
    ).rejects.toThrow(ReviewRequiredError);
    await services.pages.delete(live.id, { ...change, action: 'delete' });
    await expect(services.pages.restoreDeleted(live.id, change)).rejects.toThrow(
      ReviewRequiredError,
    );
    expect((await services.pages.restoreDeleted(live.id, change, { asDraft: true })).isActive).toBe(
      false,
    );
    // Taking a page down shows nothing new: it is not refused.
    expect((await services.pages.update(live.id, { title: 'Down' }, change)).title).toBe('Down');
  });

  it('a publish whose approvals the raised setting no longer covers publishes nothing', async () => {
    const { as, live, headline, shown, page } = await team();
    await as('editor')('PUT', `/api/landing-pages/${live.id}/draft`, {
      title: live.title,
      slug: live.slug,
      content: headline('Signed once'),
      revision: (await page()).revision,
    });
    await as('editor')('POST', `/api/landing-pages/${live.id}/submit`, {});
    expect(
      (
        await as('reviewer')('POST', `/api/landing-pages/${live.id}/approve`, {
          email: 'reviewer@pharmabridge.test',
          password: TEST_PASSWORD,
          meaning: 'approved',
        })
      ).status,
    ).toBe(201);
    expect((await as('admin')('PUT', '/api/admin/settings', { approvalsRequired: 2 })).status).toBe(
      200,
    );
    const before = await shown();
    expect(
      (await as('publisher')('POST', `/api/landing-pages/${live.id}/publish`, {})).status,
    ).toBe(409);
    expect(await shown()).toEqual(before);
  });
});
