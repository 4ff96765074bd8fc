// Publishing a form (docs/decisions/0310-forms-under-review.md): the working copy becomes
// the live definition (functions/data/forms.ts) in one transaction that deletes the copy,
// conditional on both being as read, so a racing edit or second publisher fails instead;
// deleting a custom form removes both copies (its signatures stay on record).
import { ConflictError, InvalidError, NotFoundError } from '../../core/domain-errors.ts';
import { isBuiltInForm } from '../../shared/forms/built-in.ts';
import { type StoredForm } from '../../shared/forms/definition.ts';
import { liveFormItem } from '../forms.ts';
import { keys } from '../keys.ts';
import { ApprovalsMissingError, WorkflowStateError } from '../workflow/errors.ts';
import { WorkflowRepository } from '../workflow/repository.ts';
import type { Actor } from '../workflow/store.ts';
import { asStored } from './store.ts';
import { FormWorkingCopies } from './working-copy.ts';

const counted = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** The publishing layer of the forms' review repository (layers: functions/data/form-review/store.ts). */
export abstract class FormPublishing extends FormWorkingCopies {
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
      // What visitors get changed: the same event as a form saved without review (forms.ts).
      [
        {
          type: 'form.changed',
          data: { id, title: copy.form.title, revision: published.revision, by: actor.email },
        },
      ],
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
}
