// The claims the site made before the store (content/claims.json), seeded once on first start
// (issue 36, docs/decisions/0521-claims-store.md), so the site keeps building from the store.
// Every string of the file becomes a claim keyed by its path (`performance.accuracy` ->
// `performance-accuracy`, `certifications[id=soc2].short` -> `certifications-soc2-short`,
// the first result -> `results-manufacturers-1-value`); the file's contradicting wordings
// (`variants`) become the forbidden wordings of the claim their reason quotes. The claims
// start approved under the seed's name, each referencing the evidence the file gives: its
// results' source lines, else the policy file itself, which a reviewer replaces with the
// audit reports, contracts and measurements behind each claim.
import { randomUUID } from 'node:crypto';
import claimsJson from '../../../content/claims.json' with { type: 'json' };
import { auditActor } from '../audit-item.ts';
import { keys } from '../keys.ts';
import { claimHash, dayOf } from './status.ts';
import { ClaimsStore, type StoredClaim, type StoredEvidence } from './store.ts';

/** Who the seed acts as in the audit log and the seeded records. */
export const SEED_ACTOR = 'seed:content/claims.json';
const POLICY_LOCATOR_PREFIX = 'content/claims.json: ';

export interface SeedClaim {
  key: string;
  path: string;
  text: string;
  category: string;
  /** The results entry's source line, when the file gives one. */
  source?: string;
}

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/**
 * The claims file with every string but its variants replaced by what `say` returns for it,
 * given the key its path gives (`performance.accuracy` -> `performance-accuracy`, an array
 * entry by its id, else by its 1-based index). The one walk of the file's key scheme: the
 * seed reads the keys through it, the site build (functions/site-data/claims.ts) puts the
 * store's approved wordings back in the file's shape through it.
 */
export function mapClaimsFile(
  file: Record<string, unknown>,
  say: (claim: SeedClaim) => string,
): Record<string, unknown> {
  const walk = (value: unknown, path: string[], category: string, source?: string): unknown => {
    if (typeof value === 'string') {
      return say({
        key: path.map(kebab).join('-'),
        path: path.join('.'),
        text: value,
        category,
        ...(source && path.at(-1) !== 'source' ? { source } : {}),
      });
    }
    if (Array.isArray(value)) {
      return value.map((item: unknown, index) => {
        const id =
          item && typeof item === 'object' && 'id' in item ? String(item.id) : String(index + 1);
        return walk(item, [...path, id], category, source);
      });
    }
    if (value && typeof value === 'object') {
      const entry = value as Record<string, unknown>;
      const own = typeof entry['source'] === 'string' ? entry['source'] : source;
      return Object.fromEntries(
        Object.entries(entry).map(([name, child]) => [
          name,
          name === 'id' ? child : walk(child, [...path, name], category, own),
        ]),
      );
    }
    return value;
  };
  return Object.fromEntries(
    Object.entries(file).map(([section, value]) => [
      section,
      section === 'variants' ? value : walk(value, [section], section),
    ]),
  );
}

/** Every string of the claims file but its variants, with the key its path gives. */
export function seedClaimsOf(file: Record<string, unknown>): SeedClaim[] {
  const found: SeedClaim[] = [];
  mapClaimsFile(file, (claim) => {
    found.push(claim);
    return claim.text;
  });
  return found;
}

export interface Variant {
  pattern: string;
  flags: string;
  why: string;
}

/**
 * The claim each contradicting wording belongs to: the one whose text a quote of its reason
 * is, else the first whose text contains such a quote (case ignored).
 */
/** A quoted wording: the quote marks are not apostrophes inside words ("customer's"). */
const QUOTE = /(?<![A-Za-z])'([^']+)'(?![A-Za-z])/g;

export function wordingsByKey(claims: SeedClaim[], variants: Variant[]): Map<string, string[]> {
  const byKey = new Map<string, string[]>();
  for (const variant of variants) {
    const quotes = [...variant.why.matchAll(QUOTE)].map((match) => match[1]!);
    const owner =
      claims.find((claim) => quotes.includes(claim.text)) ??
      claims.find((claim) =>
        quotes.some((quote) => claim.text.toLowerCase().includes(quote.toLowerCase())),
      );
    if (!owner) continue;
    byKey.set(owner.key, [...(byKey.get(owner.key) ?? []), `/${variant.pattern}/${variant.flags}`]);
  }
  return byKey;
}

