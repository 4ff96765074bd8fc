// The working copy (issue 23, functions/data/workflow/working-copy.ts): editing a live page
// edits its copy, discarding leaves the live version, and a publisher's plain PUT with no
// review required. Real DynamoDB Local through the app (functions/test/workflow-team.ts).
import { describe, expect, it } from 'vitest';
import type { ErrorEnvelope as ErrorBody } from '../../shared/error-envelope.ts';
import type { LandingPage } from '../landing-pages/page-item.ts';
import { landingTemplate } from '../../shared/template.ts';
import type { WorkingCopy } from '../../shared/workflow.ts';
import { team } from '../../test/workflow-team.ts';

describe('working copy and live copy', () => {
  it('editing a live page edits its working copy; visitors keep the live version until it is published', async () => {
    const { as, live, status, publicHeadline, draft } = await team();
    const saved = await draft('Spring, rewritten', live.revision);
    expect(saved.status).toBe(200);
    const copy = (await saved.json()) as WorkingCopy;
    expect(copy).toMatchObject({
      revision: 2,
      baseRevision: 1,
      state: 'draft',
      authors: ['editor@pharmabridge.test'],
    });
    expect(await publicHeadline()).toBe(landingTemplate().hero.headline);
    expect((await status()).workingCopy?.content.hero.headline).toBe('Spring, rewritten');

    // A save based on the live page (opened before the copy existed) is refused, as stale
    // page saves are.
    const stale = await draft('Someone else', 1);
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as ErrorBody).error.fields).toEqual({
      revision: ['is 1, but the working copy is at revision 2 now'],
    });

    // An editor cannot publish; a publisher can (no review required).
    expect((await as('editor')('POST', `/api/landing-pages/${live.id}/publish`, {})).status).toBe(
      403,
    );
    const published = await as('publisher')('POST', `/api/landing-pages/${live.id}/publish`, {});
    expect(published.status).toBe(200);
    expect(((await published.json()) as LandingPage).revision).toBe(2);
    expect(await publicHeadline()).toBe('Spring, rewritten');
    expect((await status()).workingCopy).toBeNull();
    const versions = (await (
      await as('admin')('GET', `/api/admin/pages/${live.id}/versions`)
    ).json()) as { reason: string }[];
    expect(versions.map((v) => v.reason)).toEqual(['publish']);
  });

  it('discarding the working copy leaves the live version as it was', async () => {
    const { as, live, status, publicHeadline, draft } = await team();
    await draft('To be thrown away', live.revision);
    expect((await as('editor')('DELETE', `/api/landing-pages/${live.id}/draft`)).status).toBe(204);
    expect((await status()).workingCopy).toBeNull();
    expect(await publicHeadline()).toBe(landingTemplate().hero.headline);
    expect((await as('editor')('DELETE', `/api/landing-pages/${live.id}/draft`)).status).toBe(404);
  });

  it('with no review required, SPEC’s PUT still saves a live page at once for a publisher', async () => {
    const { as, live, publicHeadline } = await team();
    const put = await as('publisher')('PUT', `/api/landing-pages/${live.id}`, {
      content: { ...live.content, hero: { ...live.content.hero, headline: 'Direct' } },
    });
    expect(put.status).toBe(200);
    expect(await publicHeadline()).toBe('Direct');
  });
});
