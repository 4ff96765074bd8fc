// Redirects (issue 23): the Redirects view's list, add and delete, the unpublish redirect
// (put with reason 'unpublish'), and the local server's hit counter. Keys, access patterns
// and the flattening rules are in redirect-plan.ts, which page writes plan with too.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { InvalidError } from '../core/domain-errors.ts';
import { fieldErrors } from '../shared/field-errors.ts';
import {
  createRedirectSchema,
  REDIRECT_REASON_LABELS,
  type CreateRedirectRequest,
  type RedirectDto,
  type RedirectReason,
} from '../shared/redirects.ts';
import { keys } from './keys.ts';
import { LandingPageRepository } from './landing-pages/repository.ts';
import {
  readRedirects,
  RedirectExistsError,
  RedirectNotFoundError,
  RedirectsChangedError,
  redirectWrites,
  withRedirect,
  type Redirect,
} from './redirect-plan.ts';
import { isConditionalFailure, TableRepository, type TransactPart } from './table.ts';

export type { Redirect } from './redirect-plan.ts';

/** Who makes a change, for its audit entry (written in the change's own transaction). */
export interface RedirectChange {
  actor: string;
  ip?: string | undefined;
}

/** A redirect's id in the API: its `from`, base64url-encoded (no slash in a URL path). */
export const redirectId = (from: string): string => Buffer.from(from, 'utf8').toString('base64url');

/** The `from` an id names, or undefined for an id that names no possible redirect. */
export function redirectFrom(id: string): string | undefined {
  const from = Buffer.from(id, 'base64url').toString('utf8');
  return /^(\/[a-z0-9-]+)+$/.test(from) && redirectId(from) === id ? from : undefined;
}

export const toRedirectDto = (redirect: Redirect): RedirectDto => ({
  id: redirectId(redirect.from),
  ...redirect,
});

const describe = (redirect: Redirect) =>
  `${redirect.from} → ${redirect.to} (${redirect.status}${
    redirect.reason === 'manual' ? '' : `, ${REDIRECT_REASON_LABELS[redirect.reason].toLowerCase()}`
  })`;

export class RedirectRepository extends TableRepository {
  /** Every redirect, by path. */
  async list(): Promise<RedirectDto[]> {
    const redirects = [...(await readRedirects(this.db, this.table)).values()];
    return redirects.sort((a, b) => a.from.localeCompare(b.from)).map(toRedirectDto);
  }

  /**
   * Adds a redirect, flattened into the existing ones
   * (docs/decisions/0139-redirect-chains-and-loops.md). The input is checked by the shared schema
   * (the API has already; unpublish calls this directly); a `from` that is a live page's address is
   * refused, as is a loop. With `replace`, a redirect of the same `from` is replaced instead of
   * refused (unpublishing a page again). The audit entry is written in the same transaction.
   */
  async put(
    input: CreateRedirectRequest,
    change: RedirectChange,
    options: { reason?: RedirectReason; replace?: boolean } = {},
  ): Promise<RedirectDto> {
    const parsed = createRedirectSchema.safeParse(input);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error.issues);
      const [field, problems] = Object.entries(fields)[0] ?? ['redirect', ['is invalid']];
      throw new InvalidError(`${field} ${problems.join('; ')}`, fields);
    }
    const { from, to, status } = parsed.data;
    await this.refuseLivePage(from);
    const current = await readRedirects(this.db, this.table);
    const existing = current.get(from);
    if (existing && !options.replace) throw new RedirectExistsError(existing);
    const now = this.now();
    const after = withRedirect(current, {
      from,
      to,
      status,
      reason: options.reason ?? 'manual',
      createdAt: now.toISOString(),
      createdBy: change.actor,
      hits: 0,
    });
    const added = after.get(from)!;
    await this.write(redirectWrites(this.table, current, after), 'redirect-add', added, change);
    return toRedirectDto(added);
  }

  /** Removes the redirect `id` names; 404 when there is none. */
  async delete(id: string, change: RedirectChange): Promise<RedirectDto> {
    const from = redirectFrom(id);
    const current = from === undefined ? undefined : await readRedirects(this.db, this.table);
    const existing = from === undefined ? undefined : current?.get(from);
    if (!current || !existing) throw new RedirectNotFoundError();
    const after = new Map(current);
    after.delete(existing.from);
    await this.write(
      redirectWrites(this.table, current, after),
      'redirect-delete',
      existing,
      change,
    );
    return toRedirectDto(existing);
  }

  /**
   * Counts one visit redirected from `from` (the local server, after it answered): one
   * UpdateItem ADD, nothing when the redirect is gone meanwhile.
   */
  async countHit(from: string): Promise<void> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.redirect(from),
          UpdateExpression: 'ADD hits :one',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':one': 1 },
        }),
      );
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
    }
  }

  /** A redirect must not hide a live landing page (the site's own routes are reserved). */
  private async refuseLivePage(from: string): Promise<void> {
    const segments = from.split('/').slice(1);
    if (segments.length !== 1) return;
    const page = await new LandingPageRepository(this.db, this.table, this.now).getBySlug(
      segments[0]!,
    );
    if (!page?.isActive) return;
    throw new InvalidError(`${from} is the address of the live page "${page.title}"`, {
      from: [`is the address of the live page "${page.title}"; a redirect must not hide it`],
    });
  }

  /** The change's writes and its audit entry, in one transaction. */
  private async write(
    parts: TransactPart[],
    action: 'redirect-add' | 'redirect-delete',
    redirect: Redirect,
    change: RedirectChange,
  ): Promise<void> {
    await this.transact({
      items: parts,
      audit: {
        actor: change.actor,
        action,
        summary: describe(redirect),
        ...(change.ip ? { ip: change.ip } : {}),
      },
      onConflict: () => new RedirectsChangedError(),
    });
  }
}
