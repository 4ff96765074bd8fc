// Unpublishing with a redirect (issue 23, functions/data/workflow/publish.ts): the address
// redirects, unsafe targets are refused, a republish takes the address back. Real DynamoDB
// Local through the app (functions/test/workflow-team.ts).
import { describe, expect, it } from 'vitest';
import type { ErrorEnvelope as ErrorBody } from '../../shared/error-envelope.ts';
import { team } from '../../test/workflow-team.ts';

describe('unpublishing with a redirect', () => {
  it('sends the page address to the target (302), refuses unsafe targets, and a republish takes the address back', async () => {
    const { as, live } = await team();
    const unsafe = await as('publisher')('POST', `/api/landing-pages/${live.id}/unpublish`, {
      redirectTo: '//evil.example',
    });
    expect(unsafe.status).toBe(400);
    expect(Object.keys(((await unsafe.json()) as ErrorBody).error.fields ?? {})).toEqual([
      'redirectTo',
    ]);
    const down = await as('publisher')('POST', `/api/landing-pages/${live.id}/unpublish`, {
      redirectTo: '/demo',
    });
    expect(down.status).toBe(200);
    const listed = async () =>
      (
        (await (await as('admin')('GET', '/api/admin/redirects')).json()) as {
          from: string;
          to: string;
          status: number;
          reason: string;
        }[]
      ).map(({ from, to, status, reason }) => ({ from, to, status, reason }));
    expect(await listed()).toEqual([
      { from: '/spring', to: '/demo', status: 302, reason: 'unpublish' },
    ]);
    expect(
      (await as('publisher')('POST', `/api/landing-pages/${live.id}/publish`, {})).status,
    ).toBe(200);
    expect(await listed()).toEqual([]);
  });
});
