// The claims of content/claims.json agree with the landing template (the seed of `/`,
// /pricing and /how-it-works) and with the process data; no content file uses a wording
// the claims list as contradicting. The built pages are checked by e2e/claims.spec.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { landingTemplate } from '../../functions/shared/template.ts';
import { CLAIMS, certification, claimVariants } from './claims.ts';
import { FIVE_STEPS, howItWorksCovers, summarySteps } from './process.ts';

const contentDir = fileURLToPath(new URL('../../content/', import.meta.url));

/** Every string value of every JSON file under content/, except the claims file itself. */
function contentStrings(): { file: string; text: string }[] {
  const found: { file: string; text: string }[] = [];
  const visit = (file: string, value: unknown) => {
    // Paths ("/pilot") are addresses, not copy.
    if (typeof value === 'string' && !/^\/[\w/.-]*$/.test(value)) found.push({ file, text: value });
    else if (Array.isArray(value)) value.forEach((item) => visit(file, item));
    else if (value && typeof value === 'object')
      Object.values(value).forEach((v) => visit(file, v));
  };
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json') && entry.name !== 'claims.json') {
        visit(path.slice(contentDir.length), JSON.parse(readFileSync(path, 'utf8')));
      }
    }
  };
  walk(contentDir);
  return found;
}

describe('content/claims.json', () => {
  it('quotes the Starter plan of the template as the starting price', () => {
    const plans = landingTemplate().pricing.plans;
    const starter = plans.find((plan) => plan.name === 'Starter');
    expect(`${starter?.price}${starter?.period}`).toBe(
      `${CLAIMS.pricing.startingPrice}${CLAIMS.pricing.period}`,
    );
    expect(CLAIMS.pricing.from).toBe(
      `from ${CLAIMS.pricing.startingPrice}${CLAIMS.pricing.period}`,
    );
    // The cheapest plan with a price is the starting one.
    const prices = plans
      .map((plan) => Number(plan.price.replace(/[$,]/g, '')))
      .filter((price) => Number.isFinite(price));
    expect(Math.min(...prices)).toBe(Number(CLAIMS.pricing.startingPrice.replace(/[$,]/g, '')));
  });

  it('gives the uptime SLA to the plan it names, and only there', () => {
    const plans = landingTemplate().pricing.plans;
    const withSla = plans.filter((plan) => plan.features.some((f) => f.includes('99.99%')));
    expect(withSla.map((plan) => plan.name)).toEqual([CLAIMS.sla.plan]);
  });

  it("writes the landing hero's reassurance points as the claims do", () => {
    const shorts = [
      ...CLAIMS.certifications.map((entry) => entry.short),
      CLAIMS.implementation.short,
      CLAIMS.trial.full,
      CLAIMS.pricing.fromSentence,
    ];
    const { hero, finalCTA, pricing } = landingTemplate();
    for (const point of [...hero.features, ...finalCTA.features]) expect(shorts).toContain(point);
    expect(pricing.subheadline).toContain(CLAIMS.pricing.from);
    expect(pricing.subheadline).toContain(CLAIMS.trial.full);
    expect(certification('hipaa').short).toMatch(/^HIPAA-aligned/);
  });

  it('has variants that catch the wordings they replace and spare the canonical ones', () => {
    const variants = claimVariants();
    const caught = (text: string) => variants.some(({ regex }) => new RegExp(regex).test(text));
    for (const old of [
      'HIPAA compliant with BAA',
      'FDA 21 CFR Part 11 compliant',
      'supports FDA 21 CFR Part 11 programs',
      '30-day free pilot',
      'Start a 30-Day Pilot',
      'Starter is $2,500 per month',
      'encrypted with AES-256 at rest',
      '4-6 weeks',
      '2–4 weeks',
    ]) {
      expect(caught(old), old).toBe(true);
    }
    for (const canonical of [
      ...CLAIMS.certifications.flatMap((entry) => [entry.short, entry.detail]),
      CLAIMS.encryption.atRest,
      CLAIMS.sla.detail,
      CLAIMS.pricing.from,
      CLAIMS.trial.full,
      CLAIMS.implementation.short,
      CLAIMS.performance.latency,
      CLAIMS.performance.rateLimit,
      'Start pilot',
      'Weeks 3-4',
    ]) {
      expect(caught(canonical), canonical).toBe(false);
    }
  });

  it('is not contradicted by any content file', () => {
    const found = contentStrings().flatMap(({ file, text }) =>
      claimVariants()
        .filter(({ regex }) => new RegExp(regex).test(text))
        .map(({ why }) => `${file}: "${text.slice(0, 80)}…" (${why})`),
    );
    expect(found).toEqual([]);
  });

  it('sources every results figure', () => {
    const { manufacturers, suppliers, pricing } = CLAIMS.results;
    for (const figure of [...manufacturers, ...suppliers, ...pricing]) {
      expect(figure.source.length, figure.value).toBeGreaterThan(10);
    }
    // docs/requirements.md's figures, in its order.
    expect(manufacturers.map((figure) => figure.value)).toEqual(['85%', '60%', '90%', '100%']);
    expect(suppliers.map((figure) => figure.value)).toEqual(['95%', '75%', '90%', 'Zero']);
  });
});

describe('one process story (content/process.json)', () => {
  it('covers the five landing steps once, in order, in every three-step summary', () => {
    for (const audience of ['home', 'manufacturers', 'suppliers'] as const) {
      const covered = summarySteps(audience).flatMap((step) => step.covers.map((s) => s.number));
      expect(covered, audience).toEqual([1, 2, 3, 4, 5]);
    }
  });

  it('uses the same verbs in every summary: set, validate, then receive or deliver', () => {
    for (const audience of ['home', 'manufacturers', 'suppliers'] as const) {
      const [set, validate, last] = summarySteps(audience).map((step) => step.title);
      expect(set).toMatch(/^Set /);
      expect(validate).toMatch(/^Validate /);
      expect(last).toMatch(/^(Receive|Deliver) /);
    }
    // The home summary keeps docs/requirements.md's titles.
    expect(summarySteps('home').map((step) => step.title)).toEqual([
      'Set Requirements',
      'Validate at Source',
      'Receive Clean Data',
    ]);
  });

  it('maps the five steps of /how-it-works onto the landing steps, all of them', () => {
    const mapped = [0, 1, 2, 3, 4].flatMap((index) => howItWorksCovers(index).map((s) => s.id));
    expect(new Set(mapped)).toEqual(new Set(FIVE_STEPS.map((step) => step.id)));
    expect(howItWorksCovers(5)).toEqual([]);
    expect(landingTemplate().howItWorks.steps).toHaveLength(5);
  });
});
