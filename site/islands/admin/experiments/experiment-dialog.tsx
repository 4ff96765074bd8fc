// New experiment, and a draft's Edit settings: name, hypothesis, goal, the variants (2 to 4,
// the first the control) with their names and traffic shares, and the verdict rule's
// minimums. The shares' total is checked as typed; the rest is checked with the API's own
// schema (functions/shared/experiments.ts) on submit, and the server's refusals are shown
// beside the field they name (form-rules.ts sorts them). A variant's row and the minimums'
// fields are experiment-fields.tsx. Governed by docs/decisions/0150-experiment-model.md; with
// more than one locale configured, a new experiment's Language (the page's version it runs on,
// docs/decisions/0576-experiments-per-locale.md).
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import { fieldErrors } from '../../../../functions/shared/field-errors.ts';
import {
  createExperimentSchema,
  DEFAULT_MIN_DAYS,
  DEFAULT_MIN_VISITORS,
  GOAL_LABELS,
  GOALS,
  updateExperimentSchema,
  type Goal,
} from '../../../../functions/shared/experiments.ts';
import { describeError, HttpError, type FieldErrors } from '../api.ts';
import { DEFAULT_LOCALE, localeName } from '../../../../functions/shared/locales.ts';
import {
  Button,
  FieldError,
  fieldSentence,
  FormAlert,
  InfoTip,
  inputClass,
  Modal,
} from '../ui.tsx';
import { NumberField, VariantRowFields } from './experiment-fields.tsx';
import {
  createExperiment,
  updateExperiment,
  type Experiment,
  type ExperimentDetail,
  type PageLanguage,
} from '../common/experiments-api.ts';
import {
  addRow,
  defaultRows,
  evenlySplit,
  MAX_VARIANTS,
  MIN_VARIANTS,
  removeRow,
  shareOf,
  sortErrors,
  totalProblem,
  type VariantRow,
} from './form-rules.ts';

interface FormState {
  /** The locale of the page's version a new experiment runs on. */
  locale: string;
  name: string;
  hypothesis: string;
  goal: Goal;
  rows: VariantRow[];
  minDays: string;
  minVisitors: string;
}

const blank = (locale = DEFAULT_LOCALE): FormState => ({
  locale,
  name: '',
  hypothesis: '',
  goal: 'lead',
  rows: defaultRows(),
  minDays: String(DEFAULT_MIN_DAYS),
  minVisitors: String(DEFAULT_MIN_VISITORS),
});

const fromExperiment = (experiment: Experiment): FormState => ({
  locale: experiment.locale,
  name: experiment.name,
  hypothesis: experiment.hypothesis ?? '',
  goal: experiment.goal,
  rows: experiment.variants.map((variant) => ({
    name: variant.name,
    weight: String(variant.weight),
  })),
  minDays: String(experiment.minDays),
  minVisitors: String(experiment.minVisitors),
});

