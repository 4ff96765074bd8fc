// The translator view (issue 39, docs/decisions/0572-admin-localization.md): the page's English
// source and its translation side by side, grouped per block, one row per translatable text
// (the units of the XLIFF export, translation.ts). The source (the live page or its working
// copy) is read-only, its placeholders (`{{param:...}}`, `{{claim:...}}`, a link's target)
// shown as chips; the target is editable, each placeholder insertable with a click and checked
// before a save, since each must come back exactly. The localized title and slug are fields of
// their own. Save sends PUT .../locales/:locale/draft with the source content with the
// translations applied and the locale's revision. Open while `&translate=1` is in the URL.
import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { localizedPath } from '../../../../../functions/shared/locales.ts';
import { normalizeSlug } from '../../../../../functions/shared/slug.ts';
import { describeError, HttpError } from '../../api.ts';
import { DiscardDialog } from '../../common/discard-dialog.tsx';
import { pageKey, type LandingPage } from '../../common/pages-api.ts';
import { useDialogCloser } from '../../dialog-stack.ts';
import { useToast } from '../../toast.tsx';
import { Button, FieldError, FormAlert, inputClass, Tooltip, useReturnFocus } from '../../ui.tsx';
import { localeLabel } from './locale-label.ts';
import {
  fetchXliff,
  saveLocaleDraft,
  type LocaleVersion,
  type PageWithLocales,
} from './locales-api.ts';
import {
  draftTexts,
  fieldLabel,
  groupUnits,
  parseXliff,
  placeholderProblem,
  suggestedTargets,
  type Placeholder,
  type TextPart,
  type XliffUnit,
} from './translation.ts';

function Chip({ placeholder }: { placeholder: Placeholder }) {
  return (
    <span
      className="mx-0.5 inline-flex items-center rounded border border-brand-400 bg-brand-50 px-1 font-mono text-xs text-brand-900"
      data-placeholder={placeholder.original}
      title={placeholder.original}
    >
      {placeholder.display}
    </span>
  );
}

function SourceText({ parts }: { parts: readonly TextPart[] }) {
  return (
    <p className="break-words whitespace-pre-wrap text-slate-800">
      {parts.map((part, index) =>
        part.kind === 'text' ? (
          <span key={index}>{part.text}</span>
        ) : (
          <Chip key={index} placeholder={part.placeholder} />
        ),
      )}
    </p>
  );
}

