// The job code's small print on the live page (issue 37;
// docs/decisions/0552-job-code-on-the-live-page.md): the markup the build and /legacy/<slug>
// share ends <main> with it, dated by the latest approval or, for content nobody signed, by
// the publication; previews (no publication given) carry none.
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { publicPublication, type Publication } from '../../../functions/shared/job-codes.ts';
import { landingTemplate } from '../../../functions/shared/template.ts';
import { LandingMarkup } from './landing-page.tsx';

const signed: Publication = {
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
    },
    {
      signerName: 'L. Counsel',
      signerEmail: 'counsel@pharmabridge.test',
      signedAt: '2026-12-03T10:00:00.000Z',
      meaning: 'approved-legal',
    },
  ],
};

const render = (publication?: Publication) =>
  renderToStaticMarkup(
    h(LandingMarkup, {
      content: landingTemplate(),
      ...(publication ? { publication: publicPublication(publication) } : {}),
    }),
  );

describe('the job code on the live page', () => {
  it('ends the main content with the code and the latest approval date, never a signer', () => {
    const html = render(signed);
    expect(html).toContain('<p data-job-code="" ');
    expect(html).toMatch(/<p data-job-code="" [^>]*>PB-2026-0042 v3 · Approved 2026-12-04<\/p>/);
    expect(html.indexOf('data-job-code')).toBeLessThan(html.indexOf('</main>'));
    expect(html).not.toContain('Reviewer');
    expect(html).not.toContain('@pharmabridge.test');
  });

  it('dates content nobody signed by its publication, and says so', () => {
    expect(render({ ...signed, approvals: [] })).toMatch(
      />PB-2026-0042 v3 · Published 2026-12-05<\/p>/,
    );
  });

  it('is absent where no publication is given (previews, variants)', () => {
    expect(render()).not.toContain('data-job-code');
  });
});
