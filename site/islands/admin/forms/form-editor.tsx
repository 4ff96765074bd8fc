// The form editor (issue 26) at /admin/forms?form=<id>: the title, the field list
// (field-list.tsx) and the chosen field's settings (field-form.tsx), the consent box, the
// submit label and thanks, the auto-reply (those three in form-text-sections.tsx), and beside
// them (below on a phone) the live preview (form-preview.tsx). Checked as typed with the API's
// own schema; Save sends the revision loaded (use-form-editor.ts); Delete for a custom form,
// Reset to defaults for a built-in one (their dialogs in form-editor-dialogs.tsx); unsaved
// edits ask before they are dropped.
import { useEffect, useLayoutEffect, useRef, useState, type SyntheticEvent } from 'react';
import { formatTime } from '../api.ts';
import { useStickyClearance } from '../common/sticky-clearance.ts';
import { useCan } from '../permissions.ts';
import { Button, ConfirmDialog, FormAlert, TextField } from '../ui.tsx';
import { Section } from './controls.tsx';
import { FieldForm } from './field-form.tsx';
import { FieldList } from './field-list.tsx';
import {
  addField,
  errorsOfField,
  looseErrors,
  relabel,
  removalAsks,
  rename,
  RESERVED_MEANINGS,
  without,
  type DraftField,
} from './form-editing.ts';
import type { FormState } from '../common/forms-api.ts';
import { FormPreview } from './form-preview.tsx';
import { FormReviewPanel, underReview } from './form-review-panel.tsx';
import { FormEditorDialogs } from './form-editor-dialogs.tsx';
import { FormTextSections } from './form-text-sections.tsx';
import { shownTranslationKey, TranslationsSection } from './translations-section.tsx';
import { useFormEditor } from './use-form-editor.ts';
import type { ReservedField } from '../../../../functions/shared/forms/fields.ts';
import { MAX_FIELDS } from '../../../../functions/shared/forms/fields.ts';

/** The keys the editor shows beside an input; any other error is listed above the form. */
const SHOWN_KEYS = [
  /^title$/,
  /^submitLabel$/,
  /^successMessage$/,
  /^consent\.(text|privacyUrl|required)$/,
  /^autoReply\.(subject|body|enabled)$/,
];

