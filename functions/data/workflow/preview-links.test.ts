// Preview links (issue 23, functions/data/workflow/preview-links.ts): the working copy shown
// without an account until revoked or expired, never cached. Real DynamoDB Local through the
// app (functions/test/workflow-team.ts).
import { describe, expect, it } from 'vitest';
import type { Preview } from '../../shared/workflow.ts';
import { START, team } from '../../test/workflow-team.ts';

/** A preview link's token as GET /api/preview takes it. */
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('preview links', () => {
  it('show the working copy without an account until revoked or expired, never cached', async () => {
    const { as, live, draft, json, clock } = await team();
    await draft('Preview me', live.revision);
    expect(
      (await as('editor')('POST', `/api/landing-pages/${live.id}/preview-links`, { days: 31 }))
        .status,
    ).toBe(400);
    const made = await as('editor')('POST', `/api/landing-pages/${live.id}/preview-links`, {});
    expect(made.status).toBe(201);
    const link = (await made.json()) as { id: string; url: string; expiresAt: string };
    expect(link.expiresAt).toBe(new Date(START + 7 * 86400_000).toISOString());
    const token = new URL(link.url).hash.slice(1);
    const shown = await json('GET', '/api/preview', undefined, bearer(token));
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect(shown.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const body = (await shown.json()) as Preview;
    expect(body).toMatchObject({ state: 'draft', revision: 2 });
    expect(body.content.hero.headline).toBe('Preview me');
    // A token with another secret, or for another link, shows nothing.
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await json('GET', '/api/preview', undefined, bearer(forged))).status).toBe(404);
    clock.advance(7 * 86400_000 + 1000);
    expect((await json('GET', '/api/preview', undefined, bearer(token))).status).toBe(404);
  });

  it('a revoked link shows nothing', async () => {
    const { as, live, json } = await team();
    const link = (await (
      await as('editor')('POST', `/api/landing-pages/${live.id}/preview-links`, { days: 1 })
    ).json()) as { id: string; url: string };
    expect(
      (await as('editor')('DELETE', `/api/landing-pages/${live.id}/preview-links/${link.id}`))
        .status,
    ).toBe(204);
    const token = new URL(link.url).hash.slice(1);
    expect((await json('GET', '/api/preview', undefined, bearer(token))).status).toBe(404);
  });
});
