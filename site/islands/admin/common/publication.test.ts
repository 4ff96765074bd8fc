// A publication as the admin shows it (docs/decisions/0551-publication-record.md): the job
// code with its version, and each approval as the Review tab's signature line (printed name,
// time with zone and UTC, meaning, checklist), rendered over a record as the API answers it.
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { publicationSchema } from '../../../../functions/shared/job-codes.ts';
import { PublicationDetails, publicationSummary } from './publication.tsx';

const publication = publicationSchema.parse({
  jobCode: 'PB-2026-0042',
  version: 3,
  publishedAt: '2026-12-05T09:30:00.000Z',
  publishedBy: 'publisher@pharmabridge.test',
  approvals: [
    {
      signerName: 'Dr. A. Reviewer',
      signerEmail: 'a.reviewer@pharmabridge.test',
      signedAt: '2026-12-04T16:00:00.000Z',
      meaning: 'approved-medical',
      checklist: [{ item: 'Fair balance', confirmed: true }],
    },
  ],
});

describe('a publication in the admin', () => {
  it('shows the code with its version and each approval as a signature line', () => {
    const html = renderToStaticMarkup(h(PublicationDetails, { publication, heading: 'Job code' }));
    expect(html).toContain('>PB-2026-0042 v3</span>');
    expect(html).toContain(
      'Signed by <span class="font-medium">Dr. A. Reviewer (a.reviewer@pharmabridge.test)</span>',
    );
    expect(html).toContain('<time dateTime="2026-12-04T16:00:00.000Z">');
    expect(html).toContain('2026-12-04 16:00 UTC');
    expect(html).toContain('approved, medical');
    expect(html).toContain('Confirmed: Fair balance');
    expect(publicationSummary(publication)).toMatch(
      /^Published .*2026-12-05 09:30 UTC.* by publisher@pharmabridge\.test\. Signed by Dr\. A\. Reviewer \(a\.reviewer@pharmabridge\.test\), .*2026-12-04 16:00 UTC.*, meaning: approved, medical\.$/,
    );
  });

  it('says when nobody signed', () => {
    const unsigned = { ...publication, approvals: [] };
    expect(
      renderToStaticMarkup(h(PublicationDetails, { publication: unsigned, heading: 'Job code' })),
    ).toContain('No approvals: none were required when it went live.');
    expect(publicationSummary(unsigned)).toMatch(/, with no approvals\.$/);
  });
});
