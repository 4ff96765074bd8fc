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
import { createHash, randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient, TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ConflictError, InvalidError, NotFoundError } from '../lib/domain-errors.ts';
import type {
  FormInReview,
  FormSignature,
  FormState,
  FormWorkingCopy,
} from '../shared/form-review.ts';
import {
  consentVersion,
  isBuiltInForm,
  type FormDefinition,
  type FormSummary,
  type StoredForm,
} from '../shared/forms.ts';
import { stableStringify } from '../shared/stable-json.ts';
import { MEANING_LABELS, type SignatureMeaning } from '../shared/workflow.ts';
import { auditItem, type AuditAction } from './audit.ts';
import { checkRevision, formSummary, liveFormItem, type FormRepository } from './forms.ts';
import { keys, SK } from './keys.ts';
import { isConditionalFailure, putNew, queryAll, TableRepository } from './table.ts';
import { ApprovalsMissingError, assertSignable, WorkflowStateError } from './workflow/errors.ts';
import { WorkflowRepository } from './workflow/repository.ts';
import type { Actor } from './workflow/store.ts';

/** SHA-256 (hex) of what a form's signature covers: its id and its whole definition. */
export function definitionHash(id: string, form: FormDefinition): string {
  return createHash('sha256').update(stableStringify({ id, form })).digest('hex');
}

type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;
type CopyItem = FormWorkingCopy & { pk: string; sk: string };
type SignatureItem = Omit<FormSignature, 'current'> & { pk: string; sk: string };

function toCopy(item: CopyItem): FormWorkingCopy {
  const copy: Partial<CopyItem> = { ...item };
  delete copy.pk;
  delete copy.sk;
  return copy as FormWorkingCopy;
}

/** The working copy as a definition: what the editor edits, and what publishing makes live. */
const asStored = (id: string, copy: FormWorkingCopy): StoredForm => ({
  id,
  builtIn: isBuiltInForm(id),
  revision: copy.revision,
  form: copy.form,
  updatedAt: copy.updatedAt,
  updatedBy: copy.updatedBy,
});

/** A form that exists only as a working copy: its list row (never published). */
const copyOnlySummary = (id: string, copy: FormWorkingCopy): FormSummary => ({
  ...formSummary(asStored(id, copy)),
  live: false,
});

const counted = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

export class FormReviewRepository extends TableRepository {
  private readonly forms: FormRepository;
  private readonly workflow: WorkflowRepository;

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

