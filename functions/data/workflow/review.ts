// Review with electronic signatures (docs/decisions/0133-e-signatures.md): a working copy
// is submitted, approved by signatures or rejected back to draft, with a comment thread;
// the setting says how many approvals publishing needs.
//
// A signature is an item of its own, written once with attribute_not_exists and never
// updated or deleted (no code path here does either). It records the SHA-256 of the exact
// title, slug and content signed (store.ts contentHash); it counts as an approval only while
// the working copy still has that hash, so any edit voids every approval at once without
// touching them.
import { versionOf } from '../../shared/translation-ids.ts';
import { DEFAULT_LOCALE } from '../../shared/locales.ts';
import type { WebhookEventInput } from '../../shared/webhooks.ts';
import { assertClaims } from './claims-check.ts';
import { assertChecks } from './checks.ts';
import { checkAttributes } from './working-copy.ts';
import {
  checklistPart,
  type Settings,
  type SettingsUpdate,
  type Signature,
  type Signer,
  type WorkingCopy,
} from '../../shared/workflow.ts';
import { type SignatureMeaning } from '../../shared/signatures.ts';
import { keys, SK } from '../keys.ts';
import type { LandingPage } from '../landing-pages/page-item.ts';
import { signatureManifest, type AuditPart } from '../audit-item.ts';
import { putNew, type TransactPart } from '../table.ts';
import { assertSignable, WorkflowStateError, WorkingCopyNotFoundError } from './errors.ts';
import { readSettings, SETTING_NAMES } from './settings.ts';
import { withoutKeys, type Actor } from './store.ts';
import { Comments, suffix } from './comments.ts';
import { openThreadCount } from '../../shared/comments.ts';

interface SignatureItem extends Omit<Signature, 'current'> {
  pk: string;
  sk: string;
  pageId: string;
}

/** A changed setting as the audit log says it. */
function settingLine(name: keyof Settings, update: SettingsUpdate): string {
  switch (name) {
    case 'approvalsRequired':
      return `Approvals required to publish: ${update.approvalsRequired}`;
    case 'claimsLint':
      return `Text that reads like a claim: ${update.claimsLint === 'block' ? 'refused' : 'listed for reviewers'}`;
    case 'withdrawnClaims':
      return `Pages using a withdrawn claim: ${update.withdrawnClaims === 'unpublish' ? 'taken down' : 'flagged'}`;
    case 'openCommentsBlockApproval':
      return `Unresolved comments ${update.openCommentsBlockApproval ? 'block' : 'do not block'} approval`;
    case 'reviewChecklist':
      return update.reviewChecklist!.length === 0
        ? 'Reviewer checklist: none'
        : `Reviewer checklist: ${update.reviewChecklist!.map((item) => `"${item}"`).join(', ')}`;
    case 'jobCodePrefix':
      return `Job code prefix: ${update.jobCodePrefix} (from the next publication)`;
    case 'checksBlockPublishing':
      return `Errors of the checks before publishing ${update.checksBlockPublishing ? 'block submitting and publishing' : 'are listed only'}`;
    case 'maxApprovalMonths':
      return update.maxApprovalMonths === 0
        ? 'Approval period: unlimited'
        : `Approval period: publishing needs an expiry within ${update.maxApprovalMonths} months`;
    case 'locales':
      return `Locales: ${update.locales!.join(', ')}`;
  }
}

/** The review layer of the page workflow (layers: functions/data/workflow/store.ts). */
export abstract class Review extends Comments {
  /** The publishing settings, each missing or unreadable one at its default. */
  async settings(): Promise<Settings> {
    return readSettings(this.db, this.table);
  }

