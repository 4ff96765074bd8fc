// A form's working copy (docs/decisions/0310-forms-under-review.md): with approvals
// required, or while a copy exists, a save goes to the copy, back to draft with a new hash
// (so earlier approvals stop counting); its revisions continue from the live revision. The
// forms list shows each form's copy, and the forms that are only a copy.
import { ConflictError } from '../../core/domain-errors.ts';
import type { FormState, FormWorkingCopy } from '../../shared/form-review.ts';
import { isBuiltInForm } from '../../shared/forms/built-in.ts';
import { consentVersion } from '../../shared/forms/consent.ts';
import {
  type FormDefinition,
  type FormSummary,
  type StoredForm,
} from '../../shared/forms/definition.ts';
import { checkRevision, formSummary } from '../forms.ts';
import { keys } from '../keys.ts';
import { WorkflowRepository } from '../workflow/repository.ts';
import type { Actor } from '../workflow/store.ts';
import { FormReview } from './review.ts';
import { asStored, definitionHash } from './store.ts';

/** A form that exists only as a working copy: its list row (never published). */
const copyOnlySummary = (id: string, copy: FormWorkingCopy): FormSummary => ({
  ...formSummary(asStored(id, copy)),
  live: false,
});

/** The working copy layer of the forms' review repository (layers: functions/data/form-review/store.ts). */
export abstract class FormWorkingCopies extends FormReview {
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

  private copyCondition(current: FormWorkingCopy | undefined) {
    return current
      ? {
          ConditionExpression: 'revision = :revision',
          ExpressionAttributeValues: { ':revision': current.revision },
        }
      : { ConditionExpression: 'attribute_not_exists(pk)' };
  }
}
