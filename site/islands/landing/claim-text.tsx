// Claims in the landing page's markup (issue 36, docs/decisions/0523-claims-rendered.md): a
// text field's `{{claim:<key>}}` renders as the claim's approved wording followed by a
// superscript link to each of its references (`#ref-N`, named "Reference N" for screen
// readers), numbered by functions/shared/claims/references.ts in the order the page first
// uses each piece of evidence; the References list (ReferencesList) ends the page, or stands
// where the page's references block is. The build, the preview links and the editor's live
// preview all render through here from the same PageClaims, so they show the same numbers.
// A token whose claim is not approved is never shown as approved text: previews mark its key
// with why; the public page leaves it out (publishing refuses such a page, so only a claim
// withdrawn or lapsed after publishing gets there, and the page is flagged meanwhile).
import { createContext, Fragment, useContext, type ReactNode } from 'react';
import type { Block } from '../../../functions/shared/blocks.ts';
import type { PageClaims } from '../../../functions/shared/claims/page-claims.ts';
import { claimKeysOf } from '../../../functions/shared/claims/page-claims.ts';
import {
  claimSegments,
  numberReferences,
  type ClaimWording,
  type PageReferences,
} from '../../../functions/shared/claims/references.ts';
import type { LandingContent } from '../../../functions/shared/landing-content.ts';
import { landingText, referenceDay } from '../../i18n/landing.ts';
import { DEFAULT_PAGE_LOCALE } from '../forms/page-locale.ts';

/** A page's claims, numbered, as its markup renders them. */
export interface ClaimsOnPage {
  wordings: ReadonlyMap<string, ClaimWording>;
  /** Why each key the page says but cannot show is not shown. */
  unapproved: ReadonlyMap<string, string>;
  references: PageReferences;
  /** An editor's or reviewer's preview: unapproved claims are marked, not left out. */
  preview: boolean;
}

const ClaimsContext = createContext<ClaimsOnPage | undefined>(undefined);
/** The page's locale (issue 39): the References list's words and dates, the superscripts' names. */
const LocaleContext = createContext<string>(DEFAULT_PAGE_LOCALE);

/**
 * The page's claims numbered in the order it says them, or undefined when it says none
 * (its markup is then exactly what it was before claims).
 */
export function claimsOnPage(
  content: LandingContent,
  claims: PageClaims | undefined,
  preview: boolean,
): ClaimsOnPage | undefined {
  const keys = claimKeysOf(content);
  if (keys.length === 0) return undefined;
  const wordings = new Map((claims?.claims ?? []).map((claim) => [claim.key, claim]));
  const evidence = new Map((claims?.evidence ?? []).map((item) => [item.id, item]));
  const unapproved = new Map((claims?.unapproved ?? []).map(({ key, why }) => [key, why]));
  for (const key of keys) {
    if (!wordings.has(key) && !unapproved.has(key)) {
      unapproved.set(
        key,
        claims
          ? `Not shown: there is no approved claim "${key}"`
          : `Not shown yet: the claim "${key}" is being read`,
      );
    }
  }
  return {
    wordings,
    unapproved,
    references: numberReferences(keys, wordings, evidence),
    preview,
  };
}

export function ClaimsProvider({
  claims,
  locale = DEFAULT_PAGE_LOCALE,
  children,
}: {
  claims: ClaimsOnPage | undefined;
  /** The page's locale (default en-US). */
  locale?: string | undefined;
  children: ReactNode;
}) {
  return (
    <LocaleContext value={locale}>
      <ClaimsContext value={claims}>{children}</ClaimsContext>
    </LocaleContext>
  );
}

/** A claim's superscript reference links. */
function ReferenceNumbers({ numbers }: { numbers: readonly number[] }) {
  const words = landingText(useContext(LocaleContext)).references;
  if (numbers.length === 0) return null;
  return (
    <sup className="claim-refs ml-0.5 text-[0.6em] font-semibold">
      {numbers.map((number, index) => (
        <Fragment key={number}>
          {index > 0 && ','}
          <a
            href={`#ref-${number}`}
            aria-label={words.reference(number)}
            className="underline underline-offset-2"
          >
            {number}
          </a>
        </Fragment>
      ))}
    </sup>
  );
}

/**
 * A text field holding claim tokens: each claim's wording with its reference numbers, the
 * rest through `plain` (the dynamic-text renderer, dynamic-text.tsx).
 */
export function ClaimText({
  text,
  plain,
}: {
  text: string;
  plain: (text: string) => ReactNode;
}): ReactNode {
  const claims = useContext(ClaimsContext);
  const wordings = claims?.wordings ?? new Map<string, ClaimWording>();
  const references = claims?.references ?? { numbers: new Map(), entries: [] };
  return claimSegments(text, wordings, references).map((segment, index) => {
    if (segment.kind === 'text') return <Fragment key={index}>{plain(segment.text)}</Fragment>;
    if (segment.kind === 'claim') {
      return (
        <Fragment key={index}>
          <span data-claim={segment.key}>{segment.text}</span>
          <ReferenceNumbers numbers={segment.numbers} />
        </Fragment>
      );
    }
    if (!claims?.preview) return null;
    const why = claims.unapproved.get(segment.key) ?? `Not shown: the claim "${segment.key}"`;
    return (
      <mark
        key={index}
        data-claim-unapproved={segment.key}
        title={why}
        className="rounded bg-amber-200 px-1 text-amber-950 line-through decoration-amber-700"
      >
        {segment.key}
        <span className="sr-only"> ({why})</span>
      </mark>
    );
  });
}

/**
 * The References list: one entry per piece of evidence the page's claims cite, numbered as
 * their superscripts; `block` places it (a references block) with its heading. Nothing when
 * the page cites no evidence (a preview of a references block says so instead).
 */
export function ReferencesList({ block }: { block?: Extract<Block, { type: 'references' }> }) {
  const claims = useContext(ClaimsContext);
  const locale = useContext(LocaleContext);
  const words = landingText(locale).references;
  const entries = claims?.references.entries ?? [];
  const preview = claims?.preview ?? false;
  if (entries.length === 0 && !(block && preview)) return null;
  const id = block ? `block-${block.id}` : 'references';
  return (
    <section
      id={id}
      data-references=""
      aria-labelledby={`${id}-title`}
      className="border-t border-slate-200 bg-white py-12"
    >
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight text-ink">
          {block?.heading || words.heading}
        </h2>
        {entries.length === 0 ? (
          <p className="mt-4 text-sm text-slate-700">{words.empty}</p>
        ) : (
          <ol className="mt-4 list-decimal space-y-2 pl-6 text-sm leading-6 text-slate-700">
            {entries.map(({ number, evidence }) => (
              <li key={number} id={`ref-${number}`}>
                <cite className="font-semibold not-italic">{evidence.title}</cite>.{' '}
                {evidence.source},{' '}
                <time dateTime={evidence.date}>{referenceDay(locale, evidence.date)}</time>.
                {evidence.url && (
                  <>
                    {' '}
                    <a
                      href={evidence.url}
                      rel="noopener noreferrer"
                      className="break-all font-semibold text-brand-700 underline underline-offset-4"
                    >
                      {evidence.url}
                    </a>
                  </>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