  /** Changes the settings named in `update`; the others keep their values. */
  async putSettings(update: SettingsUpdate, actor: Actor): Promise<Settings> {
    const now = this.now();
    const names = SETTING_NAMES.filter((name) => update[name] !== undefined);
    await this.transact({
      items: [
        {
          // An update, not a put: the item also holds live-guard.ts's counters.
          Update: {
            TableName: this.table,
            Key: keys.settings(),
            UpdateExpression: `SET ${names.map((name) => `#${name} = :${name}`).join(', ')}`,
            ExpressionAttributeNames: Object.fromEntries(names.map((name) => [`#${name}`, name])),
            ExpressionAttributeValues: Object.fromEntries(
              names.map((name) => [`:${name}`, update[name]]),
            ),
          },
        },
      ],
      audit: this.audit(
        now,
        actor,
        'settings',
        names.map((name) => settingLine(name, update)).join('; '),
      ),
    });
    return this.settings();
  }

  /**
   * Working copy -> in review. A page that was never published (inactive, no copy yet)
   * is submitted as it stands: its content becomes the copy under review.
   */
  async submit(page: LandingPage, note: string | undefined, actor: Actor): Promise<WorkingCopy> {
    let copy = await this.workingCopy(page.id);
    if (!copy) {
      if (page.isActive) {
        throw new WorkflowStateError(
          'There is no working copy to submit: edit the page first (visitors see the live version)',
        );
      }
      copy = await this.saveDraft(page, page, page.revision, actor);
    }
    if (copy.state === 'in_review')
      throw new WorkflowStateError('The working copy is already in review');
    const settings = await this.settings();
    await assertClaims(this.claims, copy.content, 'It cannot be submitted', settings.claimsLint);
    assertChecks(await this.runChecks(copy, settings), 'It cannot be submitted', settings);
    const now = this.now();
    const at = now.toISOString();
    const next: WorkingCopy = {
      ...copy,
      state: 'in_review',
      submittedAt: at,
      submittedBy: actor.email,
      ...(note ? { note } : {}),
    };
    if (!note) delete next.note;
    await this.moveState(
      page,
      copy,
      next,
      note ? [this.commentPut(page.id, actor.email, at, note, copy.revision, 'submission')] : [],
      this.audit(
        now,
        actor,
        'submit',
        `${copy.title} (/${page.slug}): working copy submitted for review (revision ${copy.revision})`,
        page.id,
      ),
      [
        {
          type: 'page.submitted',
          data: {
            ...versionOf(page.id, DEFAULT_LOCALE),
            title: copy.title,
            slug: copy.slug,
            by: actor.email,
            revision: copy.revision,
            ...(note ? { note } : {}),
          },
        },
      ],
    );
    return next;
  }

  /** In review -> draft, with the reviewer's comment in the thread (the author sees it). */
  async reject(page: LandingPage, comment: string, actor: Actor): Promise<WorkingCopy> {
    const copy = await this.workingCopy(page.id);
    if (!copy) throw new WorkingCopyNotFoundError();
    if (copy.state !== 'in_review')
      throw new WorkflowStateError('Only a working copy in review can be rejected');
    const now = this.now();
    const at = now.toISOString();
    const next: WorkingCopy = { ...copy, state: 'draft' };
    await this.moveState(
      page,
      copy,
      next,
      [this.commentPut(page.id, actor.email, at, comment, copy.revision, 'rejection')],
      this.audit(
        now,
        actor,
        'reject',
        `${copy.title} (/${page.slug}): working copy rejected (revision ${copy.revision})`,
        page.id,
      ),
    );
    return next;
  }

