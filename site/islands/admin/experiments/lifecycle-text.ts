// What each lifecycle action of an experiment asks before it runs (start, resume, pause,
// end, delete a draft) and what it says once done.
import type { ExperimentDetail, LifecycleAction } from '../common/experiments-api.ts';
import { sharesText } from './experiment-summary.tsx';

export interface Confirmation {
  action: LifecycleAction | 'delete';
  title: string;
  message: string;
  confirmLabel: string;
}

export function confirmationOf(
  action: LifecycleAction | 'delete',
  experiment: ExperimentDetail,
  address: string,
): Confirmation {
  switch (action) {
    case 'start':
      return experiment.status === 'paused'
        ? {
            action,
            title: 'Resume the experiment?',
            message:
              "From the next rebuild, visitors are split between the variants again and counting continues. The page's live content still cannot change until the experiment ends.",
            confirmLabel: 'Resume experiment',
          }
        : {
            action,
            title: 'Start the experiment?',
            message: `From the next rebuild, visitors of ${address} are split: ${sharesText(experiment)}. While it runs, the page's own content cannot be published: end the experiment to publish edits. The variants can no longer be edited.`,
            confirmLabel: 'Start experiment',
          };
    case 'pause':
      return {
        action,
        title: 'Pause the experiment?',
        message:
          "From the next rebuild, every visitor gets the live page and nothing is counted, until you resume it. The page's live content still cannot change: end the experiment to publish edits.",
        confirmLabel: 'Pause experiment',
      };
    case 'stop':
      return {
        action,
        title: 'End the experiment?',
        message:
          'From the next rebuild, every visitor gets the live page again and counting stops. The results stay readable here, and the page can be edited and published again. An ended experiment cannot start again.',
        confirmLabel: 'End experiment',
      };
    case 'delete':
      return {
        action,
        title: `Delete the draft “${experiment.name}”?`,
        message:
          "The draft, its variants' content and their approvals are deleted. Nothing visitors see changes.",
        confirmLabel: 'Delete draft',
      };
  }
}

export const DONE: Record<
  LifecycleAction,
  (resumed: boolean) => { title: string; description: string }
> = {
  start: (resumed) =>
    resumed
      ? {
          title: 'Experiment resumed',
          description: 'Visitors are split again once the site is rebuilt.',
        }
      : {
          title: 'Experiment started',
          description: 'Visitors are split between the variants once the site is rebuilt.',
        },
  pause: () => ({
    title: 'Experiment paused',
    description: 'Every visitor gets the live page once the site is rebuilt.',
  }),
  stop: () => ({
    title: 'Experiment ended',
    description: 'Its results stay readable here; the page can change again.',
  }),
};
