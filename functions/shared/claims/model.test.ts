import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../field-errors.ts';
import {
  createClaimSchema,
  createEvidenceSchema,
  patchClaimSchema,
  patchEvidenceSchema,
} from './model.ts';

const errorsOf = (result: { success: boolean; error?: { issues: unknown[] } }) =>
  result.success ? {} : fieldErrors(result.error!.issues as never);

describe('evidence and claim schemas', () => {
  it('needs the PDF of a document and the address of a URL', () => {
    const base = { title: 'SOC 2 report', source: 'Example Auditors LLP', date: '2026-03-01' };
    expect(errorsOf(createEvidenceSchema.safeParse({ ...base, kind: 'document' }))).toEqual({
      assetId: ['is required for a document'],
    });
    expect(
      errorsOf(createEvidenceSchema.safeParse({ ...base, kind: 'url', url: 'ftp://x.test' })),
    ).toEqual({
      url: ['must be an http(s) address'],
    });
    expect(
      createEvidenceSchema.safeParse({ ...base, kind: 'internal', date: '1 March' }).success,
    ).toBe(false);
    expect(createEvidenceSchema.safeParse({ ...base, kind: 'internal' }).success).toBe(true);
    expect(errorsOf(patchEvidenceSchema.safeParse({}))).toEqual({
      '(body)': ['must change at least one field'],
    });
  });

  it('checks a claim’s key, its references’ locators and its forbidden wordings', () => {
    const result = createClaimSchema.safeParse({
      key: 'SOC 2',
      text: 'SOC 2 Type II audited',
      category: 'Security',
      references: [{ evidenceId: '0b6f6c58-3a4a-4b7e-9d8e-2b8f8f3f2a11', locator: ' ' }],
      forbiddenWordings: ['/(a+)+/'],
    });
    expect(Object.keys(errorsOf(result)).sort()).toEqual([
      'forbiddenWordings.0',
      'key',
      'references.0.locator',
    ]);
    const ok = createClaimSchema.parse({
      key: 'soc2',
      text: 'SOC 2 Type II audited',
      category: 'Security',
    });
    expect(ok.references).toEqual([]);
    expect(patchClaimSchema.safeParse({ text: 'x' }).success).toBe(false);
  });
});
