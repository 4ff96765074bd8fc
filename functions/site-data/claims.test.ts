// The site build's read of the claims (functions/site-data/store.ts readBuildClaims) and the
// marketing pages' claims made from it (claims.ts marketingClaims), over a real table in the
// run's DynamoDB Local (docs/decisions/0524-marketing-claims-from-store.md).
import { describe, expect, inject, it } from 'vitest';
import claimsJson from '../../content/claims.json' with { type: 'json' };
import { ClaimsSeed, seedClaims } from '../data/claims/seed.ts';
import { claimKeysOf, pageClaimsOf } from '../shared/claims/page-claims.ts';
import { landingContentSchema } from '../shared/landing-content.ts';
import { landingTemplate } from '../shared/template.ts';
import { testApp } from '../test/harness.ts';
import { marketingClaims } from './claims.ts';
import { readBuildClaims } from './store.ts';

const WRITER = { email: 'writer@pharmabridge.test' };
const REVIEWER = { email: 'reviewer@pharmabridge.test', name: 'Rita Reviewer', checklist: [] };

async function store() {
  const app = await testApp();
  const env = { TABLE_NAME: app.services.tableName, DYNAMODB_ENDPOINT: inject('dynamoEndpoint') };
  const seed = () =>
    seedClaims(new ClaimsSeed(app.services.db, app.services.tableName, app.services.now));
  const idOf = async (key: string) =>
    (await app.services.claims.list()).find((claim) => claim.key === key)!.id;
  return { ...app, env, seed, idOf };
}

describe('the build reads the claims', () => {
  it('from the store once seeded, with the wordings approved there', async () => {
    const { services, env, seed, idOf } = await store();
    await seed();
    const id = await idOf('performance-latency');
    const { revision } = await services.claims.get(id);
    await services.claims.update(id, { revision, text: 'Validation in under 80 ms' }, WRITER);
    await services.claims.approve(
      id,
      { signer: REVIEWER, meaning: 'approved' },
      { email: REVIEWER.email },
    );
    const build = await readBuildClaims(env);
    expect(build.from).toBe(`the claims store (table ${services.tableName})`);
    const file = marketingClaims(build) as typeof claimsJson;
    expect(file.performance.latency).toBe('Validation in under 80 ms');
    // Every other string is the seeded wording: the file's own.
    expect({ ...file, performance: claimsJson.performance, variants: [] }).toEqual({
      ...claimsJson,
      variants: [],
    });
    // The contradicting wordings are the claims' forbidden wordings: all twelve.
    expect(file.variants).toHaveLength(claimsJson.variants.length);
    for (const variant of claimsJson.variants) {
      // As compiled: a slash comes back escaped (`ISO\/IEC`), the same expression.
      const { source, flags } = new RegExp(variant.pattern, variant.flags);
      expect(file.variants).toContainEqual(expect.objectContaining({ pattern: source, flags }));
    }
  });

  it("falls back to content/claims.json's seed without a store or before the seed ran", async () => {
    const { env } = await store();
    const unseeded = await readBuildClaims(env);
    expect(unseeded.from).toBe('content/claims.json (no claims store yet)');
    expect(marketingClaims(unseeded)).toEqual(
      expect.objectContaining({ performance: claimsJson.performance }),
    );
    const none = await readBuildClaims({});
    expect(none.claims.map((claim) => claim.key)).toEqual(unseeded.claims.map((c) => c.key));
    expect(none.claims.every((claim) => claim.status === 'approved')).toBe(true);
  });

  it('fails the build naming each marketing claim that is not approved, and what to do', async () => {
    const { services, env, seed, idOf } = await store();
    await seed();
    await services.claims.withdraw(await idOf('performance-accuracy'), 'Study retracted', WRITER);
    const soc2 = await idOf('certifications-soc2-short');
    const { revision } = await services.claims.get(soc2);
    await services.claims.update(soc2, { revision, text: 'SOC 2 Type II audited, 2026' }, WRITER);
    const build = await readBuildClaims(env);
    expect(() => marketingClaims(build)).toThrow(
      `The marketing pages say 2 claims that are not approved, from the claims store (table ${services.tableName}): "certifications-soc2-short" (content/claims.json certifications.soc2.short), which is a draft, not approved; "performance-accuracy" (content/claims.json performance.accuracy), which was withdrawn. Approve each in Admin, Claims, or, for a withdrawn claim, take its wording off the marketing pages (content/claims.json and the views that read it), then build again.`,
    );
  });

  it('gives a landing page the approved claims it says, with the current evidence they cite', async () => {
    const { services, env, seed, idOf } = await store();
    await seed();
    await services.claims.withdraw(await idOf('performance-latency'), 'Slower now', WRITER);
    const build = await readBuildClaims(env);
    const content = landingContentSchema.parse({
      ...landingTemplate(),
      hero: {
        ...landingTemplate().hero,
        headline: '{{claim:results-manufacturers-1-value}} and {{claim:performance-latency}}',
      },
    });
    const page = pageClaimsOf(claimKeysOf(content), build.claims, build.evidence);
    expect(page.claims.map((claim) => claim.key)).toEqual(['results-manufacturers-1-value']);
    expect(page.evidence.map((item) => item.title)).toEqual([
      claimsJson.results.manufacturers[0]!.source,
    ]);
    expect(page.unapproved).toEqual([
      {
        key: 'performance-latency',
        why: 'Not shown: the claim "performance-latency", which was withdrawn',
      },
    ]);
  });

  it('fails loudly when the store does not answer', async () => {
    await expect(
      readBuildClaims({ TABLE_NAME: 'missing', DYNAMODB_ENDPOINT: inject('dynamoEndpoint') }),
    ).rejects.toThrow(
      /^The site build reads the claims from DynamoDB \(table missing\) and it did not answer: /,
    );
  });
});
