// Preview links (docs/decisions/0137-preview-links.md, the token's travel in
// docs/decisions/0334-preview-token-in-a-header.md): a link that shows a page's working copy
// without an account until it expires or is revoked. Only the SHA-256 of its secret is
// stored; the token (page id, link id, secret) is shown once.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { NotFoundError } from '../../core/domain-errors.ts';
import { PREVIEW_LINK_DEFAULT_DAYS, type PreviewLink } from '../../shared/workflow.ts';
import { keys, SK } from '../keys.ts';
import type { LandingPage } from '../landing-pages/page-item.ts';
import { putNew } from '../table.ts';
import { WorkflowStore, type Actor } from './store.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The preview links layer of the page workflow (layers: functions/data/workflow/store.ts). */
export abstract class PreviewLinks extends WorkflowStore {
  /** A link that shows the working copy without an account; the token is shown once. */
  async createPreviewLink(
    page: LandingPage,
    days: number | undefined,
    actor: Actor,
  ): Promise<PreviewLink & { token: string }> {
    const now = this.now();
    const linkId = randomUUID();
    const secret = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + (days ?? PREVIEW_LINK_DEFAULT_DAYS) * 86400_000);
    const link: PreviewLink = {
      id: linkId,
      createdAt: now.toISOString(),
      createdBy: actor.email,
      expiresAt: expiresAt.toISOString(),
    };
    await this.transact({
      items: [
        putNew(this.table, {
          ...keys.previewLink(page.id, linkId),
          pageId: page.id,
          ...link,
          secretHash: sha256(secret),
          // DynamoDB's TTL removes it a day after it stops working.
          ttl: Math.floor(expiresAt.getTime() / 1000) + 86400,
        }),
      ],
      audit: this.audit(
        now,
        actor,
        'preview-link',
        `${page.title} (/${page.slug}): preview link made, valid until ${link.expiresAt}`,
        page.id,
      ),
    });
    return { ...link, token: `${page.id}.${linkId}.${secret}` };
  }

  async previewLinks(pageId: string): Promise<PreviewLink[]> {
    const now = this.now().toISOString();
    const items = await this.partition<PreviewLink & Record<string, unknown>>(
      pageId,
      SK.previewLink,
    );
    return items
      .filter((item) => item.expiresAt > now)
      .map(({ id, createdAt, createdBy, expiresAt }) => ({ id, createdAt, createdBy, expiresAt }));
  }

  async revokePreviewLink(page: LandingPage, linkId: string, actor: Actor): Promise<void> {
    const now = this.now();
    await this.transact({
      items: [
        {
          Delete: {
            TableName: this.table,
            Key: keys.previewLink(page.id, linkId),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
      ],
      audit: this.audit(
        now,
        actor,
        'preview-link-revoke',
        `${page.title} (/${page.slug}): preview link revoked`,
        page.id,
      ),
      onConflict: () => new NotFoundError('Preview link not found'),
    });
  }

  /** The page id and expiry a token names, while it is valid; undefined otherwise. */
  async resolvePreviewToken(
    token: string,
  ): Promise<{ pageId: string; expiresAt: string } | undefined> {
    const match = /^([0-9a-f-]{36})\.([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return undefined;
    const [, pageId = '', linkId = '', secret = ''] = match;
    const result = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: keys.previewLink(pageId, linkId),
        ConsistentRead: true,
      }),
    );
    const item = result.Item;
    if (!item || typeof item['secretHash'] !== 'string') return undefined;
    const expected = Buffer.from(item['secretHash'], 'hex');
    const given = Buffer.from(sha256(secret), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    const expiresAt = String(item['expiresAt']);
    if (!(expiresAt > this.now().toISOString())) return undefined;
    return { pageId, expiresAt };
  }
}
