// The figures of an experiment, all from one model: each variant's conversion rate has a
// Beta(1 + conversions, 1 + visitors - conversions) posterior (a uniform prior updated with
// the counts), and every figure the results screen shows is read off those posteriors: the
// rate's credible interval, the chance to beat the control, the relative uplift's median and
// credible interval, and the expected loss of choosing a variant. So a chance to beat the
// control of 97.5% or more is exactly an uplift interval whose lower end is above 0.
// Beside them, the checks that are not about the rates (the sample ratio) and the planning
// figures the verdict uses (sample size, the sequential test). Numerics: ./numerics.ts;
// decision and wording: ./verdict.ts. Checked against scipy in ./posterior.test.ts.
import {
  betaBreaks,
  betaLogDensity,
  betaQuantile,
  chiSquareSurvival,
  findRoot,
  integrate,
  lnBeta,
  normalQuantile,
  regularizedBeta,
} from './numerics.ts';
import type { SrmCheck, Uplift } from '../experiments.ts';

export interface Counts {
  visitors: number;
  conversions: number;
}

/** The equal-tailed credible level of every interval. */
export const CREDIBLE_LEVEL = 0.95;
const TAIL = (1 - CREDIBLE_LEVEL) / 2;

/** Sample ratio mismatch below this p-value (the usual, deliberately strict, threshold). */
export const SRM_P = 0.001;
/**
 * mSPRT mixing prior: tau = TAU_RELATIVE * pooled rate, i.e. the test expects differences of
 * the rates of about 20% of the rate (tuning in ./verdict.test.ts's simulations).
 */
export const TAU_RELATIVE = 0.2;
/** chanceToBeatControl sums the closed form up to this many conversions, then integrates. */
export const EXACT_MAX_TERMS = 5000;

/** Whole, non-negative counts with no more conversions than visitors. */
export function clean(c: Counts): { n: number; k: number } {
  const n = Number.isFinite(c.visitors) ? Math.max(0, Math.round(c.visitors)) : 0;
  const k = Number.isFinite(c.conversions) ? Math.max(0, Math.round(c.conversions)) : 0;
  return { n, k: Math.min(k, n) };
}

/** A variant's posterior: Beta(a, b). */
export interface BetaPosterior {
  a: number;
  b: number;
}

export function posterior(c: Counts): BetaPosterior {
  const { n, k } = clean(c);
  return { a: k + 1, b: n - k + 1 };
}

const mean = ({ a, b }: BetaPosterior) => a / (a + b);
const variance = ({ a, b }: BetaPosterior) => (a * b) / ((a + b) ** 2 * (a + b + 1));
const cdf = ({ a, b }: BetaPosterior, x: number) => regularizedBeta(x, a, b);
const density = ({ a, b }: BetaPosterior, x: number) => Math.exp(betaLogDensity(x, a, b));

/**
 * The rate's 95% credible interval: the 2.5% and 97.5% quantiles of its posterior. [0, 0]
 * without visitors (our convention: nothing to show yet).
 */
export function rateInterval(c: Counts): [number, number] {
  if (clean(c).n === 0) return [0, 0];
  const { a, b } = posterior(c);
  return [betaQuantile(TAIL, a, b), betaQuantile(1 - TAIL, a, b)];
}

/**
 * P(X_B > X_A) for X_B ~ Beta(aB, bB), X_A ~ Beta(aA, bA), aB a whole number: Evan Miller's
 * closed form, sum over i < aB of B(aA + i, bA + bB) / ((bB + i) B(1 + i, bB) B(aA, bA)),
 * in log space. The first term is B(aA, bA + bB) / B(aA, bA); each next one is the last
 * times (aA + i)(bB + i) / ((aA + bA + bB + i)(1 + i)).
 */
function millerSum(aB: number, bB: number, aA: number, bA: number): number {
  const logs = new Float64Array(aB);
  let log = lnBeta(aA, bA + bB) - lnBeta(aA, bA);
  let max = -Infinity;
  for (let i = 0; i < aB; i++) {
    logs[i] = log;
    if (log > max) max = log;
    log += Math.log(((aA + i) * (bB + i)) / ((aA + bA + bB + i) * (1 + i)));
  }
  let sum = 0;
  for (let i = 0; i < aB; i++) sum += Math.exp(logs[i]! - max);
  return Math.exp(Math.log(sum) + max);
}

/**
 * E[g(X)] for X with the posterior p. g is the other posterior's CDF, scaled by r: its breaks,
 * scaled the same way, join p's so the quadrature resolves both (a step of g far narrower than
 * p would otherwise fall between two nodes).
 */
