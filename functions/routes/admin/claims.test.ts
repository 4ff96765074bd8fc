// Claims and evidence through the API (issue 36): evidence added, changed and withdrawn;
// claims added as drafts, approved with an e-signature by someone who did not write them,
// voided by an edit of their wording or references, lapsing when their evidence is withdrawn
// or expires or they expire; keys unique; usage from pages' live versions and working
// copies; the seed of content/claims.json. Real DynamoDB Local through the app
// (functions/test/harness.ts).
import { describe, expect, it, vi } from 'vitest';
import claimsJson from '../../../content/claims.json' with { type: 'json' };
import { ClaimsSeed, seedClaims } from '../../data/claims/seed.ts';
import {
  claimListSchema,
  claimSchema,
  claimUsageSchema,
  evidenceSchema,
  type Claim,
  type Evidence,
} from '../../shared/claims/model.ts';
import { auditListSchema } from '../../shared/api/audit.ts';
import { landingTemplate } from '../../shared/template.ts';
import { testApp, TEST_PASSWORD } from '../../test/harness.ts';

async function team(start = '2026-12-01T09:00:00Z') {
  let now = new Date(start);
  const base = await testApp({}, { now: () => now });
  const people: Record<
    string,
    (method: string, path: string, body?: unknown) => Promise<Response>
  > = {};
  for (const role of ['admin', 'publisher', 'editor', 'reviewer', 'sales'] as const) {
    const { cookie } = await base.signIn(`${role}@pharmabridge.test`, role);
    people[role] = async (method, path, body) => base.json(method, path, body, { cookie });
  }
  const as = (role: string) => people[role]!;
  const addEvidence = async (body: object = {}) => {
    const response = await as('editor')('POST', '/api/admin/evidence', {
      title: 'SOC 2 Type II report 2026',
      source: 'Example Assurance LLP',
      date: '2026-10-01',
      kind: 'internal',
      ...body,
    });
    expect(response.status).toBe(201);
    return evidenceSchema.parse(await response.json());
  };
  const addClaim = async (evidence: Evidence, body: object = {}) => {
    const response = await as('editor')('POST', '/api/admin/claims', {
      key: 'soc2-audited',
      text: 'SOC 2 Type II audited',
      category: 'certifications',
      references: [{ evidenceId: evidence.id, locator: 'Section 4, opinion' }],
      ...body,
    });
    expect(response.status).toBe(201);
    return claimSchema.parse(await response.json());
  };
  const approve = (claim: Claim, role = 'reviewer', body: object = {}) =>
    as(role)('POST', `/api/admin/claims/${claim.id}/approve`, {
      email: `${role}@pharmabridge.test`,
      password: TEST_PASSWORD,
      meaning: 'approved-regulatory',
      ...body,
    });
  const read = async (claim: Claim) =>
    claimSchema.parse(await (await as('sales')('GET', `/api/admin/claims/${claim.id}`)).json());
  const setNow = (iso: string) => (now = new Date(iso));
  return { ...base, as, addEvidence, addClaim, approve, read, setNow };
}

const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { message: string; fields?: Record<string, string[]> } })
    .error;

