// "Build funnel" of the Analytics tab (publishers and admins): the Funnel card's steps from
// 2 to 5 goals, in the order visitors reach them, or the default funnel again. Governed by
// docs/decisions/0159-goals.md and docs/decisions/0411-funnels-in-order.md.
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import {
  GOAL_FUNNEL_MAX_STEPS,
  GOAL_FUNNEL_MIN_STEPS,
  goalFunnelSchema,
  type GoalFigures,
} from '../../../../functions/shared/analytics.ts';
import { describeError } from '../api.ts';
import { useCan } from '../permissions.ts';
import { useToast } from '../toast.tsx';
import { Button, FormAlert, inputClass, Modal, Tooltip } from '../ui.tsx';
import { goalMatchLabel } from './goal-tables.tsx';
import { setGoalFunnel } from './goals-api.ts';

/**
 * "Build funnel" (publishers and admins): the Funnel card's steps from goals, in order, or
 * the default funnel again. `goals` and `funnel` are the report's (the goals with figures,
 * the funnel's ids in order).
 */
export function FunnelBuilder({
  goals,
  funnel,
  onChanged,
}: {
  goals: GoalFigures[];
  funnel: string[];
  onChanged: () => void;
}) {
  const mayChange = useCan('publish');
  const [open, setOpen] = useState(false);
  if (!mayChange) return null;
  return (
    <>
      <Tooltip content="Make the funnel from your goals: 2 to 5 steps, in the order visitors reach them.">
        <Button type="button" onClick={() => setOpen(true)}>
          Build funnel
        </Button>
      </Tooltip>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Funnel from goals"
        description="Choose 2 to 5 goals in the order visitors reach them. Each step shows the visitors who reached its goal in the range and their share of the step before. Steps are counted in order: a visitor counts in a step only after reaching the ones before it, in that order, on the same day (UTC)."
      >
        {open && (
          <FunnelForm
            goals={goals}
            funnel={funnel}
            onDone={() => {
              setOpen(false);
              onChanged();
            }}
          />
        )}
      </Modal>
    </>
  );
}

const STEP_NUMBERS = Array.from({ length: GOAL_FUNNEL_MAX_STEPS }, (_, index) => index);

function FunnelForm({
  goals,
  funnel,
  onDone,
}: {
  goals: GoalFigures[];
  funnel: string[];
  onDone: () => void;
}) {
  const ids = useId();
  const toast = useToast();
  const [steps, setSteps] = useState<string[]>(() =>
    STEP_NUMBERS.map((index) => funnel[index] ?? ''),
  );
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (goalIds: string[]) => setGoalFunnel(goalIds),
    onSuccess: (saved) => {
      toast({
        title: saved.length ? 'Funnel saved' : 'Default funnel back',
        description: saved.length
          ? `${saved.length} steps from goals.`
          : 'Page views, CTA clicks and leads.',
      });
      onDone();
    },
    onError: (failure) => setError(describeError(failure)),
  });
  if (goals.length < GOAL_FUNNEL_MIN_STEPS) {
    return (
      <p className="text-sm text-slate-700" data-testid="funnel-needs-goals">
        A funnel from goals needs at least {GOAL_FUNNEL_MIN_STEPS} goals. Add them with Manage
        goals, then come back here.
      </p>
    );
  }
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setError(undefined);
    const goalIds = steps.filter(Boolean);
    const checked = goalFunnelSchema.safeParse({ goalIds });
    if (goalIds.length === 0) {
      setError(`Choose at least ${GOAL_FUNNEL_MIN_STEPS} goals, or use the default funnel.`);
    } else if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? 'is not valid';
      setError(`The funnel ${message}.`);
    } else {
      save.mutate(goalIds);
    }
  };
  return (
    <form onSubmit={submit} className="grid gap-3" noValidate>
      {STEP_NUMBERS.map((index) => (
        <div key={index} className="grid gap-1">
          <label htmlFor={`${ids}-step-${index}`} className="text-sm font-medium text-slate-800">
            Step {index + 1}
            {index >= GOAL_FUNNEL_MIN_STEPS && (
              <span className="font-normal text-slate-600"> (optional)</span>
            )}
          </label>
          <select
            id={`${ids}-step-${index}`}
            className={inputClass}
            value={steps[index]}
            onChange={(e) => {
              setError(undefined);
              setSteps((current) =>
                current.map((value, at) => (at === index ? e.target.value : value)),
              );
            }}
          >
            <option value="">No goal</option>
            {goals.map((goal) => (
              <option key={goal.id} value={goal.id}>
                {goal.name} ({goalMatchLabel(goal)})
              </option>
            ))}
          </select>
        </div>
      ))}
      <FormAlert message={error} />
      <div className="flex flex-wrap gap-2 pt-1">
        <Button type="submit" variant="primary" disabled={save.isPending}>
          Save funnel
        </Button>
        {funnel.length > 0 && (
          <Button type="button" disabled={save.isPending} onClick={() => save.mutate([])}>
            Use the default funnel
          </Button>
        )}
      </div>
    </form>
  );
}
