// The verdict of an experiment: decide() applies the rule to the counts (cheap: the chance to
// beat the control, the sample ratio check and the sequential guard), analyse() computes every
// figure of the results screen (./posterior.ts) and words the decision as one sentence.
// Math lives in ./posterior.ts and ./numerics.ts; this module only chooses and words.
import type { SrmCheck, Verdict, VariantId, VariantResult } from '../experiments.ts';
import {
  CREDIBLE_LEVEL,
  alwaysValidPValue,
  chanceToBeatControl,
  clean,
  expectedLosses,
  moreVisitorsForEvidence,
  posterior,
  rateInterval,
  relativeUplift,
  sampleRatioMismatch,
  sampleSizePerVariant,
  type Counts,
} from './posterior.ts';

/**
 * A variant wins only with at least this chance to beat the control (the control wins when
 * every variant has at most 1 minus it): the upper end of the credible interval, so a named
 * winner's uplift interval lies wholly above 0 (and the control's wholly below).
 */
export const WIN_CHANCE = 1 - (1 - CREDIBLE_LEVEL) / 2;
/** The family-wise error rate of the always-valid guard, shared over the comparisons. */
export const ALPHA = 0.05;
/** The smallest relative uplift the power calculation of the verdict sets out to see. */
export const MIN_DETECTABLE_UPLIFT = 0.2;

export interface VerdictInput {
  /** The first is the control. */
  variants: {
    id: VariantId;
    name: string;
    weight: number;
    visitors: number;
    conversions: number;
  }[];
  daysRunning: number;
  /** Default 7 (DEFAULT_MIN_DAYS). */
  minDays: number;
  /** Default 100 (DEFAULT_MIN_VISITORS). */
  minVisitors: number;
}

export interface Analysis {
  variants: VariantResult[];
  srm: SrmCheck;
  verdict: Verdict;
}

/** What the rule decides, before it is worded. Indexes are into input.variants. */
export type Decision =
  | { kind: 'sample_ratio_mismatch'; pValue: number }
  | { kind: 'minimums'; moreDays: number; moreVisitors: number }
  | { kind: 'variant_wins'; winner: number; chance: number }
  | { kind: 'control_wins' }
  | { kind: 'no_conversions' }
  | { kind: 'power'; moreVisitors: number; atObservedRate: boolean }
  | { kind: 'evidence'; leader: number | 'control'; chance: number; moreVisitors: number }
  | { kind: 'no_difference'; visitors: number };

/**
 * The verdict rule: no sample ratio mismatch; the minimum days and visitors; then a variant
 * wins with a chance to beat the control of at least WIN_CHANCE **and** the always-valid
 * sequential test (mSPRT) below ALPHA shared over the comparisons, so looking every day does
 * not name early winners; otherwise it says what is missing.
 */
