// A form's review (docs/decisions/0310-forms-under-review.md): a working copy is submitted
// and signed by reviewers (electronic signatures of the whole definition, recording the
// consent text's version), with the page workflow's refusals (assertSignable); the review
// queue lists the copies in review.
import { randomUUID } from 'node:crypto';
import { NotFoundError } from '../../core/domain-errors.ts';
import type { FormInReview, FormSignature, FormWorkingCopy } from '../../shared/form-review.ts';
import { checklistPart, type Signer } from '../../shared/workflow.ts';
import { type SignatureMeaning } from '../../shared/signatures.ts';
import { signatureManifest } from '../audit-item.ts';
import { keys, SK } from '../keys.ts';
import { putNew, queryAll } from '../table.ts';
import { assertSignable, WorkflowStateError } from '../workflow/errors.ts';
import type { Actor } from '../workflow/store.ts';
import { FormReviewStore, type SignatureItem } from './store.ts';

/** The review layer of the forms' review repository (layers: functions/data/form-review/store.ts). */
export abstract class FormReview extends FormReviewStore {
  /** The forms whose working copy waits for approvals, oldest submission first. */
  async inReview(): Promise<FormInReview[]> {
    return [...(await this.copies())]
      .filter(([, copy]) => copy.state === 'in_review')
      .map(([id, copy]) => ({
        id,
        title: copy.form.title,
        revision: copy.revision,
        submittedAt: copy.submittedAt,
        submittedBy: copy.submittedBy,
      }))
      .sort((a, b) => (a.submittedAt ?? '').localeCompare(b.submittedAt ?? ''));
  }

  /** Draft -> in review. */
  async submit(id: string, note: string | undefined, actor: Actor): Promise<FormWorkingCopy> {
    const copy = await this.workingCopy(id);
    if (!copy) {
      throw new WorkflowStateError(
        'There is no working copy to submit: edit the form first (visitors get the live definition)',
      );
    }
    if (copy.state === 'in_review') {
      throw new WorkflowStateError('The working copy is already in review');
    }
    const now = this.now();
    const next: FormWorkingCopy = {
      ...copy,
      state: 'in_review',
      submittedAt: now.toISOString(),
      submittedBy: actor.email,
    };
    if (note) next.note = note;
    else delete next.note;
    await this.write(
      [
        {
          Put: {
            TableName: this.table,
            Item: { ...keys.formWorkingCopy(id), ...next },
            ConditionExpression: 'revision = :revision AND #state = :state',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: { ':revision': copy.revision, ':state': copy.state },
          },
        },
        this.audit(
          now,
          actor,
          'form-submit',
          `Form "${copy.form.title}" (${id}): working copy submitted for review (revision ${copy.revision})`,
        ),
      ],
      () => new WorkflowStateError('The working copy changed meanwhile; reload it'),
    );
    return next;
  }

  /**
   * Signs the working copy in review as `signer` (the route has checked their password and
   * code): a record of who, when (UTC), what it means, the definition's hash and the consent
   * text's version, written only while the copy still has that hash and is in review.
   */
  async sign(
    id: string,
    signer: Signer,
    meaning: SignatureMeaning,
    comment: string | undefined,
    actor: Actor,
  ): Promise<FormSignature> {
    const copy = await this.workingCopy(id);
    if (!copy) throw new NotFoundError('This form has no working copy to approve');
    await assertSignable(copy, signer, () => this.signatures(id, copy));
    const now = this.now();
    const signedAt = now.toISOString();
    const record: Omit<FormSignature, 'current'> = {
      id: `${signedAt}#${randomUUID().slice(0, 8)}`,
      signerName: signer.name,
      signerEmail: signer.email,
      signedAt,
      meaning,
      ...(comment ? { comment } : {}),
      ...checklistPart(signer),
      contentHash: copy.contentHash,
      revision: copy.revision,
      consentVersion: copy.consentVersion,
    };
    const manifest = signatureManifest(signer, signedAt, meaning);
    const consent = copy.consentVersion
      ? `consent text version ${copy.consentVersion}`
      : 'no consent text';
    await this.write(
      [
        putNew(this.table, { ...keys.formSignature(id, record.id), ...record }),
        {
          ConditionCheck: {
            TableName: this.table,
            Key: keys.formWorkingCopy(id),
            ConditionExpression: 'contentHash = :hash AND #state = :review',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: { ':hash': copy.contentHash, ':review': 'in_review' },
          },
        },
        this.audit(
          now,
          actor,
          'form-approve',
          `Form "${copy.form.title}" (${id}): revision ${copy.revision} approved by ${manifest.text}; ${consent}; definition SHA-256 ${copy.contentHash}`,
          manifest.signature,
        ),
      ],
      () => new WorkflowStateError('The working copy changed while you signed; review it again'),
    );
    return { ...record, current: true };
  }

  /** Every signature of the form's working copies, newest first; current ones sign `copy`. */
  async signatures(id: string, copy: FormWorkingCopy | undefined): Promise<FormSignature[]> {
    const items = await queryAll<SignatureItem>(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.formPartition(id), ':prefix': SK.signature },
      ConsistentRead: true,
    });
    return items
      .map(({ pk: _pk, sk: _sk, ...record }) => ({
        ...record,
        current: Boolean(copy && record.contentHash === copy.contentHash),
      }))
      .reverse();
  }
}
