// The five How It Works role steps of docs/requirements.md §2 (content/landing-steps.json).
// Validated against the schema in steps.test.ts, so the browser ships no validator.
import stepsJson from '../../../content/landing-steps.json' with { type: 'json' };

export type StepRole = 'manufacturer' | 'supplier' | 'platform';

export interface HowItWorksStep {
  id: string;
  role: StepRole;
  title: string;
  description: string;
  icon: string;
  learnMoreUrl: string;
}

export const HOW_IT_WORKS_STEPS = stepsJson as HowItWorksStep[];