export function decide(input: VerdictInput): Decision {
  const [control, ...others] = input.variants;
  if (!control || others.length === 0) {
    throw new RangeError('an experiment has a control and at least one other variant');
  }
  const srm = sampleRatioMismatch(
    input.variants.map((v) => clean(v).n),
    input.variants.map((v) => v.weight),
  );
  if (srm.mismatch) return { kind: 'sample_ratio_mismatch', pValue: srm.pValue };

  const fewestVisitors = Math.min(...input.variants.map((v) => clean(v).n));
  const moreDays = Math.max(0, Math.ceil(input.minDays - input.daysRunning));
  const moreVisitors = Math.max(0, Math.ceil(input.minVisitors - fewestVisitors));
  if (moreDays > 0 || moreVisitors > 0) return { kind: 'minimums', moreDays, moreVisitors };

  // Bonferroni: each comparison gets its share of the always-valid test's 5%.
  const threshold = ALPHA / others.length;
  const evidence = others.map((variant, i) => ({
    index: i + 1,
    variant,
    chance: chanceToBeatControl(variant, control),
    pValue: alwaysValidPValue(variant, control),
  }));
  const rate = (c: Counts) => clean(c).k / clean(c).n;

  const winner = evidence
    .filter((e) => e.chance >= WIN_CHANCE && e.pValue < threshold)
    .sort((x, y) => y.chance - x.chance || rate(y.variant) - rate(x.variant))[0];
  if (winner) return { kind: 'variant_wins', winner: winner.index, chance: winner.chance };
  if (evidence.every((e) => e.chance <= 1 - WIN_CHANCE && e.pValue < threshold)) {
    return { kind: 'control_wins' };
  }

  // No winner yet. Enough visitors for 80% power? Against the difference observed between
  // the control and the best variant, but never a smaller one than a 20% uplift of the
  // pooled rate: power computed at the observed difference alone is circular (a difference
  // too small to be significant always "needs" more visitors than there are, so the verdict
  // would never come), and 20% is the smallest uplift the experiment sets out to see.
  const totals = input.variants.reduce(
    (sum, v) => ({ k: sum.k + clean(v).k, n: sum.n + clean(v).n }),
    { k: 0, n: 0 },
  );
  const pooled = totals.k / totals.n;
  if (pooled === 0) return { kind: 'no_conversions' };
  const best = others.reduce((x, y) => (rate(y) > rate(x) ? y : x));
  const pControl = rate(control);
  const atObservedRate =
    pControl > 0 && Math.abs(rate(best) - pControl) >= MIN_DETECTABLE_UPLIFT * pControl;
  const needed = atObservedRate
    ? sampleSizePerVariant(pControl, rate(best))
    : sampleSizePerVariant(pooled, Math.min(1, pooled * (1 + MIN_DETECTABLE_UPLIFT)));
  if (Number.isFinite(needed) && fewestVisitors < needed) {
    return { kind: 'power', moreVisitors: needed - fewestVisitors, atObservedRate };
  }

  // Enough for the power calculation, and a variant (or the control) leads clearly, but the
  // evidence does not yet hold up against checking every day: say how far it has to go.
  const leader =
    evidence.filter((e) => e.chance >= WIN_CHANCE).sort((x, y) => y.chance - x.chance)[0] ??
    (evidence.every((e) => e.chance <= 1 - WIN_CHANCE)
      ? evidence.reduce((x, y) => (y.pValue > x.pValue ? y : x))
      : undefined);
  if (leader) {
    const extra = moreVisitorsForEvidence(leader.variant, control, threshold);
    if (Number.isFinite(extra) && extra > 0) {
      return {
        kind: 'evidence',
        leader: leader.chance >= WIN_CHANCE ? leader.index : 'control',
        chance: leader.chance,
        moreVisitors: extra,
      };
    }
  }
  return { kind: 'no_difference', visitors: fewestVisitors };
}

// ---- Figures and wording -------------------------------------------------------------

const count = (n: number) => n.toLocaleString('en-US');
/** "3 more days", "1 more visitor". */
const more = (n: number, word: string) => `${count(n)} more ${word}${n === 1 ? '' : 's'}`;

/** +12.3%, -4.0%: a relative change with one decimal and its sign. */
function signedPercent(x: number): string {
  const text = Math.abs(x * 100).toFixed(1);
  return `${x < 0 && text !== '0.0' ? '-' : '+'}${text}%`;
}

/** 97%, 99.4%, over 99.9%: never "100%" for a chance short of certainty. */
export function chancePercent(p: number): string {
  if (p < 0.99) return `${Math.round(p * 100)}%`;
  return p < 0.999 ? `${Math.floor(p * 1000) / 10}%` : 'over 99.9%';
}

/** An expected loss relative to the control's rate: "0.8%", "under 0.01%". */
export function lossPercent(relative: number): string {
  if (relative < 0.0001) return 'under 0.01%';
  return `${Number((relative * 100).toPrecision(2))}%`;
}

/** p = 0.0002, p = 0.00095, p < 0.0001. */
function formatP(p: number): string {
  return p < 0.0001 ? 'p < 0.0001' : `p = ${Number(p.toPrecision(2))}`;
}

const LEVEL = `${Math.round(CREDIBLE_LEVEL * 100)}%`;
/** "97.5%": the threshold as written in sentences (chancePercent would round it up). */
const WIN_CHANCE_TEXT = `${Number((WIN_CHANCE * 100).toFixed(1))}%`;

