// One process story (content/process.json): the landing page's five steps
// (content/landing-steps.json) are the reference; the three-step summaries on /site and the
// product pages, and the five steps of /how-it-works, each say which of them they cover.
import * as z from 'zod';
import processJson from '../../content/process.json' with { type: 'json' };
import stepsJson from '../../content/landing-steps.json' with { type: 'json' };

const role = z.enum(['manufacturer', 'supplier', 'platform']);

const fiveSteps = z
  .array(
    z.strictObject({
      id: z.string(),
      role,
      title: z.string(),
      description: z.string(),
      icon: z.string(),
      learnMoreUrl: z.string().startsWith('/deep-dive/'),
    }),
  )
  .length(5);

const summaryStep = z.strictObject({
  title: z.string().min(1),
  badge: role,
  description: z.string().min(1),
});

const processSchema = z.strictObject({
  summary: z.strictObject({
    covers: z.array(z.array(z.string()).min(1)).length(3),
    home: z.array(summaryStep).length(3),
    manufacturers: z.array(summaryStep).length(3),
    suppliers: z.array(summaryStep).length(3),
  }),
  howItWorks: z.array(z.array(z.string()).min(1)).length(5),
});

/** One of the landing page's five steps, numbered from 1. */
export interface FiveStep {
  number: number;
  id: string;
  role: z.infer<typeof role>;
  title: string;
  href: string;
}

export type SummaryAudience = 'home' | 'manufacturers' | 'suppliers';

export interface SummaryStep {
  title: string;
  description: string;
  badge: { label: string; tone: z.infer<typeof role> };
  covers: FiveStep[];
}

const ROLE_LABEL = { manufacturer: 'Manufacturer', supplier: 'Supplier', platform: 'Platform' };

export const FIVE_STEPS: FiveStep[] = fiveSteps.parse(stepsJson).map((step, index) => ({
  number: index + 1,
  id: step.id,
  role: step.role,
  title: step.title,
  href: step.learnMoreUrl,
}));

const PROCESS = processSchema.parse(processJson);

function resolve(ids: string[]): FiveStep[] {
  return ids.map((id) => {
    const step = FIVE_STEPS.find((candidate) => candidate.id === id);
    if (!step) throw new Error(`content/process.json names an unknown step "${id}"`);
    return step;
  });
}

// Every five-step id must be covered exactly once by the summary, so no step is lost.
const covered = PROCESS.summary.covers.flat();
if (covered.length !== 5 || FIVE_STEPS.some((step) => !covered.includes(step.id))) {
  throw new Error('content/process.json: the three summary steps must cover the five steps once');
}

/** The three-step summary for one audience, each step with the five-step ones it covers. */
export function summarySteps(audience: SummaryAudience): SummaryStep[] {
  return PROCESS.summary[audience].map((step, index) => ({
    title: step.title,
    description: step.description,
    badge: { label: ROLE_LABEL[step.badge], tone: step.badge },
    covers: resolve(PROCESS.summary.covers[index] ?? []),
  }));
}

/** The landing steps a /how-it-works step belongs to (by position), or none past five. */
export function howItWorksCovers(index: number): FiveStep[] {
  const ids = PROCESS.howItWorks[index];
  return ids ? resolve(ids) : [];
}

/** "1", "3-5": the numbers of consecutive five-step entries. */
export function stepRange(steps: FiveStep[]): string {
  const first = steps[0]?.number;
  const last = steps.at(-1)?.number;
  if (first === undefined || last === undefined) return '';
  return first === last ? String(first) : `${first}-${last}`;
}