describe('evidence', () => {
  it('is added and changed by edit, withdrawn by review, and every change is audited', async () => {
    const { as, addEvidence } = await team();
    const evidence = await addEvidence();
    expect(evidence).toMatchObject({
      status: 'current',
      valid: true,
      createdBy: 'editor@pharmabridge.test',
    });

    const changed = await as('editor')('PATCH', `/api/admin/evidence/${evidence.id}`, {
      notes: 'Bridge letter covers to 2026-12-31',
      expiresAt: '2027-09-30',
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      notes: 'Bridge letter covers to 2026-12-31',
      expiresAt: '2027-09-30',
    });
    const cleared = evidenceSchema.parse(
      await (
        await as('editor')('PATCH', `/api/admin/evidence/${evidence.id}`, { notes: null })
      ).json(),
    );
    expect(cleared.notes).toBeUndefined();
    expect(cleared.expiresAt).toBe('2027-09-30');

    expect(
      (await as('editor')('POST', `/api/admin/evidence/${evidence.id}/withdraw`, { reason: 'x' }))
        .status,
    ).toBe(403);
    expect(
      (await as('reviewer')('PATCH', `/api/admin/evidence/${evidence.id}`, { notes: 'y' })).status,
    ).toBe(403);
    const withdrawn = await as('reviewer')('POST', `/api/admin/evidence/${evidence.id}/withdraw`, {
      reason: 'Superseded by the 2027 report',
    });
    expect(withdrawn.status).toBe(200);
    expect(await withdrawn.json()).toMatchObject({
      status: 'withdrawn',
      valid: false,
      withdrawal: { by: 'reviewer@pharmabridge.test', reason: 'Superseded by the 2027 report' },
    });
    const again = await as('editor')('PATCH', `/api/admin/evidence/${evidence.id}`, { notes: 'z' });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(
      'Withdrawn evidence cannot be changed: add the new evidence instead',
    );

    const audit = auditListSchema.parse(
      await (await as('admin')('GET', '/api/admin/audit')).json(),
    );
    expect(audit.entries.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['evidence-create', 'evidence-update', 'evidence-withdraw']),
    );
    expect(
      audit.entries.find((entry: { action: string }) => entry.action === 'evidence-withdraw')
        ?.summary,
    ).toBe('Evidence "SOC 2 Type II report 2026" withdrawn: Superseded by the 2027 report');
  });

  it('refuses incomplete evidence with the field and the problem, and keeps what was stored', async () => {
    const { as, addEvidence } = await team();
    const missing = await as('editor')('POST', '/api/admin/evidence', {
      title: 'Latency study',
      source: 'PharmaBridge engineering',
      date: '2026-11-01',
      kind: 'document',
    });
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).fields).toEqual({ assetId: ['is required for a document'] });
    const badDate = await as('editor')('POST', '/api/admin/evidence', {
      title: 'Latency study',
      source: 'PharmaBridge engineering',
      date: '1 Nov 2026',
      kind: 'internal',
    });
    expect((await errorOf(badDate)).fields).toEqual({
      date: ['must be a date written YYYY-MM-DD'],
    });

    const link = await addEvidence({ kind: 'url', url: 'https://example.com/report' });
    const broken = await as('editor')('PATCH', `/api/admin/evidence/${link.id}`, { url: null });
    expect(broken.status).toBe(400);
    expect((await errorOf(broken)).fields).toEqual({ url: ['is required for a URL'] });
    const kept = evidenceSchema.parse(
      await (await as('editor')('GET', `/api/admin/evidence/${link.id}`)).json(),
    );
    expect(kept.url).toBe('https://example.com/report');
  });
});

