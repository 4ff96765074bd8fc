// The marketing claims, validated once: certifications and their wording, SLA scope, public
// prices, the free trial, implementation time, performance figures and results with their
// sources. content/claims.json gives the shape and the keys; the wordings are the claims
// store's approved ones, read once per build (functions/site-data/claims.ts,
// docs/decisions/0524-marketing-claims-from-store.md): a claim that is not approved fails
// the build. Pages read them from here; e2e/claims.spec.ts fails on the variants (the
// claims' forbidden wordings) anywhere in the built site.
import * as z from 'zod';
import { marketingClaims } from '../../functions/site-data/claims.ts';
import { buildClaims } from './landing-claims.ts';

const text = z.string().trim().min(1);

const result = z.strictObject({
  value: text.describe('The figure as shown: "85%", "Zero", "2-4 weeks"'),
  label: text.describe('What the figure measures, lowercase, completing the figure'),
  source: text.describe('Short source line: who measured it, over what, when'),
});

const variant = z.strictObject({
  pattern: text.describe('A regular expression matching wording that contradicts a claim'),
  flags: z.string().regex(/^[imsu]*$/),
  why: text.describe('The canonical wording, for the failure message'),
});

const claimsSchema = z.strictObject({
  certifications: z
    .array(
      z.strictObject({
        id: z.enum(['hipaa', 'soc2', 'part11', 'iso27001']),
        name: text.describe('The standard, as badge heading'),
        short: text.describe('Reassurance point under a hero'),
        detail: text.describe('One-line explanation on the security page'),
      }),
    )
    .length(4),
  encryption: z.strictObject({ atRest: text, inTransit: text }),
  sla: z.strictObject({
    plan: text.describe('The only plan with an uptime SLA'),
    short: text,
    detail: text,
  }),
  pricing: z.strictObject({
    startingPrice: text.describe("The Starter plan's price, as the template's plan shows it"),
    period: text,
    from: text.describe('The lowercase phrase used in running text'),
    fromSentence: text.describe('The same as a standalone point'),
    basis: text,
    noSetupFees: text,
    unlimitedRuns: text,
  }),
  trial: z.strictObject({ name: text, full: text, suppliers: text }),
  implementation: z.strictObject({ duration: text, short: text }),
  performance: z.strictObject({ accuracy: text, latency: text, rateLimit: text }),
  results: z.strictObject({
    manufacturers: z.array(result).length(4),
    suppliers: z.array(result).length(4),
    pricing: z.array(result).min(1),
    caseStudies: text.describe('Source line under every case study'),
  }),
  variants: z.array(variant).min(1),
});

export type Claims = z.infer<typeof claimsSchema>;
export type CertificationId = Claims['certifications'][number]['id'];

/** The marketing pages' claims as content/claims.json's shape, from the store's approved ones. */
export const CLAIMS: Claims = claimsSchema.parse(marketingClaims(await buildClaims()));

export function certification(id: CertificationId): Claims['certifications'][number] {
  const found = CLAIMS.certifications.find((entry) => entry.id === id);
  if (!found) throw new Error(`content/claims.json has no certification "${id}"`);
  return found;
}

/** The contradicting wordings, compiled, with the canonical wording each breaks. */
export function claimVariants(): { regex: RegExp; why: string }[] {
  return CLAIMS.variants.map(({ pattern, flags, why }) => ({
    regex: new RegExp(pattern, `${flags}g`),
    why,
  }));
}
