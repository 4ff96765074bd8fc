// Which landing page an event or a lead is about. The browser sends docs/requirements.md §7's
// landingPageId: the page's path without its leading slash (`spring`, `legacy/spring`),
// `default`, or (the pricing dialog) the default page's id. Only live pages resolve;
// anything else is nobody's page and is not counted. Lookups are cached briefly, and the
// cache is bounded, so a flood of invented ids costs at most one read each per TTL and
// cannot grow memory without limit.
import { DEFAULT_SLUG } from '../shared/slug.ts';
import type { LandingPageRepository } from './landing-pages/repository.ts';

export interface ResolvedPage {
  id: string;
  slug: string;
  title: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SLUG = /^[a-z0-9-]{1,100}$/;

/** The slug a wire landingPageId names, or an id to look up; undefined when neither. */
export function parseLandingPageId(
  landingPageId: string,
): { slug: string } | { id: string } | undefined {
  if (UUID.test(landingPageId)) return { id: landingPageId.toLowerCase() };
  const path = landingPageId.replace(/^legacy(\/|$)/, '');
  if (path === '') return { slug: DEFAULT_SLUG };
  return SLUG.test(path) ? { slug: path } : undefined;
}

export class PageResolver {
  private readonly cache = new Map<string, { page: ResolvedPage | undefined; until: number }>();
  private readonly pages: LandingPageRepository;
  private readonly now: () => Date;
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(
    pages: LandingPageRepository,
    now: () => Date,
    options: { ttlMs?: number; maxEntries?: number } = {},
  ) {
    this.pages = pages;
    this.now = now;
    this.ttlMs = options.ttlMs ?? 30_000;
    this.maxEntries = options.maxEntries ?? 5_000;
  }

  async resolve(landingPageId: string): Promise<ResolvedPage | undefined> {
    const at = this.now().getTime();
    const cached = this.cache.get(landingPageId);
    if (cached && cached.until > at) return cached.page;
    const target = parseLandingPageId(landingPageId);
    const found = !target
      ? undefined
      : 'id' in target
        ? await this.pages.getById(target.id)
        : await this.pages.getBySlug(target.slug);
    const page =
      found && found.isActive ? { id: found.id, slug: found.slug, title: found.title } : undefined;
    if (this.cache.size >= this.maxEntries) this.cache.clear();
    this.cache.set(landingPageId, { page, until: at + this.ttlMs });
    return page;
  }
}

/** Events per key and minute, in memory, cleared each minute and at `maxKeys` keys. */
class MinuteCounter {
  private minute = -1;
  private readonly counts = new Map<string, number>();
  private readonly limit: number;
  private readonly maxKeys: number;

  constructor(limit: number, maxKeys: number) {
    this.limit = limit;
    this.maxKeys = maxKeys;
  }

  /** Counts one event of `key` in `minute`; false once the key is over the limit. */
  allow(key: string, minute: number): boolean {
    if (minute !== this.minute || this.counts.size >= this.maxKeys) {
      this.minute = minute;
      this.counts.clear();
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return count <= this.limit;
  }
}

export interface EventCapLimits {
  /** Events per visitor (the daily visitor hash) and minute: CONVERSION_RATE_LIMIT. */
  perVisitor: number;
  /**
   * Events per client address (an IPv6 client's /64) and minute:
   * CONVERSION_ADDRESS_RATE_LIMIT. The visitor hash changes with the user agent, which
   * the client writes, so without this one address could pose as any number of visitors.
   */
  perAddress: number;
}

/**
 * Per-instance caps on events per visitor and per address and minute, as analytics tools
 * apply: above them events are dropped silently. Memory is bounded: each table is cleared
 * each minute, and never holds more than `maxKeys` entries.
 */
export class VisitorEventCap {
  private readonly visitors: MinuteCounter;
  private readonly addresses: MinuteCounter;
  private readonly now: () => Date;

  constructor(limits: EventCapLimits, now: () => Date, maxKeys = 50_000) {
    this.visitors = new MinuteCounter(limits.perVisitor, maxKeys);
    this.addresses = new MinuteCounter(limits.perAddress, maxKeys);
    this.now = now;
  }

  private minute(): number {
    return Math.floor(this.now().getTime() / 60_000);
  }

  /**
   * Counts one event from `address` (a limitKey: functions/core/client-address.ts); false once
   * the address is over its limit this minute. Checked before anything is looked up.
   */
  allowAddress(address: string): boolean {
    return this.addresses.allow(address, this.minute());
  }

  /** Counts one event of `visitor`; false once the visitor is over the limit this minute. */
  allow(visitor: string): boolean {
    return this.visitors.allow(visitor, this.minute());
  }
}
