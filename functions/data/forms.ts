// Form definitions (issue 26, docs/decisions/0161-form-model.md): what the team's form editor
// saves. A built-in form (functions/shared/forms/built-in.ts BUILT_IN_FORMS) that nobody saved is its
// defaults, revision 0, and is not stored; saving one stores it like any custom form.
//
// Access patterns and keys (functions/data/keys.ts):
//   every stored form ..... Query   pk=FORMS
//   one form .............. GetItem / Put / Delete  pk=FORMS  sk=<formId>
// With approvals required, saves go to the form's working copy instead and reach this item
// only when the copy is published (functions/data/form-review/publish.ts, which also deletes forms).
// A save is conditional on the revision the editor loaded (a stale save is a 409), and its
// audit entry is written in the same transaction.
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '../core/domain-errors.ts';
import { builtInForm, BUILT_IN_FORMS, isBuiltInForm } from '../shared/forms/built-in.ts';
import {
  storedFormDefinition,
  type FormDefinition,
  type FormSummary,
  type StoredForm,
} from '../shared/forms/definition.ts';
import { auditActor } from './audit.ts';
import { keys } from './keys.ts';
import { TableRepository } from './table.ts';

interface Actor {
  email: string;
  ip?: string | undefined;
}

/** How long one instance reuses a definition it read (the public form and the contact route). */
export const FORM_CACHE_MS = 5_000;

function toStored(item: Record<string, unknown>): StoredForm {
  const id = String(item['sk']);
  return {
    id,
    builtIn: isBuiltInForm(id),
    revision: Number(item['revision']),
    // Parsed again so a definition stored by an older release gets today's defaults.
    form: storedFormDefinition(item['form']),
    ...(item['updatedAt'] ? { updatedAt: String(item['updatedAt']) } : {}),
    ...(item['updatedBy'] ? { updatedBy: String(item['updatedBy']) } : {}),
  };
}

/** A form's row in the list. */
export const formSummary = (stored: StoredForm): FormSummary => ({
  id: stored.id,
  title: stored.form.title,
  builtIn: stored.builtIn,
  revision: stored.revision,
  fieldCount: stored.form.fields.length,
  consent: Boolean(stored.form.consent.text),
  autoReply: stored.form.autoReply.enabled,
  ...(stored.updatedAt ? { updatedAt: stored.updatedAt } : {}),
});

const defaults = (id: (typeof BUILT_IN_FORMS)[number]): StoredForm => ({
  id,
  builtIn: true,
  revision: 0,
  form: builtInForm(id),
});

/**
 * Refuses a save based on another revision than `current`'s (the definition the save would
 * replace: the live one, or the working copy under review), or a new form under a taken id.
 */
export function checkRevision(
  id: string,
  current: { revision: number; builtIn: boolean } | undefined,
  revision: number | undefined,
): void {
  if (revision !== undefined && current && revision !== current.revision) {
    throw new ConflictError(
      `Someone else saved this form since you opened it (revision ${current.revision}, yours ${revision}): reload it to see their change.`,
    );
  }
  if (revision === undefined && current && !current.builtIn) {
    throw new ConflictError(`A form with the id "${id}" exists already: choose another id.`, {
      id: ['is already the id of another form'],
    });
  }
}

/** The live definition's item: what get() reads and the site and visitors are served. */
export const liveFormItem = (stored: StoredForm) => ({
  ...keys.form(stored.id),
  revision: stored.revision,
  form: stored.form,
  ...(stored.updatedAt ? { updatedAt: stored.updatedAt } : {}),
  ...(stored.updatedBy ? { updatedBy: stored.updatedBy } : {}),
});

export class FormRepository extends TableRepository {
  private readonly cache = new Map<string, { at: number; form: StoredForm | undefined }>();

  /** Built-in forms first (in their fixed order), then custom ones by title. */
  async list(): Promise<FormSummary[]> {
    const result = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.formsPartition() },
        ConsistentRead: true,
      }),
    );
    const stored = new Map(
      (result.Items ?? []).map((item) => [String(item['sk']), toStored(item)]),
    );
    const builtIn = BUILT_IN_FORMS.map((id) => formSummary(stored.get(id) ?? defaults(id)));
    const custom = [...stored.values()]
      .filter((form) => !form.builtIn)
      .map(formSummary)
      .sort((a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
    return [...builtIn, ...custom];
  }

  /** A form as stored, a built-in form's defaults, or undefined for an unknown id. */
  async get(id: string): Promise<StoredForm | undefined> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.form(id), ConsistentRead: true }),
    );
    if (result.Item) return toStored(result.Item);
    return isBuiltInForm(id) ? defaults(id) : undefined;
  }

  /** get() for visitors' requests: reused for a few seconds by this instance. */
  async getCached(id: string): Promise<StoredForm | undefined> {
    const now = this.now().getTime();
    const hit = this.cache.get(id);
    if (hit && now - hit.at < FORM_CACHE_MS) return hit.form;
    const form = await this.get(id);
    if (this.cache.size > 500) this.cache.clear();
    this.cache.set(id, { at: now, form });
    return form;
  }

  /**
   * Saves a whole definition. `revision` is the one the editor loaded (0 for a built-in form
   * never saved, undefined for a new custom form); a save from an older one is refused.
   */
  async put(
    id: string,
    form: FormDefinition,
    revision: number | undefined,
    actor: Actor,
  ): Promise<StoredForm> {
    const now = this.now();
    const current = await this.get(id);
    const stored = current && !(current.builtIn && current.revision === 0);
    checkRevision(id, current, revision);
    const next = (current?.revision ?? 0) + 1;
    const saved: StoredForm = {
      id,
      builtIn: isBuiltInForm(id),
      revision: next,
      form,
      updatedAt: now.toISOString(),
      updatedBy: actor.email,
    };
    await this.transact({
      now,
      items: [
        {
          Put: {
            TableName: this.table,
            Item: liveFormItem(saved),
            ...(stored
              ? {
                  ConditionExpression: 'revision = :revision',
                  ExpressionAttributeValues: { ':revision': current.revision },
                }
              : { ConditionExpression: 'attribute_not_exists(pk)' }),
          },
        },
      ],
      audit: {
        ...auditActor(actor),
        action: 'form-save',
        summary: `Form "${form.title}" (${id}) saved as revision ${next}: ${form.fields.length} fields${form.consent.text ? ', consent' : ''}${form.autoReply.enabled ? ', auto-reply on' : ''}`,
      },
      events: [
        {
          type: 'form.changed',
          data: { id, title: form.title, revision: next, by: actor.email },
        },
      ],
      onConflict: () =>
        new ConflictError(
          'Someone else saved this form at the same moment: reload it to see their change.',
        ),
    });
    this.forget(id);
    return saved;
  }

  /** After a change made elsewhere (a publish, a deletion): this instance reads it afresh. */
  forget(id: string): void {
    this.cache.delete(id);
  }
}