  /**
   * Signs the working copy in review as `signer`: an immutable record of the signer's
   * printed name and e-mail, the time (UTC), the meaning and the hash of the content,
   * written only if the copy still has that content and is still in review.
   */
  async sign(
    page: LandingPage,
    signer: Signer,
    meaning: SignatureMeaning,
    comment: string | undefined,
    actor: Actor,
  ): Promise<Signature> {
    const copy = await this.workingCopy(page.id);
    if (!copy) throw new WorkingCopyNotFoundError();
    await assertSignable(copy, signer, () => this.signatures(page.id, copy));
    const settings = await this.settings();
    // Open threads hold up a signature (docs/decisions/0528-open-comments-block-approval.md).
    if (settings.openCommentsBlockApproval) {
      const open = openThreadCount(await this.comments(page.id));
      if (open > 0) {
        const count = `${open} comment${open === 1 ? ' is' : 's are'} unresolved`;
        throw new WorkflowStateError(`It cannot be approved: ${count}`, {
          comments: [`${count}: resolve ${open === 1 ? 'it' : 'them'} first`],
        });
      }
    }
    await assertClaims(this.claims, copy.content, 'It cannot be approved', settings.claimsLint);
    if (await this.refreshHash(page.id, copy)) {
      throw new WorkflowStateError(
        'An image this working copy shows changed after it was saved, so it reads differently now: reload it and review it again',
      );
    }
    const now = this.now();
    const signedAt = now.toISOString();
    const id = suffix(signedAt);
    const record: Omit<Signature, 'current'> = {
      id,
      signerName: signer.name,
      signerEmail: signer.email,
      signedAt,
      meaning,
      ...(comment ? { comment } : {}),
      ...checklistPart(signer),
      contentHash: copy.contentHash,
      revision: copy.revision,
    };
    const manifest = signatureManifest(signer, signedAt, meaning);
    await this.transact({
      items: [
        putNew(this.table, { ...keys.signature(page.id, id), pageId: page.id, ...record }),
        {
          ConditionCheck: {
            TableName: this.table,
            Key: keys.workingCopy(page.id),
            ConditionExpression: 'contentHash = :hash AND #state = :review',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: { ':hash': copy.contentHash, ':review': 'in_review' },
          },
        },
        ...(comment
          ? [this.commentPut(page.id, signer.email, signedAt, comment, copy.revision, 'approval')]
          : []),
      ],
      audit: this.audit(
        now,
        actor,
        'approve',
        `${copy.title} (/${page.slug}): approved by ${manifest.text}; content SHA-256 ${copy.contentHash}`,
        page.id,
        manifest.signature,
      ),
      events: [
        {
          type: 'page.approved',
          data: {
            ...versionOf(page.id, DEFAULT_LOCALE),
            title: copy.title,
            slug: copy.slug,
            by: actor.email,
            revision: copy.revision,
            signerName: signer.name,
            meaning,
          },
        },
      ],
      onConflict: () =>
        new WorkflowStateError('The working copy changed while you signed; review it again'),
    });
    return { ...record, current: true };
  }

  /** Every signature on the page's working copies, newest first. */
  async signatures(pageId: string, copy?: WorkingCopy | undefined): Promise<Signature[]> {
    const items = await this.partition<SignatureItem>(pageId, SK.signature);
    return items
      .map((item) => withoutKeys(item))
      .map((record) => ({
        ...record,
        current: Boolean(copy && record.contentHash === copy.contentHash),
      }))
      .reverse();
  }

  /** Distinct signers of the current content (never its authors: sign() refuses them). */
  static approvalsOf(signatures: Signature[]): number {
    return new Set(signatures.filter((s) => s.current).map((s) => s.signerEmail)).size;
  }

  /**
   * Writes the copy in its next state (submit, reject) with `parts` and its audit entry,
   * conditional on the copy still being the revision and state it was read in.
   */
  private async moveState(
    page: LandingPage,
    copy: WorkingCopy,
    next: WorkingCopy,
    parts: TransactPart[],
    audit: AuditPart,
    events: WebhookEventInput[] = [],
  ): Promise<void> {
    // The copy's checks (issue 38) are kept with it, run again on the content it has.
    const checks = await this.runChecks(next, await this.settings());
    await this.transact({
      items: [
        {
          Put: {
            TableName: this.table,
            Item: {
              ...keys.workingCopy(page.id),
              pageId: page.id,
              ...next,
              ...checkAttributes(checks, this.now()),
            },
            ConditionExpression: 'revision = :revision AND #state = :state',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: { ':revision': copy.revision, ':state': copy.state },
          },
        },
        ...parts,
      ],
      audit,
      events,
      onConflict: () => new WorkflowStateError('The working copy changed meanwhile; reload it'),
    });
  }
}
