// GET /api/preview carries the claims its content says (issue 36,
// docs/decisions/0523-claims-rendered.md): each approved claim's wording and references with
// the evidence they cite, and why a claim is not shown, so a preview link renders them
// without an account. Real DynamoDB Local through the app (functions/test/workflow-team.ts).
import { describe, expect, it } from 'vitest';
import claimsJson from '../../content/claims.json' with { type: 'json' };
import { ClaimsSeed, seedClaims } from '../data/claims/seed.ts';
import type { Preview } from '../shared/workflow.ts';
import { team } from '../test/workflow-team.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('GET /api/preview', () => {
  it('answers the approved wording, references and evidence of the claims the content says', async () => {
    const { as, live, draft, json, services } = await team();
    await seedClaims(new ClaimsSeed(services.db, services.tableName, services.now));
    const claims = await services.claims.list();
    const latency = claims.find((claim) => claim.key === 'performance-latency')!;
    await services.claims.withdraw(latency.id, 'Slower now', { email: 'dr.a@pharmabridge.test' });
    const link = await (
      await as('editor')('POST', `/api/landing-pages/${live.id}/preview-links`, {})
    ).json();
    const token = new URL((link as { url: string }).url).hash.slice(1);
    const shown = async () =>
      (await (await json('GET', '/api/preview', undefined, bearer(token))).json()) as Preview;
    // Without a token in the content: no claims read, none answered.
    expect((await shown()).claims).toEqual({ claims: [], evidence: [], unapproved: [] });

    await draft(
      '{{claim:results-manufacturers-1-value}} {{claim:performance-latency}} {{claim:nope-nope}}',
      live.revision,
    );
    const body = await shown();
    const result = claims.find((claim) => claim.key === 'results-manufacturers-1-value')!;
    expect(body.claims.claims).toEqual([
      { key: result.key, text: '85%', references: result.references },
    ]);
    expect(body.claims.evidence).toEqual([
      {
        id: result.references[0]!.evidenceId,
        title: claimsJson.results.manufacturers[0]!.source,
        source: 'content/claims.json',
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
    ]);
    expect(body.claims.unapproved).toEqual([
      {
        key: 'performance-latency',
        why: 'Not shown: the claim "performance-latency", which was withdrawn',
      },
      { key: 'nope-nope', why: 'Not shown: there is no claim "nope-nope"' },
    ]);
  });
});
