// A publication as the admin shows it (issue 37; docs/decisions/0551-publication-record.md):
// its job code with the page's publication number ("PB-2026-0042 v3"), who published it and
// when, and each signature that covered the content, in the Review tab's words (printed
// name, date and time with zone and UTC, meaning: signatures.tsx). The page card shows the
// code, the versions panel the whole record.
import { jobCodeLabel, type Publication } from '../../../../functions/shared/job-codes.ts';
import { signedTime, SignatureManifest, signatureLine } from './signatures.tsx';

/** One sentence for a tooltip: who published it, when, and who approved it. */
export function publicationSummary(publication: Publication): string {
  const published = `Published ${signedTime(publication.publishedAt)} by ${publication.publishedBy}`;
  if (publication.approvals.length === 0) return `${published}, with no approvals.`;
  return `${published}. ${publication.approvals.map(signatureLine).join('. ')}.`;
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