export function TranslatorView({
  page,
  source,
  locale,
  version,
  onClose,
  onSaved,
}: {
  page: LandingPage;
  source: PageWithLocales;
  locale: string;
  version: LocaleVersion;
  onClose: () => void;
  onSaved: () => void;
}) {
  const sourceCopy = source.workflow.workingCopy;
  const [fromDraft, setFromDraft] = useState(false);
  const sourceTexts =
    fromDraft && sourceCopy
      ? { title: sourceCopy.title, content: sourceCopy.content }
      : { title: source.title, content: source.content };
  const xliff = useQuery({
    queryKey: [...pageKey(page.id), 'xliff', locale, fromDraft ? 'draft' : 'live'],
    queryFn: async () => parseXliff(await fetchXliff(page.id, locale, fromDraft)),
    staleTime: Infinity,
  });
  const target = version.workingCopy ?? version.live;
  const [targets, setTargets] = useState<Map<string, string>>(new Map());
  const [slug, setSlug] = useState(target?.slug ?? source.slug);
  const [problems, setProblems] = useState<Map<string, string>>(new Map());
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [askDiscard, setAskDiscard] = useState(false);
  /** What the last save sent, by unit: edits equal to it are saved, not dirty. */
  const [saved, setSaved] = useState<{ targets: Map<string, string>; slug: string }>();
  const name = localeLabel(locale);
  const ids = useId();
  const toast = useToast();
  const form = useRef<HTMLFormElement>(null);
  const returnFocus = useReturnFocus(true);
  const requestClose = () => (dirty ? setAskDiscard(true) : onClose());
  useDialogCloser(!askDiscard, requestClose);

  const units = useMemo(() => xliff.data ?? [], [xliff.data]);
  // Untranslated texts that are the template's get PharmaBridge's own translation as an
  // unsaved suggestion (functions/shared/shipped-translations.ts): the translator reviews and
  // saves them like their own edits, which they are until saved.
  const suggested = useMemo(() => suggestedTargets(units, locale), [units, locale]);
  const edits = useMemo(() => new Map([...suggested, ...targets]), [suggested, targets]);
  const dirty =
    units.some((unit) => {
      const edited = edits.get(unit.id);
      return (
        edited !== undefined &&
        edited !== (unit.target ?? '') &&
        edited !== saved?.targets.get(unit.id)
      );
    }) || slug !== (saved?.slug ?? target?.slug ?? source.slug);
  const groups = useMemo(
    () => groupUnits(sourceTexts.content, units),
    // The source's content changes only with the chosen source, which changes the units too.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [units],
  );
  const valueOf = (unit: XliffUnit) => edits.get(unit.id) ?? unit.target ?? '';
  const translated = units.filter((unit) => valueOf(unit).trim()).length;
  const inputId = (unit: XliffUnit) => `${ids}-unit-${unit.id.replaceAll('.', '-')}`;

  const save = useMutation({
    mutationFn: () => {
      const texts = draftTexts(sourceTexts, units, edits);
      return saveLocaleDraft(page.id, locale, {
        title: texts.title,
        slug,
        content: texts.content,
        revision: version.workingCopy?.revision ?? version.revision ?? 0,
      });
    },
    onSuccess: () => {
      setSaved({ targets: new Map(edits), slug });
      onSaved();
      toast({
        title: `${name} draft saved`,
        description: `${translated} of ${units.length} texts translated.`,
      });
    },
    onError: (failure) => {
      setFieldErrors(failure instanceof HttpError ? failure.fields : {});
      setError(describeError(failure));
    },
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setError(undefined);
    const found = new Map<string, string>();
    for (const unit of units) {
      const value = valueOf(unit);
      const problem = value.trim() ? placeholderProblem(unit, value) : undefined;
      if (problem) found.set(unit.id, problem);
    }
    setProblems(found);
    const first = units.find((unit) => found.has(unit.id));
    if (first) {
      document.getElementById(inputId(first))?.focus();
      setError(
        `${found.size} translation${found.size === 1 ? '' : 's'} changed a placeholder: fix the marked texts.`,
      );
      return;
    }
    if (!slug.trim()) {
      document.getElementById(`${ids}-slug`)?.focus();
      setFieldErrors({ slug: ['is required: the address of the translated page'] });
      return;
    }
    save.mutate();
  };

  const insert = (unit: XliffUnit, original: string) => {
    const field = document.getElementById(inputId(unit)) as HTMLTextAreaElement | null;
    const value = valueOf(unit);
    const start = field?.selectionStart ?? value.length;
    const end = field?.selectionEnd ?? value.length;
    const next = value.slice(0, start) + original + value.slice(end);
    setTargets(new Map(targets).set(unit.id, next));
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(start + original.length, start + original.length);
    });
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && requestClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            // Back to the button that opens it, also when a reload opened it (from the URL,
            // with whatever had focus then); another opener where that button is not shown.
            const opener = document.querySelector<HTMLElement>('[data-opens-translator]');
            if (opener) {
              event.preventDefault();
              opener.focus();
            } else returnFocus(event);
          }}
          // The view itself takes focus: a translator starts at its top, not in the slug field.
          tabIndex={-1}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
          aria-describedby={`${ids}-about`}
          onEscapeKeyDown={(event) => {
            event.preventDefault();
            requestClose();
          }}
          className="fixed inset-0 z-50 flex flex-col bg-white shadow-xl outline-none sm:inset-3 sm:rounded-xl"
          data-testid="translator-view"
        >
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-slate-200 py-3 pr-14 pl-4">
            <Dialog.Title className="text-lg font-semibold text-ink">
              Translate into {name}
            </Dialog.Title>
            <p id={`${ids}-about`} className="text-sm text-slate-600">
              English on the left, {name} on the right.{' '}
              <span data-testid="translated-count">
                {translated} of {units.length} texts translated
              </span>
              ; an empty one keeps the English text.
            </p>
            {suggested.size > 0 && (
              <p className="w-full text-sm text-slate-700" data-testid="suggestions-note">
                {suggested.size} text{suggested.size === 1 ? ' is' : 's are'} filled in from
                PharmaBridge&apos;s own {name} copy of the template, marked &ldquo;Suggested&rdquo;:
                check them against your source, then save.
              </p>
            )}
          </div>
          <form
            ref={form}
            id={`${ids}-form`}
            onSubmit={submit}
            noValidate
            className="min-h-0 flex-1 overflow-y-auto p-4"
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-1">
                <label htmlFor={`${ids}-source`} className="text-sm font-medium">
                  English source
                </label>
                <select
                  id={`${ids}-source`}
                  className={`${inputClass} mt-0`}
                  value={fromDraft ? 'draft' : 'live'}
                  disabled={!sourceCopy || dirty}
                  aria-describedby={`${ids}-source-hint`}
                  onChange={(event) => setFromDraft(event.target.value === 'draft')}
                >
                  <option value="live">The live page</option>
                  {sourceCopy && <option value="draft">The page&apos;s working copy</option>}
                </select>
                <p id={`${ids}-source-hint`} className="text-xs text-slate-600">
                  {sourceCopy
                    ? 'Translate ahead from the working copy when the English page is about to change. Save or discard your edits to switch.'
                    : 'The English page has no working copy: its live version is the source.'}
                </p>
              </div>
              <div className="grid gap-1">
                <label htmlFor={`${ids}-slug`} className="text-sm font-medium">
                  {name} URL slug
                </label>
                <input
                  id={`${ids}-slug`}
                  className={`${inputClass} mt-0 font-mono`}
                  value={slug}
                  onChange={(event) => {
                    setSlug(normalizeSlug(event.target.value));
                    setFieldErrors({});
                  }}
                  aria-invalid={Boolean(fieldErrors['slug'])}
                  aria-describedby={`${ids}-slug-hint${fieldErrors['slug'] ? ` ${ids}-slug-error` : ''}`}
                />
                <p id={`${ids}-slug-hint`} className="text-xs text-slate-600">
                  Visitors open it at{' '}
                  <span className="font-mono">{localizedPath(version.prefix, slug)}</span>
                </p>
                <FieldError
                  id={`${ids}-slug-error`}
                  messages={fieldErrors['slug']}
                  label="The slug"
                />
              </div>
            </div>

            {xliff.isPending && (
              <p role="status" className="mt-4 text-sm text-slate-600">
                Loading the texts...
              </p>
            )}
            {xliff.isError && (
              <FormAlert message={`The texts could not be loaded: ${describeError(xliff.error)}`} />
            )}
            <div className="mt-4 grid gap-4">
              {groups.map((group) => (
                <section
                  key={group.key}
                  aria-labelledby={`${ids}-group-${group.key}`}
                  className="rounded-lg border border-slate-200"
                  data-unit-group={group.key}
                >
                  <h3
                    id={`${ids}-group-${group.key}`}
                    className="border-b border-slate-200 bg-slate-50 px-3 py-2 text-sm font-semibold text-ink"
                  >
                    {group.label}
                  </h3>
                  <div className="grid divide-y divide-slate-100">
                    {group.units.map((unit) => {
                      const id = inputId(unit);
                      const problem = problems.get(unit.id);
                      const placeholders = unit.source.flatMap((part) =>
                        part.kind === 'placeholder' ? [part.placeholder] : [],
                      );
                      const value = valueOf(unit);
                      return (
                        <div
                          key={unit.id}
                          data-unit={unit.id}
                          className="grid gap-2 p-3 text-sm lg:grid-cols-2 lg:gap-4"
                        >
                          <div className="grid content-start gap-1">
                            <p className="text-xs font-medium text-slate-600" id={`${id}-source`}>
                              {fieldLabel(unit.id)} <span className="font-normal">in English</span>
                            </p>
                            <SourceText parts={unit.source} />
                          </div>
                          <div className="grid content-start gap-1">
                            <label htmlFor={id} className="text-xs font-medium text-slate-600">
                              {fieldLabel(unit.id)} <span className="font-normal">in {name}</span>
                              {suggested.has(unit.id) && value === suggested.get(unit.id) && (
                                <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 font-normal text-amber-900">
                                  Suggested
                                </span>
                              )}
                            </label>
                            <textarea
                              id={id}
                              rows={Math.min(
                                8,
                                Math.max(1, Math.ceil(unit.sourceText.length / 60)),
                              )}
                              value={value}
                              onChange={(event) => {
                                setTargets(new Map(targets).set(unit.id, event.target.value));
                                if (problem) {
                                  const next = new Map(problems);
                                  next.delete(unit.id);
                                  setProblems(next);
                                }
                              }}
                              aria-invalid={Boolean(problem)}
                              aria-describedby={
                                problem ? `${id}-source ${id}-error` : `${id}-source`
                              }
                              className={`${inputClass} mt-0`}
                            />
                            {placeholders.length > 0 && (
                              <div className="flex flex-wrap items-center gap-1 text-xs text-slate-600">
                                <span>Keep:</span>
                                {placeholders.map((placeholder, index) => (
                                  <Tooltip
                                    key={`${placeholder.original}-${index}`}
                                    content={`Inserts ${placeholder.original} at the cursor: it must come back exactly.`}
                                  >
                                    <button
                                      type="button"
                                      className="rounded border border-brand-400 bg-brand-50 px-1.5 py-0.5 font-mono text-brand-900 hover:bg-brand-100"
                                      aria-label={`Insert ${placeholder.display}`}
                                      onClick={() => insert(unit, placeholder.original)}
                                    >
                                      {placeholder.display}
                                    </button>
                                  </Tooltip>
                                ))}
                              </div>
                            )}
                            <FieldError
                              id={`${id}-error`}
                              messages={problem ? [problem] : undefined}
                            />
                          </div>
                        </div>
                      );
                    })}
                  </div>
                </section>
              ))}
            </div>
          </form>
          <div className="grid gap-2 border-t border-slate-200 px-4 py-3">
            <FormAlert message={error} />
            <div className="flex flex-wrap items-center justify-end gap-2">
              <Button onClick={requestClose}>Close</Button>
              <Button
                type="submit"
                form={`${ids}-form`}
                variant="primary"
                disabled={save.isPending || !xliff.data}
              >
                {save.isPending ? 'Saving...' : `Save ${name} draft`}
              </Button>
            </div>
          </div>
          <button
            type="button"
            aria-label="Close"
            onClick={requestClose}
            className="absolute top-2.5 right-3 rounded p-1 text-2xl leading-none text-slate-500 hover:text-slate-900"
          >
            ×
          </button>
          <DiscardDialog
            open={askDiscard}
            description={`Your ${name} texts have not been saved. Discarding them cannot be undone.`}
            onKeep={() => setAskDiscard(false)}
            onDiscard={() => {
              setAskDiscard(false);
              onClose();
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
