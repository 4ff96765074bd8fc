// The signature page printed after a published version (issue 37; 21 CFR 11.50: each
// signature's printed name, date and time with its zone, and meaning), with the checklist
// items the signer confirmed and who published it under which job code. Printed by
// printer.ts at publication and kept in page.pdf; signatures.json holds the same signatures.
import { jobCodeLabel, type Publication } from '../shared/job-codes.ts';
import { MEANING_LABELS } from '../shared/signatures.ts';

/** Text for HTML: the package's pages (this one and changes-html.ts) write no markup from data. */
export const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** "2026-12-04 10:32:05 UTC (+00:00)": the stored times are UTC. */
export const utcSecond = (iso: string) => `${iso.slice(0, 19).replace('T', ' ')} UTC (+00:00)`;

export interface SignaturePageInput {
  title: string;
  /** The address visitors read it at, e.g. https://pharmabridge.example/pilot. */
  address: string;
  publication: Publication;
}

/** A version published over the checks' errors says so, with the reason and the errors. */
function overridden(publication: Publication): string {
  const over = publication.checksOverride;
  if (!over) return '';
  return `
  <section class="meta">
    <h2>Published over ${over.errors.length} error${over.errors.length === 1 ? '' : 's'} of the checks before publishing</h2>
    <dl>
      <dt>By</dt><dd>${escape(over.by)}</dd>
      <dt>Reason</dt><dd>${escape(over.reason)}</dd>
      <dt>Errors</dt><dd><ul>${over.errors.map((error) => `<li>${escape(error)}</li>`).join('')}</ul></dd>
    </dl>
  </section>`;
}

export function signaturePage({ title, address, publication }: SignaturePageInput): string {
  const label = jobCodeLabel(publication);
  const approvals = publication.approvals.length
    ? publication.approvals
        .map(
          (approval, index) => `
    <section class="signature">
      <h2>Signature ${index + 1} of ${publication.approvals.length}</h2>
      <dl>
        <dt>Printed name</dt><dd>${escape(approval.signerName)}</dd>
        <dt>Account</dt><dd>${escape(approval.signerEmail)}</dd>
        <dt>Signed</dt><dd>${escape(utcSecond(approval.signedAt))}</dd>
        <dt>Meaning</dt><dd>${escape(MEANING_LABELS[approval.meaning])}</dd>
        <dt>Checklist confirmed</dt><dd>${
          approval.checklist?.length
            ? `<ul>${approval.checklist.map((entry) => `<li>${escape(entry.item)}</li>`).join('')}</ul>`
            : 'No checklist was asked for.'
        }</dd>
      </dl>
    </section>`,
        )
        .join('')
    : '<p>No approvals: none were required when this version went live.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Signatures of ${escape(label)}</title>
<style>
  body { font: 11pt/1.45 "Liberation Sans", Arial, sans-serif; color: #111; margin: 18mm; }
  h1 { font-size: 16pt; margin: 0 0 4mm; }
  h2 { font-size: 12pt; margin: 0 0 2mm; }
  .meta, .signature { border-top: 1px solid #999; padding-top: 3mm; margin-top: 5mm; }
  dl { display: grid; grid-template-columns: 45mm 1fr; gap: 1mm 4mm; margin: 0; }
  dt { font-weight: bold; }
  dd { margin: 0; }
  ul { margin: 0; padding-left: 5mm; }
</style>
</head>
<body>
  <h1>Signature page: ${escape(label)}</h1>
  <section class="meta">
    <dl>
      <dt>Page</dt><dd>${escape(title)}</dd>
      <dt>Address</dt><dd>${escape(address)}</dd>
      <dt>Job code</dt><dd>${escape(label)}</dd>
      <dt>Published</dt><dd>${escape(utcSecond(publication.publishedAt))}</dd>
      <dt>Published by</dt><dd>${escape(publication.publishedBy)}</dd>
    </dl>
  </section>
  ${overridden(publication)}
  ${approvals}
</body>
</html>
`;
}
