// The claims rules on a page's content (issue 36): unknown, draft, lapsed and withdrawn
// claims refused by path and key; forbidden wordings refused outside tokens only; the lint
// listed, and refused only when it blocks.
import { describe, expect, it } from 'vitest';
import type { Claim } from './model.ts';
import { checkClaims } from './rules.ts';

const claim = (key: string, text: string, extra: Partial<Claim> = {}): Claim => ({
  id: '00000000-0000-4000-8000-000000000001',
  key,
  text,
  category: 'test',
  status: 'approved',
  references: [],
  forbiddenWordings: [],
  revision: 1,
  createdAt: '2026-12-01T09:00:00.000Z',
  createdBy: 'editor@pharmabridge.test',
  updatedAt: '2026-12-01T09:00:00.000Z',
  updatedBy: 'editor@pharmabridge.test',
  ...extra,
});

const CLAIMS = [
  claim('soc2-audited', 'SOC 2 Type II audited', {
    forbiddenWordings: ['/SOC ?2 (certified|compliant)/i', 'HIPAA compliant'],
  }),
  claim('accuracy', '99.8% validation accuracy', { status: 'draft' }),
  claim('uptime', '99.99% uptime SLA', {
    status: 'draft',
    lapse: 'None of its references is to current evidence any more',
  }),
  claim('pilot', 'Free pilot', { status: 'withdrawn' }),
];

const page = (headline: string, body = 'Plain words about data contracts.') => ({
  hero: { headline, subheadline: body, primaryCta: { label: 'Book a demo', href: '/demo' } },
});

describe('checkClaims', () => {
  it('passes approved claims and text that claims nothing', () => {
    expect(checkClaims(page('Trust: {{claim:soc2-audited}}'), CLAIMS, 'block')).toEqual({
      refusals: [],
      findings: [],
    });
  });

  it('refuses unknown, draft, lapsed and withdrawn claims, each by path and key', () => {
    const { refusals } = checkClaims(
      page(
        '{{claim:nope}} and {{claim:accuracy}}',
        '{{claim:uptime}}, {{claim:pilot}}, {{claim:pilot}}',
      ),
      CLAIMS,
      'warn',
    );
    expect(refusals).toEqual([
      {
        path: 'hero.headline',
        key: 'nope',
        message: 'hero.headline uses the claim "nope", which does not exist',
      },
      {
        path: 'hero.headline',
        key: 'accuracy',
        message: 'hero.headline uses the claim "accuracy", which is a draft, not approved',
      },
      {
        path: 'hero.subheadline',
        key: 'uptime',
        message:
          'hero.subheadline uses the claim "uptime", which is no longer approved (none of its references is to current evidence any more)',
      },
      {
        path: 'hero.subheadline',
        key: 'pilot',
        message: 'hero.subheadline uses the claim "pilot", which was withdrawn',
      },
    ]);
  });

  it('refuses a forbidden wording in the page’s own words, not in a claim’s token', () => {
    const { refusals } = checkClaims(
      page('We are SOC2 certified and HIPAA-compliant'),
      CLAIMS,
      'warn',
    );
    expect(refusals.map((refusal) => refusal.message)).toEqual([
      'hero.headline says "SOC2 certified", a wording the claim "soc2-audited" forbids: use the claim\'s token instead',
      'hero.headline says "HIPAA-compliant", a wording the claim "soc2-audited" forbids: use the claim\'s token instead',
    ]);
    // A link target is no text a visitor reads.
    expect(checkClaims(page('[Read more](/soc2-certified)'), CLAIMS, 'warn').refusals).toEqual([]);
  });

  it('lists what reads like a claim, and refuses it only when the lint blocks', () => {
    const content = page('Validation accuracy of 99.8% on every file');
    const warned = checkClaims(content, CLAIMS, 'warn');
    expect(warned.refusals).toEqual([]);
    expect(warned.findings).toMatchObject([
      { path: 'hero.headline', words: '99.8%', why: 'figure' },
    ]);
    const blocked = checkClaims(content, CLAIMS, 'block');
    expect(blocked.refusals).toEqual([
      {
        path: 'hero.headline',
        message: 'hero.headline says "99.8%" outside a claim: use an approved claim or reword it',
      },
    ]);
  });
});
