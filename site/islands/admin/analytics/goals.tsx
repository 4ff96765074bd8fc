// The goal manager of the Analytics tab (issue 25; docs/decisions/0159-goals.md): the goals with
// Delete, and a form to add one (publishers and admins), an event goal naming one form or one
// gated file if chosen (docs/decisions/0412-form-and-file-goals.md). The tables are
// ./goal-tables.tsx; "Build funnel" is ./funnel-builder.tsx.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import { GOAL_KINDS, type Goal } from '../../../../functions/shared/analytics.ts';
import { EVENT_LABELS, EVENT_TYPES } from '../../../../functions/shared/events.ts';
import { describeError, HttpError } from '../api.ts';
import { useCan } from '../permissions.ts';
import { useToast } from '../toast.tsx';
import {
  Button,
  ConfirmDialog,
  FieldError,
  FormAlert,
  inputClass,
  Modal,
  Tooltip,
} from '../ui.tsx';
import { FORMS_KEY, listForms } from '../common/forms-api.ts';
import { ASSETS_KEY, listAssets } from '../common/editor/asset-picker.tsx';
import { addGoal, deleteGoal, GOALS_KEY, listGoals } from './goals-api.ts';
import { goalMatchLabel } from './goal-tables.tsx';

const GOAL_EVENTS = EVENT_TYPES.filter((type) => type !== 'page_view');
const KIND_LABELS: Record<(typeof GOAL_KINDS)[number], string> = {
  event: 'An event',
  page: 'Views of pages',
};

/** "Manage goals": the list with Delete, and a form to add one (publishers and admins). */
export function GoalManager({ onChanged }: { onChanged: () => void }) {
  const mayChange = useCan('publish');
  const [open, setOpen] = useState(false);
  if (!mayChange) return null;
  return (
    <>
      <Tooltip content="Goals count what matters besides leads: a button's clicks, downloads, or views of pages such as /pricing or /product/*.">
        <Button type="button" onClick={() => setOpen(true)}>
          Manage goals
        </Button>
      </Tooltip>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Goals"
        description="Each goal shows its conversions, the visitors who reached it and its conversion rate for the range and page you look at."
      >
        {open && <GoalForm onChanged={onChanged} />}
      </Modal>
    </>
  );
}

