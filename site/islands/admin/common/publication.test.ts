// A publication as the admin shows it (docs/decisions/0551-publication-record.md): the job
// code with its version, and each approval as the Review tab's signature line (printed name,
// time with zone and UTC, meaning, checklist), rendered over a record as the API answers it.
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { publicationSchema } from '../../../../functions/shared/job-codes.ts';
import { overrideLine, PublicationDetails, publicationSummary } from './publication.tsx';

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

  it('says a version was published over check errors, by whom and why, the errors folded', () => {
    const over = publicationSchema.parse({
      ...publication,
      checksOverride: {
        reason: 'The broken link is fixed by the partner tonight.',
        errors: ['The link to /partners answers 404.', 'The hero image has no text alternative.'],
        by: 'publisher@pharmabridge.test',
      },
    });
    const line =
      'Published over 2 check errors by publisher@pharmabridge.test: “The broken link is fixed by the partner tonight.”';
    expect(overrideLine(over.checksOverride!)).toBe(line);
    expect(overrideLine({ ...over.checksOverride!, errors: ['One.'] })).toMatch(
      /^Published over 1 check error by /,
    );
    const html = renderToStaticMarkup(
      h(PublicationDetails, { publication: over, heading: 'Job code' }),
    );
    expect(html).toContain(line);
    expect(html).toMatch(/<details[^>]*><summary[^>]*>The errors published over<\/summary>/);
    expect(html).toContain('<li class="break-words">The link to /partners answers 404.</li>');
    expect(publicationSummary(over)).toMatch(/approved, medical\. Published over 2 check errors/);
    expect(
      renderToStaticMarkup(h(PublicationDetails, { publication, heading: 'Job code' })),
    ).not.toContain('check error');
  });
});
