// The job code prefix of the publishing settings (issue 37; docs/decisions/0550-job-codes.md):
// every new publication's code starts with it ("PB-2026-0042 v3"). Checked with the shared
// schema as it is typed, so a bad prefix is a sentence before anything is sent.
import { jobCodePrefixSchema, formatJobCode } from '../../../../functions/shared/job-codes.ts';
import { FieldError, InfoTip, inputClass } from '../ui.tsx';

/** The prefix's problem as a sentence; undefined when it can be saved. */
export function jobCodePrefixProblem(prefix: string): string | undefined {
  const parsed = jobCodePrefixSchema.safeParse(prefix);
  return parsed.success
    ? undefined
    : `The job code prefix ${parsed.error.issues[0]?.message ?? 'is not valid'}.`;
}

export function JobCodeSetting({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const problem = jobCodePrefixProblem(value);
  const example = formatJobCode(
    problem ? 'PB' : value.trim(),
    String(new Date().getUTCFullYear()),
    42,
  );
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          Job code prefix
        </label>
        <InfoTip about="job codes">
          Each time a page goes live with something new it gets a job code: this prefix, the year
          and the next number of that year, then the page&rsquo;s own publication number, as in{' '}
          {example} v3. The code shows in the live page&rsquo;s small print. A new prefix applies
          from the next publication; codes already given keep theirs. 2 to 10 capital letters or
          digits, starting with a letter.
        </InfoTip>
      </div>
      <input
        id={id}
        className={`${inputClass} font-mono uppercase`}
        value={value}
        maxLength={10}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={Boolean(problem)}
        aria-describedby={problem ? `${id}-error` : `${id}-example`}
        onChange={(event) => onChange(event.target.value.toUpperCase())}
      />
      {problem ? (
        <FieldError id={`${id}-error`} messages={[problem]} />
      ) : (
        <p id={`${id}-example`} className="text-xs text-slate-600">
          The next code reads like {example}.
        </p>
      )}
    </div>
  );
}