function expectation(
  p: BetaPosterior,
  g: (x: number) => number,
  other: BetaPosterior,
  scale: number,
): number {
  const breaks = [
    ...betaBreaks(p.a, p.b),
    ...betaBreaks(other.a, other.b)
      .map((x) => x * scale)
      .filter((x) => x > 0 && x < 1),
  ];
  return integrate(
    (x) => density(p, x) * g(x),
    [...new Set(breaks)].sort((x, y) => x - y),
  );
}

/**
 * P(p_variant > p_control). Up to EXACT_MAX_TERMS conversions (of the smaller of the two) the
 * exact closed form; above, the narrower posterior's expectation of the wider one's CDF.
 */
export function chanceToBeatControl(variant: Counts, control: Counts): number {
  const v = posterior(variant);
  const c = posterior(control);
  let p: number;
  if (Math.min(v.a, c.a) <= EXACT_MAX_TERMS) {
    // P(X_V > X_C) = 1 - P(X_C > X_V): sum over the smaller shape.
    p = v.a <= c.a ? millerSum(v.a, v.b, c.a, c.b) : 1 - millerSum(c.a, c.b, v.a, v.b);
  } else {
    p =
      variance(v) <= variance(c)
        ? expectation(v, (x) => cdf(c, x), c, 1)
        : 1 - expectation(c, (x) => cdf(v, x), v, 1);
  }
  return Math.min(1, Math.max(0, p));
}

/**
 * P(p_v / p_c - 1 <= u) = P(p_v <= (1 + u) p_c), integrated over the narrower posterior so
 * the other's CDF is smooth at the quadrature's scale.
 */
export function upliftCdf(variant: Counts, control: Counts, u: number): number {
  if (u <= -1) return 0;
  const v = posterior(variant);
  const c = posterior(control);
  const r = 1 + u;
  return variance(v) <= variance(c)
    ? expectation(v, (y) => 1 - cdf(c, y / r), c, r)
    : expectation(c, (x) => cdf(v, Math.min(1, r * x)), v, 1 / r);
}

/** The q-quantile of the relative uplift, found on log(1 + u). */
export function upliftQuantile(variant: Counts, control: Counts, q: number): number {
  const v = posterior(variant);
  const c = posterior(control);
  // log(p_v / p_c) is roughly normal: centre and spread of the bracket.
  const centre = Math.log(mean(v) / mean(c));
  const spread = Math.sqrt(variance(v) / mean(v) ** 2 + variance(c) / mean(c) ** 2);
  const f = (t: number) => upliftCdf(variant, control, Math.expm1(t)) - q;
  let lo = centre + spread * Math.min(-1, normalQuantile(q) - 4);
  let hi = centre + spread * Math.max(1, normalQuantile(q) + 4);
  for (let i = 0; i < 60 && f(lo) > 0; i++) lo -= 4 * spread * (i + 1);
  for (let i = 0; i < 60 && f(hi) < 0; i++) hi += 4 * spread * (i + 1);
  return Math.expm1(findRoot(f, lo, hi, 1e-12 * Math.max(1, Math.abs(centre))));
}

/**
 * The uplift's posterior median and 95% credible interval; null without visitors to either
 * (the prior alone says nothing about the page).
 */
export function relativeUplift(variant: Counts, control: Counts): Uplift | null {
  if (clean(variant).n === 0 || clean(control).n === 0) return null;
  return {
    estimate: upliftQuantile(variant, control, 0.5),
    lower: upliftQuantile(variant, control, TAIL),
    upper: upliftQuantile(variant, control, 1 - TAIL),
  };
}

/**
 * The expected loss of choosing each variant: E[max over all variants of p_j - p_i], in
 * conversion rate (GrowthBook's "risk", over every variant rather than the control alone).
 * As ∫ (F_i(x) - Π_j F_j(x)) dx over [0, 1]: E[max_j p_j] = ∫ (1 - Π_j F_j) and
 * E[p_i] = ∫ (1 - F_i), so no two large numbers are subtracted.
 */
export function expectedLosses(groups: Counts[]): number[] {
  const posteriors = groups.map(posterior);
  const breaks = [...new Set(posteriors.flatMap((p) => betaBreaks(p.a, p.b)))].sort(
    (x, y) => x - y,
  );
  return posteriors.map((_, i) =>
    Math.max(
      0,
      integrate((x) => {
        const cdfs = posteriors.map((p) => cdf(p, x));
        return cdfs[i]! - cdfs.reduce((product, value) => product * value, 1);
      }, breaks),
    ),
  );
}

