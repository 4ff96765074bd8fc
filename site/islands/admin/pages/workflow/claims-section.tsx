// The Review tab's claims check (issue 36, docs/decisions/0522-claims-rules.md): what
// publishing would refuse about the content under review (a claim not approved, a forbidden
// wording), and the words the claims lint reads as a claim outside a token, each with its
// field and the approved claims it might be. With `claimsLint: 'block'` those refuse too.
import type { WorkflowStatus } from '../../common/workflow-api.ts';
import { Tooltip } from '../../ui.tsx';

const LINT_HINT =
  'The claims lint reads figures beside words of measure ("99.8% accuracy") and absolute words ("certified", "fastest", "first") outside claim tokens. It misses claims made without such words; see docs/claims.md.';

export function ClaimsSection({ check }: { check: WorkflowStatus['claimsCheck'] }) {
  const blocking = check.lint === 'block';
  const empty = check.refusals.length === 0 && check.findings.length === 0;
  return (
    <section aria-labelledby="wf-claims" className="grid gap-2" data-testid="claims-check">
      <h3 id="wf-claims" className="font-semibold text-ink">
        Claims{' '}
        <Tooltip content={LINT_HINT}>
          <span tabIndex={0} className="cursor-help font-normal text-slate-600">
            ({blocking ? 'claim-like words refuse publishing' : 'claim-like words are listed'})
          </span>
        </Tooltip>
      </h3>
      {empty && (
        <p className="text-slate-600">
          Every claim this content makes is an approved claim, and nothing else reads like one.
        </p>
      )}
      {check.refusals.length > 0 && (
        <ul
          className="grid gap-1"
          aria-label="What publishing refuses"
          data-testid="claims-refusals"
        >
          {check.refusals.map((refusal) => (
            <li key={`${refusal.path} ${refusal.message}`} className="text-red-800">
              Refused: {refusal.message}.
            </li>
          ))}
        </ul>
      )}
      {check.findings.length > 0 && !blocking && (
        <ul
          className="grid gap-1"
          aria-label="Words that read like a claim"
          data-testid="claims-findings"
        >
          {check.findings.map((finding) => (
            <li key={`${finding.path} ${finding.words}`} className="text-amber-900">
              <span className="font-mono text-xs">{finding.path}</span> says “{finding.words}”
              outside a claim
              {finding.candidates.length > 0
                ? `: it might be ${finding.candidates.map((key) => `“${key}”`).join(', ')}.`
                : ': check it is substantiated, or reword it.'}
              <span className="block pl-4 text-slate-600">“{finding.excerpt}”</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