/** Everything the results screen shows, from counts. */
export function analyse(input: VerdictInput): Analysis {
  const decision = decide(input);
  const control = input.variants[0]!;
  const controlMean = (() => {
    const { a, b } = posterior(control);
    return a / (a + b);
  })();
  const losses = expectedLosses(input.variants);
  const variants: VariantResult[] = input.variants.map((variant, i) => {
    const { n, k } = clean(variant);
    const isControl = i === 0;
    const hasData = n > 0 && clean(control).n > 0;
    const loss = losses[i]!;
    return {
      id: variant.id,
      name: variant.name,
      weight: variant.weight,
      visitors: n,
      conversions: k,
      conversionRate: n > 0 ? k / n : 0,
      rateInterval: rateInterval(variant),
      uplift: isControl ? null : relativeUplift(variant, control),
      chanceToBeatControl: isControl || !hasData ? null : chanceToBeatControl(variant, control),
      expectedLoss: { absolute: loss, relative: loss / controlMean },
    };
  });
  const srm = sampleRatioMismatch(
    variants.map((v) => v.visitors),
    input.variants.map((v) => v.weight),
  );
  return { variants, srm, verdict: word(decision, variants) };
}

/** The decision as the sentence the results screen leads with. */
function word(decision: Decision, results: VariantResult[]): Verdict {
  switch (decision.kind) {
    case 'sample_ratio_mismatch':
      return {
        kind: 'sample_ratio_mismatch',
        message: `Sample ratio mismatch: visitors do not match the traffic shares (${formatP(decision.pValue)}). Something is sending visitors unevenly (a redirect, a cached page or a bot); results cannot be trusted until it is found.`,
      };
    case 'minimums': {
      const missing = [
        ...(decision.moreDays > 0 ? [more(decision.moreDays, 'day')] : []),
        ...(decision.moreVisitors > 0
          ? [`${more(decision.moreVisitors, 'visitor')} per variant`]
          : []),
      ];
      return {
        kind: 'keep_running',
        message: `Keep running: ${missing.join(' and ')} before a verdict.`,
        ...(decision.moreVisitors > 0 ? { moreVisitorsPerVariant: decision.moreVisitors } : {}),
      };
    }
    case 'variant_wins': {
      const { name, id, uplift, expectedLoss } = results[decision.winner]!;
      const upliftText = uplift
        ? `, uplift ${signedPercent(uplift.estimate)} (${LEVEL} credible interval ${signedPercent(uplift.lower)} to ${signedPercent(uplift.upper)})`
        : '';
      return {
        kind: 'variant_wins',
        winner: id,
        message: `${name} wins: ${chancePercent(decision.chance)} chance to beat the control${upliftText}; expected loss if it is chosen: ${lossPercent(expectedLoss.relative)} of the control's rate.`,
      };
    }
    case 'control_wins':
      return {
        kind: 'control_wins',
        winner: results[0]!.id,
        message: `The control wins: every variant is worse with at least ${WIN_CHANCE_TEXT} probability.`,
      };
    case 'no_conversions':
      return {
        kind: 'keep_running',
        message:
          'Keep running: there are no conversions yet, so the visitors needed cannot be estimated.',
      };
    case 'power':
      return {
        kind: 'keep_running',
        moreVisitorsPerVariant: decision.moreVisitors,
        message: `Keep running: ${more(decision.moreVisitors, 'visitor')} per variant for 80% power ${decision.atObservedRate ? 'at the observed rate' : `to detect a ${MIN_DETECTABLE_UPLIFT * 100}% uplift`}.`,
      };
    case 'evidence': {
      const lead =
        decision.leader === 'control'
          ? `the control leads (every variant is worse with at least ${WIN_CHANCE_TEXT} probability)`
          : `${results[decision.leader]!.name} leads (${chancePercent(decision.chance)} chance to beat the control)`;
      return {
        kind: 'keep_running',
        moreVisitorsPerVariant: decision.moreVisitors,
        message: `Keep running: ${lead}, but that is not yet strong enough evidence when the results are checked every day; about ${more(decision.moreVisitors, 'visitor')} per variant if the difference holds.`,
      };
    }
    case 'no_difference':
      return {
        kind: 'no_difference',
        message: `No meaningful difference: with ${count(decision.visitors)} visitors per variant, no variant differs from the control by more than chance.`,
      };
  }
}