/**
 * Chi-square goodness of fit of the visitors against the traffic shares (weights, in
 * percent), k - 1 degrees of freedom; a mismatch below p = 0.001.
 */
export function sampleRatioMismatch(visitors: number[], weights: number[]): SrmCheck {
  const total = visitors.reduce((sum, n) => sum + n, 0);
  const weightTotal = weights.reduce((sum, w) => sum + w, 0);
  if (total <= 0 || weightTotal <= 0 || visitors.length < 2) {
    return { chiSquare: 0, pValue: 1, mismatch: false };
  }
  let chiSquare = 0;
  visitors.forEach((observed, i) => {
    const expected = (total * (weights[i] ?? 0)) / weightTotal;
    if (expected > 0) chiSquare += (observed - expected) ** 2 / expected;
    else if (observed > 0) chiSquare = Infinity;
  });
  const pValue = chiSquareSurvival(chiSquare, visitors.length - 1);
  return { chiSquare, pValue, mismatch: pValue < SRM_P };
}

/**
 * Visitors per variant for a two-sided two-proportion test (alpha 0.05, 80% power by
 * default) to tell pControl from pVariant, rounded up; Infinity when they are equal. A
 * planning figure: how long to run, not a result.
 */
export function sampleSizePerVariant(
  pControl: number,
  pVariant: number,
  alpha = 0.05,
  power = 0.8,
): number {
  if (pControl === pVariant) return Infinity;
  const zAlpha = normalQuantile(1 - alpha / 2);
  const zBeta = normalQuantile(power);
  const pBar = (pControl + pVariant) / 2;
  const n =
    (zAlpha * Math.sqrt(2 * pBar * (1 - pBar)) +
      zBeta * Math.sqrt(pControl * (1 - pControl) + pVariant * (1 - pVariant))) **
      2 /
    (pControl - pVariant) ** 2;
  // A hair of slack so that a value which is whole up to rounding is not pushed up by one.
  return Math.ceil(n - 1e-9);
}

/**
 * The always-valid p-value of variant vs control: the mixture sequential probability
 * ratio test (mSPRT, Johari et al. 2017) with the normal approximation of the difference
 * of the rates and a N(0, tau²) mixing prior on it. With the pooled rate p̄,
 * V = p̄(1 - p̄)(1/n_v + 1/n_c) and θ = p_v - p_c,
 * Λ = sqrt(V / (V + tau²)) exp(tau² θ² / (2V(V + tau²))) and p = min(1, 1/Λ). Checking it
 * after every day keeps the chance of ever falling below alpha under the null at alpha. The
 * verdict uses it as a guard against peeking; it is not shown as a figure.
 */
export function alwaysValidPValue(variant: Counts, control: Counts, tau?: number): number {
  const v = clean(variant);
  const c = clean(control);
  return msprtPValue(v.k / v.n, v.n, c.k / c.n, c.n, tau);
}

/** alwaysValidPValue of rates and visitors (any positive numbers). */
function msprtPValue(pV: number, nV: number, pC: number, nC: number, tau?: number): number {
  if (!(nV > 0 && nC > 0)) return 1;
  const pooled = (pV * nV + pC * nC) / (nV + nC);
  if (!(pooled > 0 && pooled < 1)) return 1;
  const t = tau ?? TAU_RELATIVE * pooled;
  if (!(t > 0)) return 1;
  const varianceOfDifference = pooled * (1 - pooled) * (1 / nV + 1 / nC);
  const theta = pV - pC;
  const t2 = t * t;
  const logLambda =
    0.5 * Math.log(varianceOfDifference / (varianceOfDifference + t2)) +
    (t2 * theta * theta) / (2 * varianceOfDifference * (varianceOfDifference + t2));
  return Math.min(1, Math.exp(-logLambda));
}

/**
 * The fewest more visitors m per variant (of both the variant and the control) after which
 * the always-valid p-value falls below `threshold` if the observed rates hold; Infinity
 * past a billion. A search over whole m, first doubling, then halving the gap.
 */
export function moreVisitorsForEvidence(
  variant: Counts,
  control: Counts,
  threshold: number,
): number {
  const v = clean(variant);
  const c = clean(control);
  if (v.n === 0 || c.n === 0) return Infinity;
  const pV = v.k / v.n;
  const pC = c.k / c.n;
  const enough = (m: number) => msprtPValue(pV, v.n + m, pC, c.n + m) < threshold;
  if (enough(0)) return 0;
  let hi = 1;
  while (!enough(hi)) {
    hi *= 2;
    if (hi > 1e9) return Infinity;
  }
  let lo = hi / 2; // not enough (or 0)
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (enough(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}
