// Form definitions (issue 26, docs/decisions/0161-form-model.md): what the team's form editor
// saves. A built-in form (functions/shared/forms.ts BUILT_IN_FORMS) that nobody saved is its
// defaults, revision 0, and is not stored; saving one stores it like any custom form.
//
// Access patterns and keys (functions/data/keys.ts):
//   every stored form ..... Query   pk=FORMS
//   one form .............. GetItem / Put / Delete  pk=FORMS  sk=<formId>
// A save is conditional on the revision the editor loaded (a stale save is a 409), and its
// audit entry is written in the same transaction.
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, InvalidError, NotFoundError } from '../lib/domain-errors.ts';
import {
  builtInForm,
  BUILT_IN_FORMS,
  isBuiltInForm,
  storedFormDefinition,
  type FormDefinition,
  type FormSummary,
  type StoredForm,
} from '../shared/forms.ts';
import { auditItem } from './audit.ts';
import { keys } from './keys.ts';
import { isConditionalFailure, TableRepository } from './table.ts';

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

const summary = (stored: StoredForm): FormSummary => ({
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
    const builtIn = BUILT_IN_FORMS.map((id) => summary(stored.get(id) ?? defaults(id)));
    const custom = [...stored.values()]
      .filter((form) => !form.builtIn)
      .map(summary)
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
    const next = (current?.revision ?? 0) + 1;
    const saved: StoredForm = {
      id,
      builtIn: isBuiltInForm(id),
      revision: next,
      form,
      updatedAt: now.toISOString(),
      updatedBy: actor.email,
    };
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: {
                  ...keys.form(id),
                  revision: next,
                  form,
                  updatedAt: saved.updatedAt,
                  updatedBy: actor.email,
                },
                ...(stored
                  ? {
                      ConditionExpression: 'revision = :revision',
                      ExpressionAttributeValues: { ':revision': current.revision },
                    }
                  : { ConditionExpression: 'attribute_not_exists(pk)' }),
              },
            },
            auditItem(this.table, now, {
              actor: actor.email,
              action: 'form-save',
              summary: `Form "${form.title}" (${id}) saved as revision ${next}: ${form.fields.length} fields${form.consent.text ? ', consent' : ''}${form.autoReply.enabled ? ', auto-reply on' : ''}`,
              ...(actor.ip ? { ip: actor.ip } : {}),
            }).put,
          ],
        }),
      );
    } catch (error) {
      if (isConditionalFailure(error)) {
        throw new ConflictError(
          'Someone else saved this form at the same moment: reload it to see their change.',
        );
      }
      throw error;
    }
    this.cache.delete(id);
    return saved;
  }

  /** Deletes a custom form; `inUse` names the pages whose content picks it (then refused). */
  async delete(id: string, actor: Actor, inUse: string[]): Promise<void> {
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
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: this.table,
                Key: keys.form(id),
                ConditionExpression: 'attribute_exists(pk)',
              },
            },
            auditItem(this.table, this.now(), {
              actor: actor.email,
              action: 'form-delete',
              summary: `Form ${id} deleted`,
              ...(actor.ip ? { ip: actor.ip } : {}),
            }).put,
          ],
        }),
      );
    } catch (error) {
      if (isConditionalFailure(error)) throw new NotFoundError('Form not found');
      throw error;
    }
    this.cache.delete(id);
  }
}
