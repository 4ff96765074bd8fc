// The Claims and Evidence views keep their filters and open record in the URL (issue 36): a
// reload reads back what was written, unknown values are ignored, and the filters pick the
// claims by shown status (a lapsed approval is its own status), category and words.
import { describe, expect, it } from 'vitest';
import type { Claim, Evidence } from '../common/claims-api.ts';
import { parseLocation } from '../route.ts';
import {
  claimShownStatus,
  claimsUrl,
  evidenceShownStatus,
  evidenceUrl,
  filterClaims,
  filterEvidence,
  readClaimFilters,
  readEvidenceFilters,
} from './claims-url.ts';

/** What a reload reads from `url`. */
const reload = (url: string) => {
  const [path, query = ''] = url.split('?') as [string, string?];
  return parseLocation(path, query ? `?${query}` : '');
};

const claim = (fields: Partial<Claim>): Claim =>
  ({ key: 'k', text: 't', category: 'performance', status: 'draft', ...fields }) as Claim;
const evidence = (fields: Partial<Evidence>): Evidence =>
  ({ title: 'T', source: 'S', status: 'current', valid: true, ...fields }) as Evidence;

describe('the claims URL', () => {
  it('keeps the filters and the open claim across a reload', () => {
    const url = claimsUrl(
      { status: 'lapsed', category: 'certifications', q: 'soc 2' },
      '0b6f8c1e-3d2a-4f5b-9c8d-7e6f5a4b3c2d',
    );
    expect(url).toBe(
      '/admin/claims?status=lapsed&category=certifications&q=soc+2&claim=0b6f8c1e-3d2a-4f5b-9c8d-7e6f5a4b3c2d',
    );
    const { view, params } = reload(url);
    expect(view).toBe('claims');
    expect(readClaimFilters(params)).toEqual({
      status: 'lapsed',
      category: 'certifications',
      q: 'soc 2',
    });
    expect(params.get('claim')).toBe('0b6f8c1e-3d2a-4f5b-9c8d-7e6f5a4b3c2d');
  });

  it('leaves out empty filters and ignores a status it does not know', () => {
    expect(claimsUrl({ status: undefined, category: '', q: undefined })).toBe('/admin/claims');
    expect(readClaimFilters(new URLSearchParams('status=maybe&q=%20%20'))).toEqual({
      status: undefined,
      category: undefined,
      q: undefined,
    });
  });

  it('keeps the evidence filters and the open evidence across a reload', () => {
    const url = evidenceUrl({ status: 'expired', q: 'audit' }, 'e1');
    const { view, params } = reload(url);
    expect(view).toBe('evidence');
    expect(readEvidenceFilters(params)).toEqual({ status: 'expired', q: 'audit' });
    expect(params.get('evidence')).toBe('e1');
  });
});

describe('the claims filters', () => {
  const claims = [
    claim({ key: 'soc2-audited', text: 'SOC 2 Type II audited', category: 'certifications' }),
    claim({
      key: 'accuracy',
      text: '99.8% validation accuracy',
      status: 'approved',
    }),
    claim({ key: 'latency', text: 'Under 100 ms', lapse: 'Its expiry day 2026-11-30 has passed' }),
    claim({ key: 'old', text: 'Old wording', status: 'withdrawn' }),
  ];
  const keys = (list: Claim[]) => list.map((item) => item.key);

  it('read a lapsed approval as its own status', () => {
    expect(claims.map(claimShownStatus)).toEqual(['draft', 'approved', 'lapsed', 'withdrawn']);
    expect(keys(filterClaims(claims, { status: 'draft' }))).toEqual(['soc2-audited']);
    expect(keys(filterClaims(claims, { status: 'lapsed' }))).toEqual(['latency']);
  });

  it('pick by category and by words of the key or the text, any case', () => {
    expect(keys(filterClaims(claims, { category: 'certifications' }))).toEqual(['soc2-audited']);
    expect(keys(filterClaims(claims, { q: 'ACCURACY' }))).toEqual(['accuracy']);
    expect(keys(filterClaims(claims, { q: 'type ii' }))).toEqual(['soc2-audited']);
    expect(keys(filterClaims(claims, { q: 'ms', status: 'approved' }))).toEqual([]);
    expect(keys(filterClaims(claims, {}))).toEqual(keys(claims));
  });

  it('read evidence past its expiry as expired, and filter by it', () => {
    const items = [
      evidence({ title: 'Audit' }),
      evidence({ title: 'Old study', valid: false }),
      evidence({ title: 'Gone', status: 'withdrawn', valid: false }),
    ];
    expect(items.map(evidenceShownStatus)).toEqual(['current', 'expired', 'withdrawn']);
    expect(filterEvidence(items, { status: 'expired' }).map((item) => item.title)).toEqual([
      'Old study',
    ]);
    expect(filterEvidence(items, { q: 'audit' }).map((item) => item.title)).toEqual(['Audit']);
  });
});
