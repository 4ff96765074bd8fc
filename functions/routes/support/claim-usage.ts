// Where a claim is said (issue 36): the pages whose live version or working copy holds its
// token `{{claim:<key>}}` in a text field, with the fields' content paths. One read of the
// pages and their working copies (`pagesWithClaims`) serves the claims view's usage and
// counts, and a withdrawal's list and the Pages list's flags (claim-withdrawal.ts).
import type { LandingPage } from '../../data/landing-pages/page-item.ts';
import type { Services } from '../../lib/context.ts';
import type { ClaimUsage } from '../../shared/claims/model.ts';
import { textFields } from '../../shared/claims/text-fields.ts';
import { claimKeysIn } from '../../shared/claims/tokens.ts';

/** Each claim key a content says, with the content paths of the fields saying it. */
function keysIn(content: unknown): Map<string, string[]> {
  const found = new Map<string, string[]>();
  if (content === undefined) return found;
  for (const field of textFields(content)) {
    for (const key of claimKeysIn(field.text)) {
      found.set(key, [...new Set([...(found.get(key) ?? []), field.path])]);
    }
  }
  return found;
}

export interface PageClaimKeys {
  page: LandingPage;
  /** Keys the live version says (nothing when the page is not live). */
  live: Map<string, string[]>;
  /** Keys its working copy says, or its own content while it is not live. */
  draft: Map<string, string[]>;
}

/** Every page with the claim keys its live version and its working copy say. */
export async function pagesWithClaims(
  services: Pick<Services, 'pages' | 'workflow'>,
  pages?: LandingPage[],
): Promise<PageClaimKeys[]> {
  const all = pages ?? (await services.pages.list());
  const copies = await services.workflow.workingCopies(all.map((page) => page.id));
  return all.map((page) => {
    const draft = keysIn(copies.get(page.id)?.content);
    // A page that is not live says nothing to visitors: its own content counts as a draft.
    if (!page.isActive) {
      for (const [key, paths] of keysIn(page.content)) {
        draft.set(key, [...new Set([...(draft.get(key) ?? []), ...paths])]);
      }
    }
    return { page, live: page.isActive ? keysIn(page.content) : new Map(), draft };
  });
}

/** A page's usage of some keys, as the usage and withdrawal answers list it; none: undefined. */
export function usageOf({ page, live, draft }: PageClaimKeys, keys: ReadonlySet<string>) {
  const saidLive = [...live.keys()].filter((key) => keys.has(key));
  const saidDraft = [...draft.keys()].filter((key) => keys.has(key));
  if (saidLive.length === 0 && saidDraft.length === 0) return undefined;
  return {
    id: page.id,
    title: page.title,
    slug: page.slug,
    live: saidLive.length > 0,
    workingCopy: saidDraft.length > 0,
    fields: [
      ...new Set([
        ...saidLive.flatMap((key) => live.get(key) ?? []),
        ...saidDraft.flatMap((key) => draft.get(key) ?? []),
      ]),
    ],
    keys: [...new Set([...saidLive, ...saidDraft])],
  };
}

/**
 * How many pages say each claim key (live version, working copy, or both count once): one
 * read of the pages and their working copies for the whole list, not one per claim.
 */
export async function claimUsageCounts(
  services: Pick<Services, 'pages' | 'workflow'>,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const { live, draft } of await pagesWithClaims(services)) {
    for (const key of new Set([...live.keys(), ...draft.keys()])) {
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

const withoutKeys = ({ keys: _keys, ...page }: NonNullable<ReturnType<typeof usageOf>>) => page;

export async function claimUsage(
  services: Pick<Services, 'pages' | 'workflow'>,
  key: string,
): Promise<ClaimUsage['pages']> {
  const keys = new Set([key]);
  return (await pagesWithClaims(services)).flatMap((entry) => {
    const usage = usageOf(entry, keys);
    return usage ? [withoutKeys(usage)] : [];
  });
}
