// "Promote winner" / "Promote anyway": a publisher picks the variant whose content becomes
// the page's working copy (the experiment ends); promoting one the verdict did not name is
// a choice against the rule, made behind a confirmation that states its risk. Governed by
// docs/decisions/0370-experiment-figures-from-one-posterior.md and
// docs/decisions/0150-experiment-model.md.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  CONTROL_ID,
  type ExperimentResults,
  type VariantId,
  type VariantResult,
} from '../../../../functions/shared/experiments.ts';
import { lossPercent } from '../../../../functions/shared/stats/verdict.ts';
import { BUILD_KEY, describeError } from '../api.ts';
import { PAGES_KEY } from '../common/pages-api.ts';
import { WORKFLOW_SUMMARY_KEY } from '../common/workflow-api.ts';
import { useToast } from '../toast.tsx';
import { Button, FormAlert, Modal } from '../ui.tsx';
import {
  cacheExperiment,
  promoteVariant,
  type ExperimentDetail,
} from '../common/experiments-api.ts';
import { chanceText, percent, upliftText } from './format.ts';

export function PromoteDialog({
  open,
  onOpenChange,
  experiment,
  results,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  experiment: ExperimentDetail;
  results: ExperimentResults;
}) {
  const candidates = experiment.variants.filter((v) => !v.control);
  const winner = results.verdict.winner;
  const preferred: VariantId =
    winner && winner !== CONTROL_ID ? winner : (candidates[0]?.id ?? CONTROL_ID);
  const [choice, setChoice] = useState<VariantId>(preferred);
  const [error, setError] = useState<string>();
  const [openedWith, setOpenedWith] = useState<string | undefined>();
  if (open && openedWith !== preferred) {
    setOpenedWith(preferred);
    setChoice(preferred);
    setError(undefined);
  } else if (!open && openedWith !== undefined) setOpenedWith(undefined);
  const client = useQueryClient();
  const toast = useToast();
  const ids = useId();

  const promote = useMutation({
    mutationFn: (variantId: VariantId) => promoteVariant(experiment.id, variantId),
    onSuccess: ({ published, ...detail }, variantId) => {
      cacheExperiment(client, detail);
      void client.invalidateQueries({ queryKey: PAGES_KEY });
      void client.invalidateQueries({ queryKey: BUILD_KEY });
      void client.invalidateQueries({ queryKey: WORKFLOW_SUMMARY_KEY });
      onOpenChange(false);
      const name = detail.variants.find((v) => v.id === variantId)?.name ?? 'The variant';
      toast(
        published
          ? {
              title: `${name} is promoted and published`,
              description: 'Every visitor gets its content once the site is rebuilt.',
            }
          : {
              title: `${name} is promoted and awaits review`,
              description:
                "Its content is the page's working copy; it is published once approved in the page's Review tab.",
            },
      );
    },
    onError: (failure) => setError(describeError(failure)),
  });

  const chosen = experiment.variants.find((v) => v.id === choice);
  const chosenResult = results.variants.find((r) => r.id === choice);
  const anyway = results.verdict.kind !== 'variant_wins' || choice !== winner;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      role="alertdialog"
      title={anyway ? 'Promote a variant anyway?' : 'Promote the winner?'}
      description="The variant's content becomes the page's working copy (replacing any working copy) and the experiment ends. With no approvals required it is published at once; otherwise it waits for review."
    >
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          setError(undefined);
          promote.mutate(choice);
        }}
      >
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium text-slate-800">Variant to promote</legend>
          {candidates.map((variant) => {
            const result = results.variants.find((r) => r.id === variant.id);
            return (
              <label
                key={variant.id}
                htmlFor={`${ids}-${variant.id}`}
                className="flex cursor-pointer gap-2 rounded-md border border-slate-200 p-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  id={`${ids}-${variant.id}`}
                  type="radio"
                  name={`${ids}-variant`}
                  value={variant.id}
                  checked={choice === variant.id}
                  onChange={() => setChoice(variant.id)}
                  className="mt-1"
                />
                <span>
                  <span className="font-medium text-slate-900">{variant.name}</span>
                  {variant.id === winner && (
                    <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-900">
                      The verdict's winner
                    </span>
                  )}
                  {result && (
                    <span className="block text-xs text-slate-600">
                      {result.visitors > 0 ? percent(result.conversionRate) : '–'} conversion rate
                      {result.uplift ? `, ${upliftText(result.uplift)} vs the control` : ''};{' '}
                      {chanceText(result.chanceToBeatControl)} chance to beat it; expected loss if
                      chosen {lossPercent(result.expectedLoss.relative)} of the control's rate
                    </span>
                  )}
                </span>
              </label>
            );
          })}
        </fieldset>
        {anyway && chosen && chosenResult && (
          <p
            className="rounded-md bg-amber-50 p-3 text-sm text-amber-900"
            data-testid="promote-risk"
          >
            {riskStatement(chosen.name, chosenResult, winner)}
          </p>
        )}
        <FormAlert message={error} />
        <div className="flex justify-end gap-2">
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button type="submit" variant="danger" disabled={promote.isPending || !chosen}>
            {promote.isPending ? 'Promoting...' : `Promote ${chosen?.name ?? ''}`}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The risk of promoting a variant the verdict did not name, as one sentence. */
function riskStatement(name: string, result: VariantResult, winner: VariantId | undefined) {
  const why =
    winner === CONTROL_ID
      ? "The verdict's winner is the control: every variant did worse than the live page."
      : winner
        ? "It is not the verdict's winner."
        : 'The results name no winner yet: promoting now decides on less evidence than the verdict rule asks for.';
  const worse =
    result.chanceToBeatControl === null ? null : chanceText(1 - result.chanceToBeatControl);
  return `${why} ${name} has ${worse ?? 'an unknown'} chance of converting worse than the control, and choosing it is expected to cost ${lossPercent(result.expectedLoss.relative)} of the control's conversion rate.`;
}
