// One scheduled publish or unpublish, with its time (UTC in a tooltip) and Cancel: the page's
// on the Review tab (state-section.tsx) and a locale version's on the Languages tab
// (pages/locales/languages-panel.tsx).
import { localTime, utcTime, type ScheduleEntry } from '../../common/workflow-api.ts';
import { Button, Tooltip } from '../../ui.tsx';

export function ScheduledLine({
  entry,
  what,
  after,
  testId,
  cancel,
}: {
  entry: ScheduleEntry;
  /** What is scheduled: "Publish", "Unpublish of the German (Germany) version". */
  what: string;
  /** After "by <who>.": what else to know, starting with a space ('' for nothing). */
  after: string;
  testId: string;
  /** Shown to those who may cancel. */
  cancel?: { label: string; busy: boolean; run: () => void } | undefined;
}) {
  return (
    <p
      className="flex flex-wrap items-center gap-2 rounded-md bg-sky-50 p-2 text-sky-950"
      data-testid={testId}
    >
      <span>
        {what} scheduled for{' '}
        <Tooltip content={utcTime(entry.at)}>
          <time
            dateTime={entry.at}
            tabIndex={0}
            className="font-medium underline decoration-dotted"
          >
            {localTime(entry.at)}
          </time>
        </Tooltip>{' '}
        by {entry.by}
        {after}
      </span>
      {cancel && (
        <Button onClick={cancel.run} disabled={cancel.busy} aria-label={cancel.label}>
          Cancel
        </Button>
      )}
    </p>
  );
}