function GoalForm({ onChanged }: { onChanged: () => void }) {
  const ids = useId();
  const goals = useQuery({ queryKey: GOALS_KEY, queryFn: listGoals });
  const client = useQueryClient();
  const toast = useToast();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<(typeof GOAL_KINDS)[number]>('event');
  const [event, setEvent] = useState<string>(GOAL_EVENTS[0]!);
  const [path, setPath] = useState('/');
  // The form of a "Form sent" goal, the gated file of a "File download" one ('' = any).
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [fields, setFields] = useState<Record<string, string[]>>({});
  const [deleting, setDeleting] = useState<Goal | undefined>();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: GOALS_KEY });
    onChanged();
  };
  const add = useMutation({
    mutationFn: () =>
      addGoal({
        name,
        kind,
        match: kind === 'event' ? event : path,
        ...(kind === 'event' && target && event === 'form_submit' ? { formId: target } : {}),
        ...(kind === 'event' && target && event === 'file_download' ? { assetId: target } : {}),
      }),
    onSuccess: (goal) => {
      toast({ title: 'Goal added', description: `${goal.name}: ${goalMatchLabel(goal)}` });
      setName('');
      refresh();
    },
    onError: (failure) => {
      setError(describeError(failure));
      setFields(failure instanceof HttpError ? failure.fields : {});
    },
  });
  const remove = useMutation({
    mutationFn: (goal: Goal) => deleteGoal(goal.id),
    onSuccess: () => {
      setDeleting(undefined);
      refresh();
    },
    onError: (failure) => setError(describeError(failure)),
  });
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    setError(undefined);
    setFields({});
    add.mutate();
  };
  return (
    <div className="grid gap-5">
      {goals.isError && (
        <FormAlert message={`The goals could not be loaded: ${describeError(goals.error)}`} />
      )}
      <ul className="grid gap-2" aria-label="Goals" data-testid="goal-list">
        {goals.data?.length === 0 && <li className="text-sm text-slate-600">No goals yet.</li>}
        {goals.data?.map((goal) => (
          <li
            key={goal.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-2"
          >
            <span className="text-sm">
              <span className="font-medium text-ink">{goal.name}</span>
              <span className="block text-slate-600">{goalMatchLabel(goal)}</span>
            </span>
            <Button
              type="button"
              variant="ghost"
              aria-label={`Delete goal ${goal.name}`}
              onClick={() => setDeleting(goal)}
            >
              Delete
            </Button>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="grid gap-3 border-t border-slate-200 pt-4">
        <h3 className="text-sm font-semibold text-ink">Add a goal</h3>
        <div className="grid gap-1">
          <label htmlFor={`${ids}-name`} className="text-sm font-medium text-slate-800">
            Name
          </label>
          <input
            id={`${ids}-name`}
            className={inputClass}
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={fields['name'] ? true : undefined}
            aria-describedby={fields['name'] ? `${ids}-name-error` : undefined}
          />
          <FieldError id={`${ids}-name-error`} messages={fields['name']} label="Name" />
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${ids}-kind`} className="text-sm font-medium text-slate-800">
            Counts
          </label>
          <select
            id={`${ids}-kind`}
            className={inputClass}
            value={kind}
            onChange={(e) => setKind(e.target.value as (typeof GOAL_KINDS)[number])}
          >
            {GOAL_KINDS.map((value) => (
              <option key={value} value={value}>
                {KIND_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        {kind === 'event' ? (
          <div className="grid gap-1">
            <label htmlFor={`${ids}-event`} className="text-sm font-medium text-slate-800">
              Event
            </label>
            <select
              id={`${ids}-event`}
              className={inputClass}
              value={event}
              onChange={(e) => {
                setEvent(e.target.value);
                setTarget('');
              }}
            >
              {GOAL_EVENTS.map((type) => (
                <option key={type} value={type}>
                  {EVENT_LABELS[type]}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <div className="grid gap-1">
            <label htmlFor={`${ids}-path`} className="text-sm font-medium text-slate-800">
              Page path
            </label>
            <input
              id={`${ids}-path`}
              className={inputClass}
              value={path}
              onChange={(e) => setPath(e.target.value)}
              aria-describedby={`${ids}-path-hint${fields['match'] ? ` ${ids}-path-error` : ''}`}
              aria-invalid={fields['match'] ? true : undefined}
            />
            <p id={`${ids}-path-hint`} className="text-xs text-slate-600">
              For example /pricing, or /product/* for every product page.
            </p>
            <FieldError id={`${ids}-path-error`} messages={fields['match']} label="Page path" />
          </div>
        )}
        {kind === 'event' && (event === 'form_submit' || event === 'file_download') && (
          <GoalTarget
            id={`${ids}-target`}
            event={event}
            value={target}
            onChange={setTarget}
            messages={fields['formId'] ?? fields['assetId']}
          />
        )}
        <div>
          <Button type="submit" variant="primary" disabled={add.isPending}>
            Add goal
          </Button>
        </div>
        <FormAlert message={error} />
      </form>
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(next) => !next && setDeleting(undefined)}
        title={`Delete the goal "${deleting?.name ?? ''}"?`}
        message="Its figures disappear from the tab; the events and page views it counted stay, and a new goal with the same definition shows them again."
        confirmLabel="Delete goal"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </div>
  );
}

/**
 * Which form a "Form sent" goal counts, or which gated file a "File download" goal counts
 * (docs/decisions/0412-form-and-file-goals.md): any, or one of the site's forms or files.
 */
function GoalTarget({
  id,
  event,
  value,
  onChange,
  messages,
}: {
  id: string;
  event: 'form_submit' | 'file_download';
  value: string;
  onChange: (value: string) => void;
  messages: string[] | undefined;
}) {
  const forms = useQuery({
    queryKey: FORMS_KEY,
    queryFn: listForms,
    enabled: event === 'form_submit',
  });
  const files = useQuery({
    queryKey: ASSETS_KEY,
    queryFn: listAssets,
    enabled: event === 'file_download',
    staleTime: 30_000,
  });
  const isForm = event === 'form_submit';
  const query = isForm ? forms : files;
  const options = isForm
    ? (forms.data ?? []).map((form) => ({ value: form.id, label: form.title }))
    : (files.data ?? []).map((file) => ({ value: file.id, label: file.fileName }));
  const label = isForm ? 'Form' : 'Gated file';
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        className={inputClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={`${id}-hint${messages ? ` ${id}-error` : ''}`}
        aria-invalid={messages ? true : undefined}
      >
        <option value="">{isForm ? 'Any form' : 'Any file download'}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {isForm
          ? 'A form counts when a visitor sends it, wherever it is on your site.'
          : 'A gated file counts when a visitor sends its form and gets the file.'}
      </p>
      {query.isError && (
        <FormAlert
          message={`The ${isForm ? 'forms' : 'files'} could not be loaded: ${describeError(query.error)}`}
        />
      )}
      <FieldError id={`${id}-error`} messages={messages} label={label} />
    </div>
  );
}
