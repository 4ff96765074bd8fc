// A form definition under review (issue 33, docs/decisions/0310-forms-under-review.md): with
// approvals required, an edit of a form saves its working copy, which is submitted, signed
// by reviewers (electronic signatures of the whole definition, recording the consent text's
// version) and published; the live definition (functions/data/forms.ts) is what visitors and
// the site build get, and changes only on publish. Deleting a form removes both copies.
//
// Access patterns and keys (functions/data/keys.ts):
//   working copies ........ Query   pk=FORM-COPIES               (the list, the review queue)
//   one working copy ...... GetItem pk=FORM-COPIES  sk=<formId>
//   signatures ............ Query   pk=FORM#<formId> sk begins_with SIGNATURE#
//
// It follows the page workflow (functions/data/workflow/) and reuses its refusals, the
// approvals count and the setting: a copy's revisions continue from the live revision; any
// save puts it back to draft and changes its hash, so earlier approvals stop counting; a
// signature is written once, with a check that the copy still has the hash signed and is in
// review; publishing writes the live item and deletes the copy in one transaction
// conditional on both being as read, so a racing edit or second publisher fails instead.
//
// The repository is built in layers, a file per sub-resource, each class extending the one
// below, so `ctx.formReview` stays one object (functions/lib/context.ts):
//   store.ts ......... this file: the items, reading a copy, one transaction, audit entries
//   review.ts ........ submit, approve (electronic signatures), the review queue
//   working-copy.ts .. the forms list with their copies, a form's state, saving the copy
//   publish.ts ....... publish, and deleting a form
//   repository.ts .... FormReviewRepository, the top layer
import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { FormSignature, FormWorkingCopy } from '../../shared/form-review.ts';
import { isBuiltInForm } from '../../shared/forms/built-in.ts';
import type { WebhookEventInput } from '../../shared/webhooks.ts';
import { type FormDefinition, type StoredForm } from '../../shared/forms/definition.ts';
import { stableStringify } from '../../shared/stable-json.ts';
import type { AuditSignature } from '../../shared/api/audit.ts';
import { auditActor, auditItem, type AuditAction } from '../audit.ts';
import type { FormRepository } from '../forms.ts';
import { keys } from '../keys.ts';
import { queryAll, TableRepository, type TransactPart } from '../table.ts';
import type { WorkflowRepository } from '../workflow/repository.ts';
import type { Actor } from '../workflow/store.ts';

/** SHA-256 (hex) of what a form's signature covers: its id and its whole definition. */
export function definitionHash(id: string, form: FormDefinition): string {
  return createHash('sha256').update(stableStringify({ id, form })).digest('hex');
}

type CopyItem = FormWorkingCopy & { pk: string; sk: string };
export type SignatureItem = Omit<FormSignature, 'current'> & { pk: string; sk: string };

function toCopy(item: CopyItem): FormWorkingCopy {
  const copy: Partial<CopyItem> = { ...item };
  delete copy.pk;
  delete copy.sk;
  return copy as FormWorkingCopy;
}

/** The working copy as a definition: what the editor edits, and what publishing makes live. */
export const asStored = (id: string, copy: FormWorkingCopy): StoredForm => ({
  id,
  builtIn: isBuiltInForm(id),
  revision: copy.revision,
  form: copy.form,
  updatedAt: copy.updatedAt,
  updatedBy: copy.updatedBy,
});

/** The base layer of the forms' review repository (layers: the header above). */
export abstract class FormReviewStore extends TableRepository {
  protected readonly forms: FormRepository;
  protected readonly workflow: WorkflowRepository;

  constructor(
    db: DynamoDBDocumentClient,
    table: string,
    now: () => Date,
    forms: FormRepository,
    workflow: WorkflowRepository,
  ) {
    super(db, table, now);
    this.forms = forms;
    this.workflow = workflow;
  }

  async workingCopy(id: string): Promise<FormWorkingCopy | undefined> {
    const result = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: keys.formWorkingCopy(id),
        ConsistentRead: true,
      }),
    );
    return result.Item ? toCopy(result.Item as CopyItem) : undefined;
  }

  /** Every working copy, by form id. */
  async copies(): Promise<Map<string, FormWorkingCopy>> {
    const items = await queryAll<CopyItem>(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.formCopiesPartition() },
      ConsistentRead: true,
    });
    return new Map(items.map((item) => [item.sk, toCopy(item)]));
  }

  /** The live definition, the working copy and the setting, read at once. */
  protected async read(id: string) {
    const [live, copy, { approvalsRequired }] = await Promise.all([
      this.forms.get(id),
      this.workingCopy(id),
      this.workflow.settings(),
    ]);
    return { live, copy, approvalsRequired };
  }

  /**
   * One transaction; a refused condition becomes `refused()`'s domain error. `events` are the
   * webhook events of the change (functions/data/webhook-events.ts), written in the same
   * transaction.
   */
  protected async write(
    parts: TransactPart[],
    refused: () => Error,
    events?: readonly WebhookEventInput[],
  ): Promise<void> {
    await this.transact({ items: parts, onConflict: refused, ...(events ? { events } : {}) });
  }

  protected audit(
    now: Date,
    actor: Actor,
    action: AuditAction,
    summary: string,
    signature?: AuditSignature,
  ) {
    return auditItem(this.table, now, {
      ...auditActor(actor),
      action,
      summary,
      ...(signature ? { signature } : {}),
    }).put;
  }
}
