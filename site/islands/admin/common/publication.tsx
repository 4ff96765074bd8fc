// A publication as the admin shows it (issue 37; docs/decisions/0551-publication-record.md):
// its job code with the page's publication number ("PB-2026-0042 v3"), who published it and
// when, and each signature that covered the content, in the Review tab's words (printed
// name, date and time with zone and UTC, meaning: signatures.tsx). The page card shows the
// code, the versions panel the whole record. A version published over the errors of the
// checks before publishing (issue 38, functions/shared/page-checks.ts) says so, by whom and
// why, with the errors folded in a details element.
import { jobCodeLabel, type Publication } from '../../../../functions/shared/job-codes.ts';
import type { ChecksOverride } from '../../../../functions/shared/page-checks.ts';
import { signedTime, SignatureManifest, signatureLine } from './signatures.tsx';

/** "Published over 2 check errors by a@b.test: “reason”" (no final stop: the reason ends it). */
export function overrideLine(override: ChecksOverride): string {
  const count = override.errors.length;
  return `Published over ${count} check error${count === 1 ? '' : 's'} by ${override.by}: “${override.reason}”`;
}

/** One sentence for a tooltip: who published it, when, and who approved it. */
export function publicationSummary(publication: Publication): string {
  const published = `Published ${signedTime(publication.publishedAt)} by ${publication.publishedBy}`;
  const over = publication.checksOverride ? ` ${overrideLine(publication.checksOverride)}.` : '';
  if (publication.approvals.length === 0) return `${published}, with no approvals.${over}`;
  return `${published}. ${publication.approvals.map(signatureLine).join('. ')}.${over}`;
}

/** The override of the checks: the line, then the errors published over, folded. */
export function ChecksOverrideDetails({ override }: { override: ChecksOverride }) {
  return (
    <div className="text-xs text-red-900" data-testid="checks-override">
      <p className="break-words">{overrideLine(override)}</p>
      {override.errors.length > 0 && (
        <details className="mt-0.5">
          <summary className="w-fit cursor-pointer underline underline-offset-2">
            The errors published over
          </summary>
          <ul className="mt-0.5 list-disc pl-5">
            {override.errors.map((message, index) => (
              <li key={index} className="break-words">
                {message}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** The job code, the publication and its approvals, one signature per line. */
export function PublicationDetails({
  publication,
  heading,
}: {
  publication: Publication;
  /** What the code belongs to: "Job code", "Live version". */
  heading: string;
}) {
  return (
    <div className="grid gap-0.5 text-slate-700" data-testid="publication">
      <p>
        {heading}:{' '}
        <span className="font-mono font-medium text-slate-900" data-testid="job-code">
          {jobCodeLabel(publication)}
        </span>
        , published{' '}
        <time dateTime={publication.publishedAt}>{signedTime(publication.publishedAt)}</time> by{' '}
        {publication.publishedBy}
      </p>
      {publication.checksOverride && (
        <ChecksOverrideDetails override={publication.checksOverride} />
      )}
      {publication.approvals.length === 0 ? (
        <p className="text-xs">No approvals: none were required when it went live.</p>
      ) : (
        <ul
          className="grid gap-0.5 text-xs"
          aria-label={`Approvals of ${jobCodeLabel(publication)}`}
        >
          {publication.approvals.map((approval) => (
            <li key={`${approval.signerEmail}${approval.signedAt}`}>
              <SignatureManifest signature={approval} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
