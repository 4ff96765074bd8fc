// Issue 33, images: with approvals required, new alt text or new bytes for an image a live
// page shows make a new image record (a new id) that pages take through their working
// copies; visitors keep the old one until a copy is published. An image no live page shows
// changes in place, and a working copy's signed hash covers the images it shows, so such a
// change voids the approvals instead of reaching visitors unsigned. Real HTTP over the local
// server's front (functions/test/media-kit.ts: /objects/uploads/* served from the disk store).
import { afterEach, describe, expect, it } from 'vitest';
import type { LandingPage } from '../data/landing-pages/page-item.ts';
import { png } from '../media/test-images.ts';
import type { PublicLandingPageDto } from '../shared/api/pages.ts';
import type { MediaChangeResponse, MediaRecord, MediaUsageResponse } from '../shared/media.ts';
import type { WorkflowStatus } from '../shared/workflow.ts';
import { TEST_PASSWORD } from '../test/harness.ts';
import { mediaApp, type MediaApp } from '../test/media-kit.ts';

let t: MediaApp;
afterEach(async () => t?.close());

/**
 * An image, a live page whose first feature shows it (`shown: false`: a live page that
 * does not), and then review switched on.
 */
async function liveImage({ shown = true } = {}) {
  t = await mediaApp('disk');
  const image = await t.addImage(await png(64, 48, '#336699'), 'chart.png');
  await t.expectOk(await t.call('PATCH', `/api/admin/media/${image.id}`, { alt: 'Old alt' }));
  const created = await t.expectOk<LandingPage>(
    await t.call('POST', '/api/landing-pages', { title: 'Spring', slug: 'spring' }),
  );
  const content = {
    ...created.content,
    features: {
      ...created.content.features,
      items: [{ title: 'Charts', description: 'See it', image: image.objectPath }],
    },
  };
  if (shown) await t.expectOk(await t.call('PUT', `/api/landing-pages/${created.id}`, { content }));
  await t.expectOk(await t.call('PUT', '/api/admin/settings', { approvalsRequired: 1 }));
  const { cookie: reviewer } = await t.signIn('reviewer@pharmabridge.test', 'reviewer');
  const { cookie: editor } = await t.signIn('editor@pharmabridge.test', 'editor');
  const publicPage = async () =>
    (await (
      await t.call('GET', '/api/landing-pages/spring', undefined, { cookie: '' })
    ).json()) as PublicLandingPageDto;
  const served = async (path: string) => {
    const response = await fetch(`${t.url}${path}`);
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
  };
  const workflow = async () =>
    (
      (await (await t.call('GET', `/api/admin/pages/${created.id}`)).json()) as {
        workflow: WorkflowStatus;
      }
    ).workflow;
  return { image, page: created, content, reviewer, editor, publicPage, served, workflow };
}

describe('with approvals required, an image a live page shows', () => {
  it('gets new alt text as a new record, which the page takes through its working copy', async () => {
    const { image, page, publicPage, served, workflow } = await liveImage();
    const before = { page: await publicPage(), bytes: await served(image.objectPath) };
    const response = await t.call('PATCH', `/api/admin/media/${image.id}`, { alt: 'New alt' });
    expect(response.status).toBe(200);
    const next = (await response.json()) as MediaChangeResponse;
    expect(next.id).not.toBe(image.id);
    expect(next).toMatchObject({ alt: 'New alt', fileName: 'chart.png', version: 1 });
    expect(next.adoption).toEqual({
      previousId: image.id,
      pages: [{ id: page.id, title: 'Spring', slug: 'spring' }],
      message:
        'Live pages show this image, and publishing needs review, so the change made a new image. Spring (/spring) gets it through its working copy; visitors keep seeing the old one until it is approved and published.',
    });
    // Visitors: the same page, the same alt text, the same bytes.
    expect(await publicPage()).toEqual(before.page);
    expect(await served(image.objectPath)).toEqual(before.bytes);
    const old = (await (await t.call('GET', `/api/admin/media/${image.id}`)).json()) as MediaRecord;
    expect(old).toMatchObject({ alt: 'Old alt', replacedBy: next.id });
    // The working copy shows the new record, whose bytes are the old ones at a new path.
    const copy = (await workflow()).workingCopy!;
    expect(copy.content.features.items[0]!.image).toBe(next.objectPath);
    expect((await served(next.objectPath)).bytes).toEqual(before.bytes.bytes);
    expect(
      (await (
        await t.call('GET', `/api/admin/media/${next.id}/usage`)
      ).json()) as MediaUsageResponse,
    ).toEqual({
      pages: [
        {
          id: page.id,
          title: 'Spring',
          slug: 'spring',
          fields: ['features.items.0.image'],
          workingCopy: true,
        },
      ],
    });
  });

  it('replaced by an upload becomes a new record; the old bytes stay served to visitors', async () => {
    const { image, page, publicPage, served, workflow } = await liveImage();
    const before = { page: await publicPage(), bytes: await served(image.objectPath) };
    const { objectPath: upload } = await t.uploadForm(await png(80, 40, '#aa3300'), 'chart-2.png');
    const response = await t.call('POST', `/api/admin/media/${image.id}/replace`, {
      objectPath: upload,
    });
    expect(response.status).toBe(200);
    const next = (await response.json()) as MediaChangeResponse;
    expect(next).toMatchObject({
      objectPath: upload,
      fileName: 'chart.png',
      alt: 'Old alt',
      width: 80,
      height: 40,
    });
    expect(next.adoption?.pages).toEqual([{ id: page.id, title: 'Spring', slug: 'spring' }]);
    expect(await publicPage()).toEqual(before.page);
    expect(await served(image.objectPath)).toEqual(before.bytes);
    expect((await served(upload)).bytes).not.toEqual(before.bytes.bytes);
    expect((await workflow()).workingCopy!.content.features.items[0]!.image).toBe(upload);
  });
});