describe('claims', () => {
  it('start as drafts, are approved with an e-signature by another person, and audited', async () => {
    const { as, addEvidence, addClaim, approve, read } = await team();
    const claim = await addClaim(await addEvidence());
    expect(claim).toMatchObject({ status: 'draft', revision: 0, key: 'soc2-audited' });

    expect((await approve(claim, 'editor')).status).toBe(403);
    const wrong = await approve(claim, 'reviewer', { password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).fields).toEqual({ password: ['is incorrect'] });
    expect((await read(claim)).status).toBe('draft');

    const signed = await approve(claim);
    expect(signed.status).toBe(200);
    const approved = claimSchema.parse(await signed.json());
    expect(approved).toMatchObject({
      status: 'approved',
      approval: { signerEmail: 'reviewer@pharmabridge.test', meaning: 'approved-regulatory' },
    });
    expect(approved.approval?.hash).toMatch(/^[0-9a-f]{64}$/);
    const twice = await approve(approved, 'publisher');
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).message).toBe('This claim is already approved as it stands');

    const audit = auditListSchema.parse(
      await (await as('admin')('GET', '/api/admin/audit')).json(),
    );
    expect(
      audit.entries.find((entry: { action: string }) => entry.action === 'claim-approve')?.summary,
    ).toMatch(
      /^Claim soc2-audited: approved by reviewer@pharmabridge\.test <reviewer@pharmabridge\.test>, 2026-12-01 09:00 UTC, approved, regulatory; SHA-256 [0-9a-f]{64}$/,
    );
  });

  it('cannot be approved by someone who wrote it, nor without a current reference', async () => {
    const { as, addEvidence, addClaim, approve } = await team();
    const evidence = await addEvidence();
    const claim = await addClaim(evidence, { references: [] });
    const none = await approve(claim);
    expect(none.status).toBe(409);
    expect((await errorOf(none)).message).toBe(
      'A claim needs at least one reference to current evidence before it can be approved',
    );
    const edited = claimSchema.parse(
      await (
        await as('publisher')('PATCH', `/api/admin/claims/${claim.id}`, {
          revision: claim.revision,
          references: [{ evidenceId: evidence.id, locator: 'p. 12' }],
        })
      ).json(),
    );
    const own = await approve(edited, 'publisher');
    expect(own.status).toBe(409);
    expect((await errorOf(own)).message).toBe(
      'You wrote this claim, so you cannot approve it: another reviewer must',
    );
    expect((await approve(edited, 'reviewer')).status).toBe(200);
  });

  it('return to draft when their wording or references change, not when their category does', async () => {
    const { as, addEvidence, addClaim, approve, read } = await team();
    const claim = await addClaim(await addEvidence());
    await approve(claim);
    const approved = await read(claim);
    const category = await as('editor')('PATCH', `/api/admin/claims/${claim.id}`, {
      revision: approved.revision,
      category: 'security',
    });
    expect(await category.json()).toMatchObject({ status: 'approved', category: 'security' });
    const stale = await as('editor')('PATCH', `/api/admin/claims/${claim.id}`, {
      revision: approved.revision,
      text: 'SOC 2 Type II audited every year',
    });
    expect(stale.status).toBe(409);
    expect((await errorOf(stale)).message).toBe(
      'The claim changed meanwhile; reload and try again',
    );
    const reworded = await as('editor')('PATCH', `/api/admin/claims/${claim.id}`, {
      revision: approved.revision + 1,
      text: 'SOC 2 Type II audited every year',
    });
    expect(reworded.status).toBe(200);
    expect(await reworded.json()).toMatchObject({
      status: 'draft',
      text: 'SOC 2 Type II audited every year',
    });
    expect((await read(claim)).approval).toBeUndefined();
    const audit = auditListSchema.parse(
      await (await as('admin')('GET', '/api/admin/audit')).json(),
    );
    expect(
      audit.entries
        .filter((entry: { action: string }) => entry.action === 'claim-update')
        .map((entry) => entry.summary)
        .sort(),
    ).toEqual([
      'Claim soc2-audited changed: category',
      'Claim soc2-audited changed: text; its approval is void',
    ]);
  });

  it('stop being approved when their last current evidence is withdrawn or expires, or they expire', async () => {
    const { as, addEvidence, addClaim, approve, read, setNow } = await team();
    const report = await addEvidence({ expiresAt: '2026-12-31' });
    const letter = await addEvidence({ title: 'Bridge letter' });
    const claim = await addClaim(report, {
      references: [
        { evidenceId: report.id, locator: 'Opinion' },
        { evidenceId: letter.id, locator: 'Paragraph 2' },
      ],
      expiresAt: '2027-06-30',
    });
    await approve(claim);
    await as('reviewer')('POST', `/api/admin/evidence/${letter.id}/withdraw`, {
      reason: 'Expired letter',
    });
    expect((await read(claim)).status).toBe('approved');
    setNow('2027-01-01T00:00:00Z');
    expect(await read(claim)).toMatchObject({
      status: 'draft',
      lapse: 'None of its references is to current evidence any more',
    });
    await as('editor')('PATCH', `/api/admin/evidence/${report.id}`, { expiresAt: '2027-12-31' });
    expect((await read(claim)).status).toBe('approved');
    setNow('2027-07-01T00:00:00Z');
    expect(await read(claim)).toMatchObject({ status: 'draft', lapse: 'It expired on 2027-06-30' });
    const late = await approve(await read(claim));
    expect(late.status).toBe(409);
    expect((await errorOf(late)).message).toBe(
      'This claim expired on 2027-06-30: set a later expiry first',
    );
  });

  it('have unique keys and references to evidence that exists, each refusal naming the field', async () => {
    const { as, addEvidence, addClaim } = await team();
    const evidence = await addEvidence();
    const first = await addClaim(evidence);
    const taken = await as('editor')('POST', '/api/admin/claims', {
      key: 'soc2-audited',
      text: 'Audited',
      category: 'x',
    });
    expect(taken.status).toBe(400);
    expect(await errorOf(taken)).toEqual({
      code: expect.any(String),
      message: 'The key "soc2-audited" is taken by another claim: choose another',
      fields: { key: ['is taken by another claim'] },
    });
    const badKey = await as('editor')('POST', '/api/admin/claims', {
      key: 'SOC 2',
      text: 'x',
      category: 'x',
    });
    expect((await errorOf(badKey)).fields).toEqual({
      key: ['must be 2 to 64 lowercase letters, digits and hyphens'],
    });
    const noLocator = await as('editor')('POST', '/api/admin/claims', {
      key: 'uptime',
      text: '99.99% uptime SLA',
      category: 'sla',
      references: [{ evidenceId: evidence.id, locator: ' ' }],
    });
    expect((await errorOf(noLocator)).fields).toEqual({
      'references.0.locator': ['must not be empty'],
    });
    const unknown = await as('editor')('POST', '/api/admin/claims', {
      key: 'uptime',
      text: '99.99% uptime SLA',
      category: 'sla',
      references: [{ evidenceId: '00000000-0000-4000-8000-000000000000', locator: 'p. 1' }],
    });
    expect((await errorOf(unknown)).fields).toEqual({
      'references.0.evidenceId': ['is not a piece of evidence'],
    });

    const second = await addClaim(evidence, { key: 'uptime-sla', text: '99.99% uptime SLA' });
    const renamed = await as('editor')('PATCH', `/api/admin/claims/${second.id}`, {
      revision: 0,
      key: 'soc2-audited',
    });
    expect(renamed.status).toBe(400);
    const moved = await as('editor')('PATCH', `/api/admin/claims/${first.id}`, {
      revision: 0,
      key: 'soc2-type-ii',
    });
    expect(moved.status).toBe(200);
    // The old key is free again.
    expect(
      (
        await as('editor')('PATCH', `/api/admin/claims/${second.id}`, {
          revision: 0,
          key: 'soc2-audited',
        })
      ).status,
    ).toBe(200);
    const list = claimListSchema.parse(
      await (await as('sales')('GET', '/api/admin/claims')).json(),
    );
    expect(list.claims.map((claim) => claim.key)).toEqual(['soc2-audited', 'soc2-type-ii']);
  });

  it('are withdrawn for good by review', async () => {
    const { as, addEvidence, addClaim, approve } = await team();
    const claim = await addClaim(await addEvidence());
    expect(
      (await as('editor')('POST', `/api/admin/claims/${claim.id}/withdraw`, { reason: 'x' }))
        .status,
    ).toBe(403);
    const empty = await as('reviewer')('POST', `/api/admin/claims/${claim.id}/withdraw`, {
      reason: ' ',
    });
    expect((await errorOf(empty)).fields).toEqual({ reason: ['must say why'] });
    const withdrawn = await as('reviewer')('POST', `/api/admin/claims/${claim.id}/withdraw`, {
      reason: 'Wording retired',
    });
    expect(await withdrawn.json()).toMatchObject({
      status: 'withdrawn',
      withdrawal: { reason: 'Wording retired' },
    });
    expect((await approve(claim)).status).toBe(409);
    const edit = await as('editor')('PATCH', `/api/admin/claims/${claim.id}`, {
      revision: 1,
      text: 'New',
    });
    expect((await errorOf(edit)).message).toBe(
      'A withdrawn claim cannot be changed: add a new claim instead',
    );
  });

  it('list the pages whose live version or working copy says them, with the fields', async () => {
    const { as, services, addEvidence, addClaim } = await team();
    const claim = await addClaim(await addEvidence());
    const template = landingTemplate();
    const saying = {
      ...template,
      hero: { ...template.hero, headline: 'Audited: {{claim:soc2-audited}}' },
    };
    const spring = await services.pages.create({
      title: 'Spring',
      slug: 'spring',
      isActive: true,
      content: saying,
    });
    const draft = await services.pages.create({
      title: 'Draft',
      slug: 'draft',
      isActive: false,
      content: saying,
    });
    const usage = claimUsageSchema.parse(
      await (await as('sales')('GET', `/api/admin/claims/${claim.id}/usage`)).json(),
    );
    usage.pages.sort((a, b) => b.slug.localeCompare(a.slug));
    expect(usage).toEqual({
      claim: { id: claim.id, key: 'soc2-audited' },
      pages: [
        {
          id: spring.id,
          title: spring.title,
          slug: 'spring',
          live: true,
          workingCopy: false,
          fields: ['hero.headline'],
        },
        {
          id: draft.id,
          title: 'Draft',
          slug: 'draft',
          live: false,
          workingCopy: true,
          fields: ['hero.headline'],
        },
      ],
    });
  });

  it('are listed with how many pages say them, from one read of the pages for the whole list', async () => {
    const { as, services, addEvidence, addClaim } = await team();
    const evidence = await addEvidence();
    const said = await addClaim(evidence);
    await addClaim(evidence, { key: 'unsaid', text: 'Said nowhere' });
    const template = landingTemplate();
    const saying = (headline: string) => ({ ...template, hero: { ...template.hero, headline } });
    await services.pages.create({
      title: 'Live',
      slug: 'live',
      isActive: true,
      content: saying('{{claim:soc2-audited}} and again {{claim:soc2-audited}}'),
    });
    await services.pages.create({
      title: 'Draft',
      slug: 'draft',
      isActive: false,
      content: saying('Audited: {{claim:soc2-audited}}'),
    });
    await services.pages.create({
      title: 'Other',
      slug: 'other',
      isActive: true,
      content: saying('Nothing claimed'),
    });
    const reads = vi.spyOn(services.pages, 'list');
    const list = claimListSchema.parse(
      await (await as('sales')('GET', '/api/admin/claims')).json(),
    );
    expect(reads).toHaveBeenCalledTimes(1);
    expect(list.claims.map((claim) => [claim.key, claim.usageCount])).toEqual([
      ['soc2-audited', 2],
      ['unsaid', 0],
    ]);
    // The list's count is the usage answer's number of pages.
    const usage = claimUsageSchema.parse(
      await (await as('sales')('GET', `/api/admin/claims/${said.id}/usage`)).json(),
    );
    expect(usage.pages).toHaveLength(2);
  });
});