  /** The forms list with each form's working copy, and the forms that are only a copy. */
  async list(): Promise<FormSummary[]> {
    const [rows, copies] = await Promise.all([this.forms.list(), this.copies()]);
    const listed = new Set(rows.map((row) => row.id));
    const withCopies = rows.map((row) => {
      const copy = copies.get(row.id);
      return copy
        ? {
            ...row,
            workingCopy: { state: copy.state, revision: copy.revision, updatedAt: copy.updatedAt },
          }
        : row;
    });
    const copyOnly = [...copies]
      .filter(([id]) => !listed.has(id))
      .map(([id, copy]) => ({
        ...copyOnlySummary(id, copy),
        workingCopy: { state: copy.state, revision: copy.revision, updatedAt: copy.updatedAt },
      }))
      .sort((a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
    return [...withCopies, ...copyOnly];
  }

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

  /** The form as the admin shows it: live, working copy and review; undefined if neither. */
  async state(id: string): Promise<FormState | undefined> {
    const { live, copy, approvalsRequired } = await this.read(id);
    if (!live && !copy) return undefined;
    const approvals = await this.signatures(id, copy);
    const editable: StoredForm = copy ? asStored(id, copy) : live!;
    return {
      ...editable,
      live: live ?? null,
      workingCopy: copy ?? null,
      workflow: {
        approvals,
        approvalsRequired,
        approvalsMissing: Math.max(
          0,
          approvalsRequired - WorkflowRepository.approvalsOf(approvals),
        ),
        liveHash: live ? definitionHash(id, live.form) : null,
      },
    };
  }

  /** Whether a save of form `id` goes to its working copy: review is on, or a copy exists. */
  async savesToCopy(id: string): Promise<boolean> {
    const [{ approvalsRequired }, copy] = await Promise.all([
      this.workflow.settings(),
      this.workingCopy(id),
    ]);
    return approvalsRequired > 0 || copy !== undefined;
  }

  /**
   * Saves the working copy. `revision` is the one the editor loaded: the copy's, else the
   * live definition's (0 for built-in defaults), absent for a new form. Back to draft.
   */
  async saveCopy(
    id: string,
    form: FormDefinition,
    revision: number | undefined,
    actor: Actor,
  ): Promise<FormWorkingCopy> {
    const [live, current] = await Promise.all([this.forms.get(id), this.workingCopy(id)]);
    checkRevision(
      id,
      current ? { revision: current.revision, builtIn: isBuiltInForm(id) } : live,
      revision,
    );
    const now = this.now();
    const at = now.toISOString();
    const liveRevision = live?.revision ?? 0;
    const next: FormWorkingCopy = {
      form,
      // Numbered on from the live revision, as a page's copy is.
      revision: (current?.revision ?? liveRevision) + 1,
      baseRevision: current?.baseRevision ?? liveRevision,
      state: 'draft',
      contentHash: definitionHash(id, form),
      consentVersion: await consentVersion(form.consent.text),
      authors: [...new Set([...(current?.authors ?? []), actor.email])],
      createdAt: current?.createdAt ?? at,
      updatedAt: at,
      updatedBy: actor.email,
    };
    await this.write(
      [
        {
          Put: {
            TableName: this.table,
            Item: { ...keys.formWorkingCopy(id), ...next },
            ...this.copyCondition(current),
          },
        },
        this.audit(
          now,
          actor,
          'form-copy-save',
          `Form "${form.title}" (${id}): working copy saved as revision ${next.revision}; visitors keep ${live ? `revision ${live.revision}` : 'no definition (never published)'}`,
        ),
      ],
      () =>
        new ConflictError(
          'Someone else saved this form at the same moment: reload it to see their change.',
        ),
    );
    return next;
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
    signer: { email: string; name: string },
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
      contentHash: copy.contentHash,
      revision: copy.revision,
      consentVersion: copy.consentVersion,
    };
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
          `Form "${copy.form.title}" (${id}): revision ${copy.revision} approved by ${signer.name} <${signer.email}>, ${signedAt.slice(0, 16).replace('T', ' ')} UTC, ${MEANING_LABELS[meaning]}; ${consent}; definition SHA-256 ${copy.contentHash}`,
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

  /**
   * The working copy becomes the live definition, if it has the approvals the setting
   * requires; the copy goes. Returns the new live definition.
   */
  async publish(id: string, actor: Actor): Promise<StoredForm> {
    const { live, copy, approvalsRequired } = await this.read(id);
    if (!copy) {
      throw new WorkflowStateError(
        'There is nothing to publish: visitors already get the live definition',
      );
    }
    const approvals = WorkflowRepository.approvalsOf(await this.signatures(id, copy));
    if (approvals < approvalsRequired) {
      throw new ApprovalsMissingError(approvalsRequired, approvals);
    }
    const now = this.now();
    const published = asStored(id, copy);
    // A built-in form's defaults (revision 0) are not stored: nothing to compare with.
    const stored = live !== undefined && live.revision > 0;
    await this.write(
      [
        {
          Put: {
            TableName: this.table,
            Item: liveFormItem(published),
            ...(stored
              ? {
                  ConditionExpression: 'revision = :revision',
                  ExpressionAttributeValues: { ':revision': live.revision },
                }
              : { ConditionExpression: 'attribute_not_exists(pk)' }),
          },
        },
        {
          Delete: {
            TableName: this.table,
            Key: keys.formWorkingCopy(id),
            ConditionExpression: 'revision = :revision AND contentHash = :hash',
            ExpressionAttributeValues: { ':revision': copy.revision, ':hash': copy.contentHash },
          },
        },
        this.audit(
          now,
          actor,
          'form-publish',
          `Form "${copy.form.title}" (${id}): working copy revision ${copy.revision} published${
            approvals > 0 ? ` with ${counted(approvals, 'approval')}` : ''
          }; ${copy.consentVersion ? `consent text version ${copy.consentVersion}` : 'no consent text'}; definition SHA-256 ${copy.contentHash}`,
        ),
      ],
      () =>
        new WorkflowStateError(
          'The working copy or the live form changed meanwhile; nothing was published',
        ),
    );
    this.forms.forget(id);
    return published;
  }

  /**
   * Deletes a custom form, live and working copy; `inUse` names the pages whose content
   * picks it (then refused). Its signatures stay on record.
   */
  async remove(id: string, actor: Actor, inUse: string[]): Promise<void> {
    if (isBuiltInForm(id)) {
      throw new InvalidError(
        'A built-in form cannot be deleted; reset it to its defaults instead.',
        { formId: ['is a built-in form'] },
      );
    }
    if (inUse.length) {
      throw new ConflictError(
        `This form is used by ${inUse.length === 1 ? 'the page' : 'the pages'} ${inUse.map((title) => `"${title}"`).join(', ')}: pick another form there first.`,
      );
    }
    const [live, copy] = await Promise.all([this.forms.get(id), this.workingCopy(id)]);
    if (!live && !copy) throw new NotFoundError('Form not found');
    const asRead = (revision: number) => ({
      ConditionExpression: 'revision = :revision',
      ExpressionAttributeValues: { ':revision': revision },
    });
    await this.write(
      [
        ...(live
          ? [{ Delete: { TableName: this.table, Key: keys.form(id), ...asRead(live.revision) } }]
          : []),
        ...(copy
          ? [
              {
                Delete: {
                  TableName: this.table,
                  Key: keys.formWorkingCopy(id),
                  ...asRead(copy.revision),
                },
              },
            ]
          : []),
        this.audit(
          this.now(),
          actor,
          'form-delete',
          `Form ${id} deleted${copy ? ' with its working copy' : ''}`,
        ),
      ],
      () => new ConflictError('The form changed meanwhile: reload it before deleting it.'),
    );
    this.forms.forget(id);
  }

  // ---- Helpers -----------------------------------------------------------------------

  /** The live definition, the working copy and the setting, read at once. */
  private async read(id: string) {
    const [live, copy, { approvalsRequired }] = await Promise.all([
      this.forms.get(id),
      this.workingCopy(id),
      this.workflow.settings(),
    ]);
    return { live, copy, approvalsRequired };
  }

  private copyCondition(current: FormWorkingCopy | undefined) {
    return current
      ? {
          ConditionExpression: 'revision = :revision',
          ExpressionAttributeValues: { ':revision': current.revision },
        }
      : { ConditionExpression: 'attribute_not_exists(pk)' };
  }

  /** One transaction; a refused condition becomes `refused()`'s domain error. */
  private async write(parts: TransactItems, refused: () => Error): Promise<void> {
    try {
      await this.db.send(new TransactWriteCommand({ TransactItems: parts }));
    } catch (error) {
      if (isConditionalFailure(error)) throw refused();
      throw error;
    }
  }

  private audit(now: Date, actor: Actor, action: AuditAction, summary: string) {
    return auditItem(this.table, now, {
      actor: actor.email,
      action,
      summary,
      ...(actor.ip ? { ip: actor.ip } : {}),
    }).put;
  }
}