describe('with approvals required, a page with a working copy', () => {
  it('takes the new image into that copy, keeping the copy’s own changes', async () => {
    const { image, page, content, editor, publicPage, workflow } = await liveImage();
    const live = await t.expectOk<LandingPage>(await t.call('GET', `/api/admin/pages/${page.id}`));
    await t.expectOk(
      await t.call(
        'PUT',
        `/api/landing-pages/${page.id}/draft`,
        {
          title: live.title,
          slug: live.slug,
          content: { ...content, hero: { ...content.hero, headline: 'Being written' } },
          revision: live.revision,
        },
        { cookie: editor },
      ),
    );
    const before = await publicPage();
    const next = await t.expectOk<MediaChangeResponse>(
      await t.call('PATCH', `/api/admin/media/${image.id}`, { alt: 'New alt' }),
    );
    expect(next.adoption?.pages).toEqual([{ id: page.id, title: 'Spring', slug: 'spring' }]);
    const copy = (await workflow()).workingCopy!;
    expect(copy.content.hero.headline).toBe('Being written');
    expect(copy.content.features.items[0]!.image).toBe(next.objectPath);
    expect(copy.authors).toEqual(['editor@pharmabridge.test', 'admin@pharmabridge.test']);
    expect(await publicPage()).toEqual(before);
  });
});

describe('with approvals required, an image no live page shows', () => {
  it('changes in place, and voids the approvals of a working copy that shows it', async () => {
    const { image, page, content, reviewer, editor, publicPage, workflow } = await liveImage({
      shown: false,
    });
    // The live page does not show it; its working copy does, submitted and approved.
    const asEditor = (method: string, path: string, body?: unknown) =>
      t.call(method, path, body, { cookie: editor });
    await t.expectOk(
      await asEditor('PUT', `/api/landing-pages/${page.id}/draft`, {
        title: page.title,
        slug: page.slug,
        content,
        revision: page.revision,
      }),
    );
    await t.expectOk(await asEditor('POST', `/api/landing-pages/${page.id}/submit`, {}));
    const signed = await t.call(
      'POST',
      `/api/landing-pages/${page.id}/approve`,
      { email: 'reviewer@pharmabridge.test', password: TEST_PASSWORD, meaning: 'approved' },
      { cookie: reviewer },
    );
    expect(signed.status).toBe(201);
    expect((await workflow()).approvalsMissing).toBe(0);

    const changed = await t.call('PATCH', `/api/admin/media/${image.id}`, { alt: 'Unsigned alt' });
    expect(changed.status).toBe(200);
    const record = (await changed.json()) as MediaChangeResponse;
    expect(record).toMatchObject({ id: image.id, alt: 'Unsigned alt' });
    expect(record.adoption).toBeUndefined();
    // What was signed showed "Old alt": the approval no longer counts, and nothing publishes.
    expect((await workflow()).approvalsMissing).toBe(1);
    const publish = await t.call('POST', `/api/landing-pages/${page.id}/publish`, {});
    expect(publish.status).toBe(409);
    expect((await publicPage()).media).toEqual({});
    // And it cannot be deleted while the working copy uses it.
    const remove = await t.call('DELETE', `/api/admin/media/${image.id}`);
    expect(remove.status).toBe(409);
    expect(((await remove.json()) as { error: { message: string } }).error.message).toBe(
      'This image is used on a page: Spring (/spring, working copy). Remove it there first.',
    );
  });
});

describe('with no review required', () => {
  it('an image a live page shows changes in place, as before', async () => {
    const { image } = await liveImage();
    await t.expectOk(await t.call('PUT', '/api/admin/settings', { approvalsRequired: 0 }));
    const changed = (await (
      await t.call('PATCH', `/api/admin/media/${image.id}`, { alt: 'Direct' })
    ).json()) as MediaChangeResponse;
    expect(changed).toMatchObject({ id: image.id, alt: 'Direct' });
    expect(changed.adoption).toBeUndefined();
  });
});
