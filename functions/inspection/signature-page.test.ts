// The signature page of a publication (functions/inspection/signature-page.ts): a version
// published over the checks' errors (issue 38) names who did it, why and the errors, escaped;
// one published without says nothing of it. Valid HTML by the W3C Nu Html Checker.
import { describe, expect, it } from 'vitest';
import { vnuErrors } from '../../e2e/vnu.ts';
import type { Publication } from '../shared/job-codes.ts';
import { signaturePage } from './signature-page.ts';

const publication: Publication = {
  jobCode: 'PB-2026-0042',
  version: 3,
  publishedAt: '2026-12-06T10:00:00.000Z',
  publishedBy: 'publisher@pharmabridge.test',
  approvals: [],
};

describe('the signature page', () => {
  it('says a version went live over the checks’ errors, with the reason and each error', async () => {
    const html = signaturePage({
      title: 'Webinar',
      address: 'https://www.pharmabridge.example/webinar',
      publication: {
        ...publication,
        checksOverride: {
          reason: 'Speakers <TBA> are named on the day',
          errors: ['Speaker 1 is still called “Speaker name”.'],
          by: 'publisher@pharmabridge.test',
        },
      },
    });
    expect(html).toContain('Published over 1 error of the checks before publishing');
    expect(html).toContain('Speakers &lt;TBA&gt; are named on the day');
    expect(html).toContain('<li>Speaker 1 is still called “Speaker name”.</li>');
    expect(await vnuErrors(new Map([['/signature.html', html]]))).toEqual([]);
  });

  it('says nothing of the checks for a version published without errors', () => {
    const html = signaturePage({ title: 'Webinar', address: 'https://x.example/w', publication });
    expect(html).not.toContain('checks before publishing');
  });
});