/**
 * The claims and evidence the seed writes for the file at `now`, but the claims whose key
 * `exists` (already in the store). Also what the site build shows without a store, or
 * before the seed ran (functions/site-data/claims.ts).
 */
export function planSeed(
  file: Record<string, unknown> & { variants: Variant[] },
  now: Date,
  exists: (key: string) => boolean = () => false,
): { claims: StoredClaim[]; evidence: StoredEvidence[] } {
  const at = now.toISOString();
  const day = dayOf(now);
  const stamps = { createdAt: at, createdBy: SEED_ACTOR, updatedAt: at, updatedBy: SEED_ACTOR };
  const claims = seedClaimsOf(file);
  const wordings = wordingsByKey(claims, file.variants);
  const evidence = new Map<string, StoredEvidence>();
  const evidenceFor = (title: string, notes: string) => {
    let found = evidence.get(title);
    if (!found) {
      found = {
        id: randomUUID(),
        title: title.slice(0, 200),
        source: 'content/claims.json',
        date: day,
        kind: 'internal',
        notes,
        status: 'current',
        ...stamps,
      };
      evidence.set(title, found);
    }
    return found;
  };
  const policy = () =>
    evidenceFor(
      'The claims policy before the claims store (content/claims.json)',
      'Seeded on first start. Replace it with the audit reports, contracts and measurements that substantiate each claim.',
    );
  const planned: StoredClaim[] = [];
  for (const seed of claims) {
    if (exists(seed.key)) continue;
    const cited = seed.source
      ? evidenceFor(seed.source, 'The source line content/claims.json gives for this result.')
      : policy();
    const fields = {
      key: seed.key,
      text: seed.text,
      references: [
        {
          evidenceId: cited.id,
          locator: seed.source ? 'As stated' : `${POLICY_LOCATOR_PREFIX}${seed.path}`,
        },
      ],
    };
    planned.push({
      id: randomUUID(),
      ...fields,
      category: seed.category,
      status: 'approved',
      forbiddenWordings: wordings.get(seed.key) ?? [],
      revision: 0,
      authors: [],
      approval: {
        signerName: 'Seed from content/claims.json',
        signerEmail: SEED_ACTOR,
        signedAt: at,
        meaning: 'approved',
        comment: 'The claims the site made before the claims store, carried over unchanged',
        hash: claimHash(fields),
      },
      ...stamps,
    });
  }
  return { claims: planned, evidence: [...evidence.values()] };
}

export class ClaimsSeed extends ClaimsStore {
  /**
   * Seeds the file's claims unless seeded before. Returns how many claims it added (0 when
   * seeded before; a claim whose key exists is skipped).
   */
  async seed(file: Record<string, unknown> & { variants: Variant[] }): Promise<number> {
    const partition = await this.readAll();
    if (partition.seeded) return 0;
    const at = this.now().toISOString();
    const { claims: planned, evidence: pieces } = planSeed(file, this.now(), (key) =>
      partition.claims.some((claim) => claim.key === key),
    );
    // The evidence first, so no seeded claim ever references evidence that is not there.
    for (let from = 0; from < pieces.length; from += 100) {
      await this.transact({
        items: pieces.slice(from, from + 100).map((item) => ({
          Put: { TableName: this.table, Item: { ...keys.evidence(item.id), ...item } },
        })),
      });
    }
    let added = 0;
    for (const claim of planned) {
      const committed = await this.transact({
        items: [this.putClaim(claim), this.putKey(claim.key, claim.id)],
        // The key exists (another instance seeding at the same time): skip the claim.
        onConflict: () => undefined,
      });
      if (committed) added += 1;
    }
    await this.transact({
      items: [
        {
          Put: {
            TableName: this.table,
            Item: { ...keys.claimsSeed(), at, claims: added },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
      audit: {
        ...auditActor({ email: SEED_ACTOR }),
        action: 'claims-seed',
        summary: `${added} claims and ${pieces.length} pieces of evidence seeded from content/claims.json, approved as the site made them`,
      },
      onConflict: () => undefined,
    });
    return added;
  }
}

/** Seeds content/claims.json's claims unless seeded before (the first start's step). */
export const seedClaims = (store: ClaimsSeed) =>
  store.seed(claimsJson as Record<string, unknown> & { variants: Variant[] });