export function FormEditor({
  stored,
  onClose,
  onDeleted,
}: {
  stored: FormState;
  /** Back to the list (asks first when edits are unsaved). */
  onClose: () => void;
  onDeleted: (id: string) => void;
}) {
  const editor = useFormEditor({ stored, onDeleted });
  const { draft, errors, base } = editor;
  const [selected, setSelected] = useState<string | undefined>(draft.fields[0]?.key);
  const [removing, setRemoving] = useState<DraftField>();
  const [asking, setAsking] = useState<'delete' | 'reset'>();
  const heading = useRef<HTMLHeadingElement>(null);
  const settings = useRef<HTMLDivElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const saveBar = useRef<HTMLDivElement>(null);
  useStickyClearance(saveBar, 'bottom');
  const [focusLabel, setFocusLabel] = useState(0);
  // The locale the Translations section shows (its first other locale until one is chosen).
  const [translating, setTranslating] = useState<string>();
  const translatingShown = translating ?? base.locales?.find((code) => code !== 'en-US');

  // Opening the editor moves focus to its heading, as the admin's other views do.
  useEffect(() => heading.current?.focus(), []);
  useLayoutEffect(() => {
    if (focusLabel === 0) return;
    const input = settings.current?.querySelector<HTMLInputElement>('[data-focus="label"]');
    input?.focus();
    input?.select();
  }, [focusLabel]);

  const index = draft.fields.findIndex((row) => row.key === selected);
  const row = index >= 0 ? draft.fields[index] : undefined;
  const shown = (key: string) =>
    SHOWN_KEYS.some((pattern) => pattern.test(key)) ||
    shownTranslationKey(translatingShown)(key) ||
    (/^fields\.\d+\./.test(key) && Number(key.split('.')[1]) === index);
  const loose = looseErrors(errors, shown).map((line) =>
    line.replace(/^./, (c) => c.toUpperCase()),
  );
  const fieldListErrors = errors['fields'];

  const close = async () => {
    if (await editor.confirmDiscard()) onClose();
  };

  // A refused save moves focus to its sentence above the form, once that has rendered.
  const focusAlert = useRef(false);
  useLayoutEffect(() => {
    if (!focusAlert.current || !editor.error) return;
    focusAlert.current = false;
    alert.current?.focus();
  });
  const submit = (event?: SyntheticEvent) => {
    event?.preventDefault();
    editor.submit((refused) => {
      // The first field with a problem opens, so its message is beside it.
      const at = (key: string) => Number(key.split('.')[1]);
      const faulty = Object.keys(refused).filter((key) => /^fields\.\d+\./.test(key));
      if (faulty.length && !faulty.some((key) => at(key) === index)) {
        setSelected(draft.fields[at(faulty[0]!)]?.key);
      }
      focusAlert.current = true;
    });
  };

  const add = () => {
    const next = addField(draft.fields);
    if (!next) return;
    editor.setFields(() => next);
    setSelected(next.at(-1)!.key);
    setFocusLabel((count) => count + 1);
  };

  const remove = (gone: DraftField) => {
    const at = draft.fields.findIndex((candidate) => candidate.key === gone.key);
    editor.setFields((fields) => fields.filter((candidate) => candidate.key !== gone.key));
    if (selected === gone.key) setSelected(draft.fields[at + 1]?.key ?? draft.fields[at - 1]?.key);
    setRemoving(undefined);
  };
  // After a removal the row is gone: focus goes to the next row's handle, or Add field.
  const removedAt = useRef(0);
  const [refocus, setRefocus] = useState<number>(0);
  useEffect(() => {
    if (refocus === 0) return;
    const timer = setTimeout(() => {
      const handles = document.querySelectorAll<HTMLElement>('[data-testid="field-handle"]');
      const target = handles[Math.min(removedAt.current, handles.length - 1)];
      (target ?? document.getElementById('add-field'))?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [refocus]);
  const askRemove = (gone: DraftField) => {
    removedAt.current = draft.fields.findIndex((candidate) => candidate.key === gone.key);
    if (removalAsks(gone.field.name)) setRemoving(gone);
    else {
      remove(gone);
      setRefocus((count) => count + 1);
    }
  };

  const saving = editor.save.isPending;
  const saved = `${base.updatedAt ? ` ${formatTime(base.updatedAt)}` : ''}${base.updatedBy ? ` by ${base.updatedBy}` : ''}`;
  const status = editor.dirty
    ? 'Unsaved changes'
    : base.workingCopy
      ? `Working copy saved${saved}`
      : base.revision === 0
        ? 'The built-in defaults, never changed'
        : `Saved${saved}`;
  // With review on, a save (and Reset to defaults) goes to the working copy, and taking a
  // live form away is publishing's (the API refuses it to the others).
  const reviewed = underReview(base);
  const mayPublish = useCan('publish');
  const mayDelete = !(base.workflow.approvalsRequired > 0 && base.live) || mayPublish;

  return (
    <section aria-labelledby="form-editor-heading" data-testid="form-editor">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-72">
          <p className="text-sm text-slate-600">
            Forms <span aria-hidden="true">›</span> <span className="font-mono">{base.id}</span>{' '}
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
              {base.builtIn ? 'Built-in' : 'Custom'}
            </span>
          </p>
          <h2
            id="form-editor-heading"
            ref={heading}
            tabIndex={-1}
            className="mt-1 text-2xl font-semibold wrap-anywhere text-ink outline-none"
          >
            {draft.title || base.form.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600" data-testid="form-status">
            {status}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void close()}>
            <span aria-hidden="true">←</span> Back to forms
          </Button>
          {base.builtIn ? (
            <Button
              onClick={() => setAsking('reset')}
              disabled={base.revision === 0 && !editor.dirty}
            >
              Reset to defaults
            </Button>
          ) : (
            mayDelete && (
              <Button variant="danger" onClick={() => setAsking('delete')}>
                Delete form
              </Button>
            )
          )}
        </div>
      </div>

      <div ref={alert} tabIndex={-1} className="mt-4 outline-none empty:hidden">
        <FormAlert message={editor.error} />
        {editor.error && loose.length > 0 && (
          <ul className="mt-2 list-disc pl-5 text-sm text-red-800" data-testid="other-errors">
            {loose.map((line) => (
              <li key={line}>{line.endsWith('.') ? line : `${line}.`}</li>
            ))}
          </ul>
        )}
      </div>

      {reviewed && (
        <div className="mt-4">
          <FormReviewPanel initial={base} dirty={editor.dirty} onState={editor.adopt} />
        </div>
      )}

      <form
        onSubmit={submit}
        noValidate
        className="mt-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]"
      >
        <div className="grid min-w-0 grid-cols-1 gap-6" data-testid="form-settings">
          <Section title="Form" id="form-section-heading">
            <TextField
              label="Title"
              hint="The form's name in the admin; visitors do not see it."
              value={draft.title}
              onChange={(event) => editor.edit((d) => ({ ...d, title: event.target.value }))}
              errors={errors['title']}
            />
          </Section>

          <Section
            title="Fields"
            id="fields-section-heading"
            description="In the order visitors see them. Choose a field to change its settings."
          >
            <FieldList
              fields={draft.fields}
              selected={selected}
              errors={errors}
              onSelect={setSelected}
              onChange={(fields) => editor.setFields(() => fields)}
              onRequired={(key, required) =>
                editor.setFields((fields) =>
                  fields.map((r) =>
                    r.key === key ? { ...r, field: { ...r.field, required } } : r,
                  ),
                )
              }
              onRemove={askRemove}
            />
            {fieldListErrors && (
              <p className="text-sm text-red-700" data-testid="field-list-errors">
                {fieldListErrors.map((problem) => `The form ${problem}.`).join(' ')}
              </p>
            )}
            <div>
              <Button id="add-field" onClick={add} disabled={draft.fields.length >= MAX_FIELDS}>
                Add field
              </Button>
            </div>
          </Section>

          {row && (
            <div ref={settings}>
              <Section
                title={`Field: ${row.field.label || row.field.name}`}
                id="field-section-heading"
                description={
                  (RESERVED_MEANINGS as Record<string, string>)[row.field.name]
                    ? `"${row.field.name}" is a reserved name: it fills ${RESERVED_MEANINGS[row.field.name as ReservedField]}.`
                    : undefined
                }
              >
                <FieldForm
                  field={row.field}
                  errors={errorsOfField(errors, index)}
                  onLabel={(label) => editor.setFields((fields) => relabel(fields, row.key, label))}
                  onName={(name) => editor.setFields((fields) => rename(fields, row.key, name))}
                  onChange={(field) =>
                    editor.setFields((fields) =>
                      fields.map((r) => (r.key === row.key ? { ...r, field } : r)),
                    )
                  }
                />
              </Section>
            </div>
          )}

          <FormTextSections draft={draft} errors={errors} edit={editor.edit} />

          <TranslationsSection
            formId={base.id}
            draft={draft}
            locales={base.locales}
            locale={translatingShown}
            onLocale={setTranslating}
            errors={errors}
            onChange={(translations) =>
              editor.edit((d) =>
                translations ? { ...d, translations } : without(d, 'translations'),
              )
            }
          />

          <div
            ref={saveBar}
            data-sticky-bar=""
            className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white/95 px-4 py-3 shadow-md backdrop-blur"
          >
            <p className="text-sm text-slate-700" aria-live="polite">
              {editor.dirty ? 'Unsaved changes' : 'All changes saved'}
            </p>
            <Button type="submit" variant="primary" disabled={saving || !editor.dirty}>
              {saving ? 'Saving...' : reviewed ? 'Save working copy' : 'Save form'}
            </Button>
          </div>
        </div>

        <div className="min-w-0 lg:sticky lg:top-4">
          <FormPreview form={editor.definition} formId={base.id} />
        </div>
      </form>

      <ConfirmDialog
        open={removing !== undefined}
        onOpenChange={(open) => !open && setRemoving(undefined)}
        title={`Remove the "${removing?.field.name ?? ''}" field?`}
        message={
          removing
            ? `"${removing.field.name}" is a reserved name: it fills ${RESERVED_MEANINGS[removing.field.name as ReservedField]}. Leads from this form will not have it.`
            : ''
        }
        confirmLabel="Remove field"
        onConfirm={() => {
          if (!removing) return;
          remove(removing);
          setRefocus((count) => count + 1);
        }}
      />
      <FormEditorDialogs
        editor={editor}
        title={base.form.title}
        reviewed={reviewed}
        asking={asking}
        onAnswered={() => setAsking(undefined)}
      />
    </section>
  );
}
