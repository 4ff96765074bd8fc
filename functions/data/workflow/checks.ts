// The checks before publishing at each step of the workflow (issue 38,
// docs/decisions/0564-checks-before-publishing.md): what the checks need of the store (the
// site's served paths, the library images, forms and claims the content shows, the claims
// lint's mode), read here and given to functions/checks/run.ts, which renders the content
// as the build does and runs every rule. The checker is loaded on first use, so a Lambda
// function that never checks (the public one builds this repository for preview links) never
// loads React's server renderer.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '../../core/domain-errors.ts';
import { blocksOf } from '../../shared/blocks.ts';
import { claimKeysOf, pageClaimsOf } from '../../shared/claims/page-claims.ts';
import { builtInForm, isBuiltInForm } from '../../shared/forms/built-in.ts';
import { publicForm, type PublicForm } from '../../shared/forms/public-form.ts';
import type { LandingContent } from '../../shared/landing-content.ts';
import { errorsOf, type PageCheck, type PageChecks } from '../../shared/page-checks.ts';
import { publicPath } from '../../shared/slug.ts';
import type { Settings } from '../../shared/workflow.ts';
import type { ClaimRepository } from '../claims/claims.ts';
import { FormRepository } from '../forms.ts';
import type { LandingPageRepository } from '../landing-pages/repository.ts';
import { RedirectRepository } from '../redirects.ts';
import type { MediaMap } from '../../shared/media-map.ts';

export interface CheckSubject {
  title: string;
  slug: string;
  content: LandingContent;
}

/** The checks' reader of the store, one per workflow repository. */
export class PageChecker {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;
  private readonly pages: LandingPageRepository;
  private readonly claims: ClaimRepository;
  private readonly mediaOf: (content: unknown) => Promise<MediaMap>;

  constructor(
    db: DynamoDBDocumentClient,
    table: string,
    pages: LandingPageRepository,
    claims: ClaimRepository,
    mediaOf: (content: unknown) => Promise<MediaMap>,
  ) {
    this.db = db;
    this.table = table;
    this.pages = pages;
    this.claims = claims;
    this.mediaOf = mediaOf;
  }

  /** Every finding on `subject` as it would go live now, errors first. */
  async run(subject: CheckSubject, settings: Pick<Settings, 'claimsLint'>): Promise<PageCheck[]> {
    const [{ runChecks }, pages, redirects, media, forms, { claims, evidence }] = await Promise.all(
      [
        import('../../checks/run.ts'),
        this.pages.list(),
        new RedirectRepository(this.db, this.table).list(),
        this.mediaOf(subject.content),
        this.forms(subject.content),
        this.claims.listWithEvidence(),
      ],
    );
    const livePaths = new Set([
      ...pages.filter((page) => page.isActive).map((page) => publicPath(page.slug)),
      ...redirects.map((redirect) => redirect.from.replace(/(.)\/+$/, '$1')),
    ]);
    const keys = claimKeysOf(subject.content);
    return runChecks(subject, {
      livePaths,
      media,
      forms,
      claims,
      pageClaims: keys.length ? pageClaimsOf(keys, claims, evidence) : undefined,
      claimsLint: settings.claimsLint,
    });
  }

  /** The public definitions of the forms the content's form blocks show. */
  private async forms(content: LandingContent): Promise<Record<string, PublicForm>> {
    const ids = [
      ...new Set(
        blocksOf(content).flatMap((block) => (block.type === 'form' ? [block.formId] : [])),
      ),
    ];
    if (ids.length === 0) return {};
    const repository = new FormRepository(this.db, this.table);
    const entries = await Promise.all(
      ids.map(async (id) => {
        const stored = await repository.get(id);
        if (stored) return [id, await publicForm(id, stored.form)] as const;
        return isBuiltInForm(id)
          ? ([id, await publicForm(id, builtInForm(id))] as const)
          : undefined;
      }),
    );
    return Object.fromEntries(entries.filter((entry) => entry !== undefined));
  }
}

/** The result as GET /api/landing-pages/:id/checks answers it. */
export const checksResult = (
  checks: PageCheck[],
  of: PageChecks['of'],
  revision: number,
  at: Date,
  blocking: boolean,
): PageChecks => ({ revision, of, checkedAt: at.toISOString(), blocking, checks });

/** 409: the checks found errors and the setting says they refuse this step. */
export class ChecksRefusedError extends ConflictError {
  override name = 'ChecksRefusedError';
  readonly checks: readonly PageCheck[];
  constructor(step: string, errors: readonly PageCheck[]) {
    const [first] = errors;
    const more = errors.length - 1;
    super(
      `${step}: ${errors.length === 1 ? 'the checks before publishing found an error' : `the checks before publishing found ${errors.length} errors`}. ${first!.message}${more > 0 ? ` (and ${more} more; see the Review tab)` : ''}`,
      Object.fromEntries(
        [...new Set(errors.map((check) => check.path ?? 'content'))].map((path) => [
          path,
          errors
            .filter((check) => (check.path ?? 'content') === path)
            .map((check) => check.message),
        ]),
      ),
    );
    this.checks = errors;
  }
}

/** Throws ChecksRefusedError when `checks` has errors and the setting blocks on them. */
export function assertChecks(
  checks: readonly PageCheck[],
  step: string,
  settings: Pick<Settings, 'checksBlockPublishing'>,
): void {
  const errors = errorsOf(checks);
  if (settings.checksBlockPublishing && errors.length > 0)
    throw new ChecksRefusedError(step, errors);
}