describe('the seed of content/claims.json', () => {
  it('makes every claim of the file an approved claim once, with its contradicting wordings', async () => {
    const { as, services } = await team();
    const seed = new ClaimsSeed(services.db, services.tableName, services.now);
    const added = await seedClaims(seed);
    expect(await seedClaims(seed)).toBe(0);
    const { claims } = claimListSchema.parse(
      await (await as('sales')('GET', '/api/admin/claims')).json(),
    );
    expect(claims).toHaveLength(added);
    const byKey = new Map(claims.map((claim) => [claim.key, claim]));
    expect(byKey.get('performance-accuracy')).toMatchObject({
      text: claimsJson.performance.accuracy,
      status: 'approved',
      category: 'performance',
    });
    expect(byKey.get('certifications-soc2-short')?.forbiddenWordings).toEqual([
      `/${claimsJson.variants[2]!.pattern}/${claimsJson.variants[2]!.flags}`,
    ]);
    expect(byKey.get('results-manufacturers-1-value')?.text).toBe(
      claimsJson.results.manufacturers[0]!.value,
    );
    // Every contradicting wording found its claim.
    expect(claims.flatMap((claim) => claim.forbiddenWordings)).toHaveLength(
      claimsJson.variants.length,
    );
    const evidence = (await (await as('sales')('GET', '/api/admin/evidence')).json()) as {
      evidence: Evidence[];
    };
    const result = byKey.get('results-manufacturers-1-label')!;
    expect(
      evidence.evidence.find((item) => item.id === result.references[0]!.evidenceId)?.title,
    ).toBe(claimsJson.results.manufacturers[0]!.source);
    const audit = auditListSchema.parse(
      await (await as('admin')('GET', '/api/admin/audit')).json(),
    );
    expect(
      audit.entries.filter((entry: { action: string }) => entry.action === 'claims-seed'),
    ).toHaveLength(1);
  });
});