const whole = (text: string) => (/^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The form as the API takes it (numbers as numbers; NaN where a number was not typed). */
function body(form: FormState, editing: boolean) {
  return {
    // The default locale's version is the page itself: sent without one.
    ...(!editing && form.locale !== DEFAULT_LOCALE ? { locale: form.locale } : {}),
    name: form.name,
    // A draft's emptied hypothesis is sent empty (left out, it would stay as it was).
    ...(editing || form.hypothesis.trim() ? { hypothesis: form.hypothesis } : {}),
    goal: form.goal,
    variants: form.rows.map((row) => ({ name: row.name, weight: shareOf(row.weight) })),
    minDays: whole(form.minDays),
    minVisitors: whole(form.minVisitors),
  };
}

export function ExperimentDialog({
  open,
  onOpenChange,
  pageId,
  pageTitle,
  experiment,
  languages,
  initialLocale,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The page a new experiment is for. */
  pageId: string;
  pageTitle: string;
  /** A draft whose settings are edited; a new experiment without. */
  experiment?: Experiment | undefined;
  /** The site's locales with the page's live versions: a choice when more than one. */
  languages?: PageLanguage[] | undefined;
  /** A new experiment's language at first (the list's). */
  initialLocale?: string | undefined;
  onSaved: (detail: ExperimentDetail, created: boolean) => void;
}) {
  const editing = experiment !== undefined;
  const [form, setForm] = useState<FormState>(() =>
    experiment ? fromExperiment(experiment) : blank(initialLocale),
  );
  const [tried, setTried] = useState(false);
  const [serverFields, setServerFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string>();
  const ids = useId();

  // Opened again (or on another draft): start from what is stored.
  const [openedFor, setOpenedFor] = useState<string | undefined>();
  const key = open ? `${experiment?.id ?? 'new'}:${experiment?.revision ?? 0}` : undefined;
  if (key !== openedFor) {
    setOpenedFor(key);
    if (open) {
      setForm(experiment ? fromExperiment(experiment) : blank(initialLocale));
      setTried(false);
      setServerFields({});
      setError(undefined);
    }
  }

  const payload = body(form, editing);
  const checked = editing
    ? updateExperimentSchema.safeParse({ ...payload, revision: experiment.revision })
    : createExperimentSchema.safeParse({ ...payload, pageId });
  const own: FieldErrors = tried && !checked.success ? fieldErrors(checked.error.issues) : {};
  const total = totalProblem(form.rows);
  // The live total says it already, in the form's own words.
  if (total) delete own['variants'];
  const errors = sortErrors({ ...own, ...serverFields }, form.rows.length);

  const save = useMutation({
    mutationFn: () =>
      experiment
        ? updateExperiment(experiment.id, { ...payload, revision: experiment.revision })
        : createExperiment({ ...payload, pageId }),
    onSuccess: (detail) => {
      onOpenChange(false);
      onSaved(detail, !editing);
    },
    onError: (failure) => {
      const fields = failure instanceof HttpError ? failure.fields : {};
      setServerFields(fields);
      // A refusal about fields is shown beside them; any other as the form's sentence.
      setError(Object.keys(fields).length ? undefined : describeError(failure));
    },
  });

  const change = (patch: Partial<FormState>, fields: string[]) => {
    setForm((current) => ({ ...current, ...patch }));
    // An answer from the server was about the value it was sent.
    setServerFields((current) =>
      Object.fromEntries(
        Object.entries(current).filter(
          ([path]) => !fields.some((field) => path === field || path.startsWith(`${field}.`)),
        ),
      ),
    );
    setError(undefined);
  };
  const setRows = (rows: VariantRow[]) => change({ rows }, ['variants']);
  const setRow = (index: number, patch: Partial<VariantRow>) =>
    change({ rows: form.rows.map((row, at) => (at === index ? { ...row, ...patch } : row)) }, [
      `variants.${index}`,
      'variants',
    ]);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setTried(true);
    setError(undefined);
    if (checked.success) save.mutate();
  };

  const described = (id: string, messages: string[] | undefined, hint?: string) =>
    [hint ?? '', messages?.length ? id : ''].filter(Boolean).join(' ') || undefined;

  const variantsErrorId = `${ids}-variants-error`;
  const totalId = `${ids}-total`;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? 'Edit experiment settings' : 'New experiment'}
      // The name is where one starts; the Language above it comes preset from the list's.
      initialFocus={`${ids}-name`}
      description={
        editing
          ? "A draft can change its settings and its variants' names and shares until it starts."
          : `An A/B test of ${pageTitle}: visitors are split between its live version (the control) and your variants by the shares you set.`
      }
    >
      <form onSubmit={submit} noValidate className="grid gap-4" data-testid="experiment-form">
        {!editing && languages && languages.length > 1 && (
          <div>
            <div className="flex items-center gap-2">
              <label htmlFor={`${ids}-locale`} className="text-sm font-medium text-slate-800">
                Language
              </label>
              <InfoTip about="Language">
                The experiment runs on the page's version in this language, at its own address: its
                variants start as copies of that version, and visitors of the other languages are
                not part of it. Each language can run its own experiment at the same time.
              </InfoTip>
            </div>
            <select
              id={`${ids}-locale`}
              value={form.locale}
              onChange={(event) => change({ locale: event.target.value }, ['locale'])}
              aria-invalid={Boolean(errors.fields['locale'])}
              aria-describedby={described(`${ids}-locale-error`, errors.fields['locale'])}
              className={inputClass}
              data-testid="experiment-locale"
            >
              {languages.map(({ locale, live, path }) => (
                <option key={locale} value={locale}>
                  {localeName(locale, 'en')} ({locale})
                  {live && path ? `, ${path}` : ', not published in this language'}
                </option>
              ))}
            </select>
            <FieldError
              id={`${ids}-locale-error`}
              messages={errors.fields['locale']}
              label="The language"
            />
          </div>
        )}
        <div>
          <label htmlFor={`${ids}-name`} className="text-sm font-medium text-slate-800">
            Name
          </label>
          <input
            id={`${ids}-name`}
            value={form.name}
            maxLength={120}
            autoComplete="off"
            onChange={(event) => change({ name: event.target.value }, ['name'])}
            aria-invalid={Boolean(errors.fields['name'])}
            aria-describedby={described(`${ids}-name-error`, errors.fields['name'])}
            className={inputClass}
          />
          <FieldError id={`${ids}-name-error`} messages={errors.fields['name']} label="Name" />
        </div>
        <div>
          <label htmlFor={`${ids}-hypothesis`} className="text-sm font-medium text-slate-800">
            Hypothesis <span className="font-normal text-slate-600">(optional)</span>
          </label>
          <p id={`${ids}-hypothesis-hint`} className="text-xs text-slate-600">
            What you expect and why, such as “A headline naming the savings brings more requests”.
          </p>
          <textarea
            id={`${ids}-hypothesis`}
            rows={2}
            maxLength={1000}
            value={form.hypothesis}
            onChange={(event) => change({ hypothesis: event.target.value }, ['hypothesis'])}
            aria-invalid={Boolean(errors.fields['hypothesis'])}
            aria-describedby={described(
              `${ids}-hypothesis-error`,
              errors.fields['hypothesis'],
              `${ids}-hypothesis-hint`,
            )}
            className={inputClass}
          />
          <FieldError
            id={`${ids}-hypothesis-error`}
            messages={errors.fields['hypothesis']}
            label="The hypothesis"
          />
        </div>
        <div>
          <label htmlFor={`${ids}-goal`} className="text-sm font-medium text-slate-800">
            Goal
          </label>
          <p id={`${ids}-goal-hint`} className="text-xs text-slate-600">
            What counts as a conversion: a visitor who does this on the day of the visit.
          </p>
          <select
            id={`${ids}-goal`}
            value={form.goal}
            onChange={(event) => change({ goal: event.target.value as Goal }, ['goal'])}
            aria-describedby={described(
              `${ids}-goal-error`,
              errors.fields['goal'],
              `${ids}-goal-hint`,
            )}
            className={inputClass}
          >
            {GOALS.map((goal) => (
              <option key={goal} value={goal}>
                {GOAL_LABELS[goal]}
              </option>
            ))}
          </select>
          <FieldError id={`${ids}-goal-error`} messages={errors.fields['goal']} label="The goal" />
        </div>

        <fieldset
          className="grid gap-2"
          aria-describedby={[totalId, errors.variants.length ? variantsErrorId : '']
            .filter(Boolean)
            .join(' ')}
        >
          <legend className="text-sm font-medium text-slate-800">
            Variants and traffic shares
          </legend>
          <p className="text-xs text-slate-600">
            The first is the control: the page as it is live now.
            {editing ? ' The number of variants is fixed once created.' : ''}
          </p>
          <ol className="grid gap-2">
            {form.rows.map((row, index) => (
              <VariantRowFields
                key={index}
                index={index}
                row={row}
                idPrefix={`${ids}-v${index}`}
                errors={errors.rows[index] ?? {}}
                onChange={(patch) => setRow(index, patch)}
                onRemove={
                  !editing && index > 0 && form.rows.length > MIN_VARIANTS
                    ? () => setRows(removeRow(form.rows, index))
                    : undefined
                }
              />
            ))}
          </ol>
          <div className="flex flex-wrap items-center gap-2">
            {!editing && (
              <Button
                disabled={form.rows.length >= MAX_VARIANTS}
                onClick={() => setRows(addRow(form.rows))}
              >
                Add variant
              </Button>
            )}
            <Button variant="ghost" onClick={() => setRows(evenlySplit(form.rows))}>
              Split evenly
            </Button>
            {!editing && form.rows.length >= MAX_VARIANTS && (
              <span className="text-xs text-slate-600">At most {MAX_VARIANTS} variants.</span>
            )}
          </div>
          <p
            id={totalId}
            aria-live="polite"
            data-testid="shares-total"
            className={`text-sm ${total ? 'font-medium text-red-700' : 'text-slate-700'}`}
          >
            {total ?? 'The shares add up to 100%.'}
          </p>
          {errors.variants.length > 0 && (
            <p id={variantsErrorId} className="text-sm text-red-700">
              {errors.variants.map((message) => fieldSentence(message, 'The variants')).join(' ')}
            </p>
          )}
        </fieldset>

        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium text-slate-800">
            When a verdict may be given
          </legend>
          <div className="grid grid-cols-2 gap-3">
            <NumberField
              id={`${ids}-min-days`}
              label="Minimum days"
              value={form.minDays}
              errors={errors.fields['minDays']}
              onChange={(minDays) => change({ minDays }, ['minDays'])}
            />
            <NumberField
              id={`${ids}-min-visitors`}
              label="Minimum visitors per variant"
              value={form.minVisitors}
              errors={errors.fields['minVisitors']}
              onChange={(minVisitors) => change({ minVisitors }, ['minVisitors'])}
            />
          </div>
          <p className="text-xs text-slate-600">
            No winner is named before both, however large the difference looks early on.
          </p>
        </fieldset>

        {errors.other.length > 0 && (
          <FormAlert message={errors.other.map((message) => fieldSentence(message)).join(' ')} />
        )}
        <FormAlert message={error} />
        <div className="flex justify-end gap-2">
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : editing ? 'Save settings' : 'Create experiment'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
