// The How It Works steps ship as data without a validator; this checks them instead.
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { HOW_IT_WORKS_STEPS } from './steps.ts';
import { pageIdFromPath } from './tracking.ts';
import { slugFromPath } from './legacy-landing.tsx';

const stepSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  role: z.enum(['manufacturer', 'supplier', 'platform']),
  title: z.string().min(1),
  description: z.string().min(40),
  icon: z.string().min(1),
  learnMoreUrl: z.string().regex(/^\/deep-dive\/[a-z0-9-]+$/),
});

describe('how-it-works steps', () => {
  it('are the five role steps of docs/requirements.md, in order, each linking to its deep dive', () => {
    const steps = z.array(stepSchema).length(5).parse(HOW_IT_WORKS_STEPS);
    expect(steps.map((s) => [s.role, s.title])).toEqual([
      ['manufacturer', 'Set & Share Requirements'],
      ['supplier', 'Upload, Validate & Verify'],
      ['platform', 'Deterministic Tokenization'],
      ['platform', 'Patient Mastering & ID Linking'],
      ['manufacturer', 'Deliver & Trust'],
    ]);
    for (const step of steps) expect(step.learnMoreUrl).toBe(`/deep-dive/${step.id}`);
  });
});

describe('page ids and slugs from the path', () => {
  it('follows docs/requirements.md §7: the path without its leading slash, or default', () => {
    expect(pageIdFromPath('/')).toBe('default');
    expect(pageIdFromPath('')).toBe('default');
    expect(pageIdFromPath('/spring-campaign')).toBe('spring-campaign');
    expect(pageIdFromPath('/legacy/spring-campaign/')).toBe('legacy/spring-campaign');
  });

  it('reads the run-time page slug, default for /legacy alone', () => {
    expect(slugFromPath('/legacy')).toBe('default');
    expect(slugFromPath('/legacy/')).toBe('default');
    expect(slugFromPath('/legacy/spring-campaign')).toBe('spring-campaign');
    expect(slugFromPath('/legacy/Spring')).toBeUndefined();
    expect(slugFromPath('/legacy/a/b')).toBeUndefined();
  });
});
