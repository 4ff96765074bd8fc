// The statistics of A/B experiments (issue 24): conversion rates with their intervals,
// the chance to beat the control, the relative uplift, the sample ratio check, the sample
// size for 80% power and the verdict the results screen shows. Pure functions of counts,
// shared by the API and the browser: no imports but the response types of ./experiments.ts.
// The tests (./experiment-stats.test.ts) check every number against scipy.
import type { SrmCheck, Uplift, Verdict, VariantId, VariantResult } from './experiments.ts';

export interface Counts {
  visitors: number;
  conversions: number;
}

/** The standard normal's 97.5% quantile. */
export const Z95 = 1.959963984540054;

/** A chance to beat the control at least this high (or this low) can name a winner. */
export const WIN_CHANCE = 0.95;
/** The family-wise error rate of the always-valid test, shared over the comparisons. */
export const ALPHA = 0.05;
/** Sample ratio mismatch below this p-value (the usual, deliberately strict, threshold). */
export const SRM_P = 0.001;
/**
 * mSPRT mixing prior: tau = TAU_RELATIVE * pooled rate, i.e. the test expects differences of
 * the rates of about 20% of the rate. A smaller tau suits smaller effects but is slow on
 * larger ones. In the simulations of ./experiment-stats.test.ts (daily checks, 28 days,
 * 5% base rate), 0.2 names a winner in 0.3% of 1,000 A/A tests and finds a 30% uplift at
 * 300 visitors a day per variant in 92.5% of 200 runs (tuning: 0.05 found 55%, 0.1 87.5%,
 * 0.15 to 0.4 90 to 92.5%, all with at most 0.7% false winners).
 */
export const TAU_RELATIVE = 0.2;
/** The smallest relative uplift the power calculation of the verdict sets out to see. */
export const MIN_DETECTABLE_UPLIFT = 0.2;
/** chanceToBeatControl sums the closed form up to this many terms, then integrates. */
export const EXACT_MAX_TERMS = 5000;

// ---- Special functions ----------------------------------------------------------------

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
  -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
  1.5056327351493116e-7,
];
const HALF_LOG_2PI = 0.5 * Math.log(2 * Math.PI);

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9: about 15 significant digits). */
export function lnGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - lnGamma(1 - x);
  const y = x - 1;
  let series = LANCZOS[0]!;
  for (let i = 1; i < LANCZOS.length; i++) series += LANCZOS[i]! / (y + i);
  const t = y + 7.5;
  return HALF_LOG_2PI + (y + 0.5) * Math.log(t) - t + Math.log(series);
}

function lnBeta(a: number, b: number): number {
  return lnGamma(a) + lnGamma(b) - lnGamma(a + b);
}

// Wichura's AS241 (PPND16) coefficients, highest power first, as doubles.
const AS241_A = [
  2509.0809287301227, 33430.57558358813, 67265.7709270087, 45921.95393154987, 13731.69376550946,
  1971.5909503065513, 133.14166789178438, 3.3871328727963665,
];
const AS241_B = [
  5226.495278852854, 28729.085735721943, 39307.89580009271, 21213.794301586597, 5394.196021424751,
  687.1870074920579, 42.31333070160091, 1.0,
];
const AS241_C = [
  0.0007745450142783414, 0.022723844989269184, 0.2417807251774506, 1.2704582524523684,
  3.6478483247632045, 5.769497221460691, 4.630337846156546, 1.4234371107496835,
];
const AS241_D = [
  1.0507500716444169e-9, 0.0005475938084995345, 0.015198666563616457, 0.14810397642748008,
  0.6897673349851, 1.6763848301838038, 2.053191626637759, 1.0,
];
const AS241_E = [
  2.0103343992922881e-7, 2.7115555687434876e-5, 0.0012426609473880784, 0.026532189526576124,
  0.29656057182850487, 1.7848265399172913, 5.463784911164114, 6.657904643501103,
];
const AS241_F = [
  2.0442631033899397e-15, 1.421511758316446e-7, 1.8463183175100548e-5, 0.0007868691311456133,
  0.014875361290850615, 0.1369298809227358, 0.599832206555888, 1.0,
];

function horner(coefficients: readonly number[], r: number): number {
  let value = 0;
  for (const c of coefficients) value = value * r + c;
  return value;
}

/** The standard normal quantile (inverse CDF), Wichura's AS241 (about 16 digits). */
export function normalQuantile(p: number): number {
  if (Number.isNaN(p)) return NaN;
  if (p <= 0) return -Infinity;
  if (p >= 1) return Infinity;
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) {
    const r = 0.180625 - q * q;
    return (q * horner(AS241_A, r)) / horner(AS241_B, r);
  }
  const r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  const x =
    r <= 5
      ? horner(AS241_C, r - 1.6) / horner(AS241_D, r - 1.6)
      : horner(AS241_E, r - 5) / horner(AS241_F, r - 5);
  return q < 0 ? -x : x;
}

const EPS = 1e-15;
const FPMIN = 1e-300;
const MAX_ITERATIONS = 100_000;

/** Q(a, x) = Γ(a, x) / Γ(a), the regularized upper incomplete gamma (Numerical Recipes 6.2). */
export function regularizedGammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  if (!Number.isFinite(x)) return 0;
  const logPrefix = -x + a * Math.log(x) - lnGamma(a);
  if (x < a + 1) {
    // Series for P(a, x).
    let ap = a;
    let term = 1 / a;
    let sum = term;
    for (let n = 0; n < MAX_ITERATIONS; n++) {
      ap += 1;
      term *= x / ap;
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * EPS) break;
    }
    return Math.max(0, 1 - sum * Math.exp(logPrefix));
  }
  // Continued fraction for Q(a, x) (modified Lentz).
  let b = x + 1 - a;
  let c = 1 / FPMIN;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITERATIONS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < FPMIN) d = FPMIN;
    c = b + an / c;
    if (Math.abs(c) < FPMIN) c = FPMIN;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return Math.exp(logPrefix) * h;
}

/** P(X > x) for X chi-square with df degrees of freedom. */
export function chiSquareSurvival(x: number, df: number): number {
  return regularizedGammaQ(df / 2, x / 2);
}

/** The continued fraction of the incomplete beta (Numerical Recipes 6.4, modified Lentz). */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < FPMIN) d = FPMIN;
  d = 1 / d;
  let h = d;
  for (let m = 1; m < MAX_ITERATIONS; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < FPMIN) d = FPMIN;
    c = 1 + aa / c;
    if (Math.abs(c) < FPMIN) c = FPMIN;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < FPMIN) d = FPMIN;
    c = 1 + aa / c;
    if (Math.abs(c) < FPMIN) c = FPMIN;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return h;
}

/** I_x(a, b), the regularized incomplete beta: the CDF of Beta(a, b) at x. */
export function regularizedBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const logFront = a * Math.log(x) + b * Math.log1p(-x) - lnBeta(a, b);
  if (x < (a + 1) / (a + b + 2)) {
    return (Math.exp(logFront) * betaContinuedFraction(a, b, x)) / a;
  }
  return 1 - (Math.exp(logFront) * betaContinuedFraction(b, a, 1 - x)) / b;
}

// ---- Counts ---------------------------------------------------------------------------

/** Whole, non-negative counts with no more conversions than visitors. */
function clean(c: Counts): { n: number; k: number } {
  const n = Number.isFinite(c.visitors) ? Math.max(0, Math.round(c.visitors)) : 0;
  const k = Number.isFinite(c.conversions) ? Math.max(0, Math.round(c.conversions)) : 0;
  return { n, k: Math.min(k, n) };
}

/** Wilson score 95% interval of conversions/visitors; [0, 0] when visitors is 0. */
export function wilsonInterval(c: Counts, z = Z95): [number, number] {
  const { n, k } = clean(c);
  if (n === 0) return [0, 0];
  const p = k / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return [k === 0 ? 0 : Math.max(0, center - half), k === n ? 1 : Math.min(1, center + half)];
}

// ---- Chance to beat the control -------------------------------------------------------

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
 * ∫ f(x) g(x) dx / ∫ f(x) dx for f the Beta(a, b) density (unnormalised), by Simpson's
 * rule with 600 panels over its mean ± 12 standard deviations (within [0, 1]).
 */
function betaExpectation(a: number, b: number, g: (x: number) => number): number {
  const mean = a / (a + b);
  const sd = Math.sqrt((a * b) / ((a + b) ** 2 * (a + b + 1)));
  const lo = Math.max(0, mean - 12 * sd);
  const hi = Math.min(1, mean + 12 * sd);
  const mode = (a - 1) / (a + b - 2);
  const logDensity = (x: number) =>
    (a > 1 ? (a - 1) * Math.log(x) : 0) + (b > 1 ? (b - 1) * Math.log1p(-x) : 0);
  const logPeak = logDensity(mode);
  const panels = 600;
  const h = (hi - lo) / panels;
  let weighted = 0;
  let total = 0;
  for (let i = 0; i <= panels; i++) {
    const x = lo + i * h;
    const w = i === 0 || i === panels ? 1 : i % 2 === 1 ? 4 : 2;
    const f = w * Math.exp(logDensity(x) - logPeak);
    if (f === 0) continue;
    weighted += f * g(x);
    total += f;
  }
  return weighted / total;
}

/**
 * P(p_variant > p_control) with independent Beta(1 + conversions, 1 + visitors -
 * conversions) posteriors. Up to EXACT_MAX_TERMS conversions (of the smaller of the two)
 * the exact closed form; above, numeric integration of the narrower posterior's density
 * times the wider one's CDF (the regularized incomplete beta). Both agree with scipy to
 * 1e-6 or better (the tests); the integration stays fast for 10 million visitors.
 */
export function chanceToBeatControl(variant: Counts, control: Counts): number {
  const v = clean(variant);
  const c = clean(control);
  const aV = v.k + 1;
  const bV = v.n - v.k + 1;
  const aC = c.k + 1;
  const bC = c.n - c.k + 1;
  let p: number;
  if (Math.min(aV, aC) <= EXACT_MAX_TERMS) {
    // P(X_V > X_C) = 1 - P(X_C > X_V): sum over the smaller shape.
    p = aV <= aC ? millerSum(aV, bV, aC, bC) : 1 - millerSum(aC, bC, aV, bV);
  } else {
    const varV = (aV * bV) / ((aV + bV) ** 2 * (aV + bV + 1));
    const varC = (aC * bC) / ((aC + bC) ** 2 * (aC + bC + 1));
    p =
      varV <= varC
        ? betaExpectation(aV, bV, (x) => regularizedBeta(x, aC, bC))
        : 1 - betaExpectation(aC, bC, (x) => regularizedBeta(x, aV, bV));
  }
  return Math.min(1, Math.max(0, p));
}

// ---- Uplift, sample ratio, sample size, always-valid p-value ---------------------------

/**
 * Relative uplift (p_v - p_c) / p_c with a 95% interval by the delta method:
 * Var(p_v / p_c) ≈ var_v / p_c² + p_v² var_c / p_c⁴ with var = p(1 - p)/n (this form also
 * holds when the variant has no conversions). null without control conversions or without
 * visitors to either.
 */
export function relativeUplift(variant: Counts, control: Counts): Uplift | null {
  const v = clean(variant);
  const c = clean(control);
  if (c.n === 0 || c.k === 0 || v.n === 0) return null;
  const pV = v.k / v.n;
  const pC = c.k / c.n;
  const varV = (pV * (1 - pV)) / v.n;
  const varC = (pC * (1 - pC)) / c.n;
  const estimate = pV / pC - 1;
  const se = Math.sqrt(varV / pC ** 2 + (pV ** 2 * varC) / pC ** 4);
  return { estimate, lower: estimate - Z95 * se, upper: estimate + Z95 * se };
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
 * Visitors per variant for a two-sided two-proportion z-test (alpha 0.05, 80% power by
 * default) to tell pControl from pVariant, rounded up; Infinity when they are equal.
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
 * after every day keeps the chance of ever falling below alpha under the null at alpha.
 * tau defaults to TAU_RELATIVE times the pooled rate (a plug-in: the pooled rate settles
 * within the first days).
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
  const variance = pooled * (1 - pooled) * (1 / nV + 1 / nC);
  const theta = pV - pC;
  const t2 = t * t;
  const logLambda =
    0.5 * Math.log(variance / (variance + t2)) +
    (t2 * theta * theta) / (2 * variance * (variance + t2));
  return Math.min(1, Math.exp(-logLambda));
}

// ---- The verdict ----------------------------------------------------------------------

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

const count = (n: number) => n.toLocaleString('en-US');
/** "3 more days", "1 more visitor". */
const more = (n: number, word: string) => `${count(n)} more ${word}${n === 1 ? '' : 's'}`;

/** +12.3%, -4.0%: a relative change with one decimal and its sign. */
function signedPercent(x: number): string {
  const text = Math.abs(x * 100).toFixed(1);
  return `${x < 0 && text !== '0.0' ? '-' : '+'}${text}%`;
}

/** 97%, 99.4%, over 99.9%: never "100%" for a chance short of certainty. */
function chancePercent(p: number): string {
  if (p < 0.99) return `${Math.round(p * 100)}%`;
  return p < 0.999 ? `${Math.floor(p * 1000) / 10}%` : 'over 99.9%';
}

/** p = 0.0002, p = 0.00095, p < 0.0001. */
function formatP(p: number): string {
  return p < 0.0001 ? 'p < 0.0001' : `p = ${Number(p.toPrecision(2))}`;
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

/** Everything the results screen shows, from counts. */
export function analyse(input: VerdictInput): Analysis {
  const [control, ...others] = input.variants;
  if (!control || others.length === 0) {
    throw new RangeError('an experiment has a control and at least one other variant');
  }
  const variants: VariantResult[] = input.variants.map((variant, i) => {
    const { n, k } = clean(variant);
    const isControl = i === 0;
    const hasData = n > 0 && clean(control).n > 0;
    return {
      id: variant.id,
      name: variant.name,
      weight: variant.weight,
      visitors: n,
      conversions: k,
      conversionRate: n > 0 ? k / n : 0,
      rateInterval: wilsonInterval(variant),
      uplift: isControl ? null : relativeUplift(variant, control),
      chanceToBeatControl: isControl || !hasData ? null : chanceToBeatControl(variant, control),
    };
  });
  const srm = sampleRatioMismatch(
    variants.map((v) => v.visitors),
    input.variants.map((v) => v.weight),
  );
  return { variants, srm, verdict: verdict(input, variants, srm) };
}

function verdict(input: VerdictInput, results: VariantResult[], srm: SrmCheck): Verdict {
  // A mismatch of the traffic shares means broken assignment or counting: nothing else holds.
  if (srm.mismatch) {
    return {
      kind: 'sample_ratio_mismatch',
      message: `Sample ratio mismatch: visitors do not match the traffic shares (${formatP(srm.pValue)}). Something is sending visitors unevenly (a redirect, a cached page or a bot); results cannot be trusted until it is found.`,
    };
  }

  const fewestVisitors = Math.min(...results.map((r) => r.visitors));
  const moreDays = Math.max(0, Math.ceil(input.minDays - input.daysRunning));
  const moreVisitors = Math.max(0, Math.ceil(input.minVisitors - fewestVisitors));
  if (moreDays > 0 || moreVisitors > 0) {
    const missing = [
      ...(moreDays > 0 ? [more(moreDays, 'day')] : []),
      ...(moreVisitors > 0 ? [`${more(moreVisitors, 'visitor')} per variant`] : []),
    ];
    return {
      kind: 'keep_running',
      message: `Keep running: ${missing.join(' and ')} before a verdict.`,
      ...(moreVisitors > 0 ? { moreVisitorsPerVariant: moreVisitors } : {}),
    };
  }

  const control = results[0]!;
  const others = results.slice(1);
  // Bonferroni: each comparison gets its share of the always-valid test's 5%.
  const threshold = ALPHA / others.length;
  const evidence = others.map((result) => ({
    result,
    chance: result.chanceToBeatControl ?? 0.5,
    pValue: alwaysValidPValue(result, control),
  }));

  const winners = evidence
    .filter((e) => e.chance >= WIN_CHANCE && e.pValue < threshold)
    .sort((x, y) => y.chance - x.chance || y.result.conversionRate - x.result.conversionRate);
  const winner = winners[0];
  if (winner) {
    const { uplift, name, id } = winner.result;
    const upliftText = uplift
      ? `, uplift ${signedPercent(uplift.estimate)} (95% interval ${signedPercent(uplift.lower)} to ${signedPercent(uplift.upper)})`
      : ' (the control has no conversions, so there is no uplift to give)';
    return {
      kind: 'variant_wins',
      winner: id,
      message: `${name} wins: ${chancePercent(winner.chance)} chance to beat the control${upliftText}.`,
    };
  }
  if (evidence.every((e) => e.chance <= 1 - WIN_CHANCE && e.pValue < threshold)) {
    return {
      kind: 'control_wins',
      winner: control.id,
      message: 'The control wins: every variant is worse with at least 95% probability.',
    };
  }

  // No winner yet. Enough visitors for 80% power? Against the difference observed between
  // the control and the best variant, but never a smaller one than a 20% uplift of the
  // pooled rate: power computed at the observed difference alone is circular (a difference
  // too small to be significant always "needs" more visitors than there are, so the verdict
  // would never come), and 20% is the smallest uplift the experiment sets out to see.
  const pooled =
    results.reduce((sum, r) => sum + r.conversions, 0) /
    results.reduce((sum, r) => sum + r.visitors, 0);
  if (pooled === 0) {
    return {
      kind: 'keep_running',
      message:
        'Keep running: there are no conversions yet, so the visitors needed cannot be estimated.',
    };
  }
  const best = others.reduce((x, y) => (y.conversionRate > x.conversionRate ? y : x));
  const pControl = control.conversionRate;
  const observed =
    pControl > 0 && Math.abs(best.conversionRate - pControl) >= MIN_DETECTABLE_UPLIFT * pControl;
  const needed = observed
    ? sampleSizePerVariant(pControl, best.conversionRate)
    : sampleSizePerVariant(pooled, Math.min(1, pooled * (1 + MIN_DETECTABLE_UPLIFT)));
  if (Number.isFinite(needed) && fewestVisitors < needed) {
    const extra = needed - fewestVisitors;
    return {
      kind: 'keep_running',
      moreVisitorsPerVariant: extra,
      message: `Keep running: ${more(extra, 'visitor')} per variant for 80% power ${observed ? 'at the observed rate' : `to detect a ${MIN_DETECTABLE_UPLIFT * 100}% uplift`}.`,
    };
  }

  // Enough for the power calculation, and a variant (or the control) leads clearly, but the
  // evidence does not yet hold up against checking every day: say how far it has to go.
  const leader =
    evidence.filter((e) => e.chance >= WIN_CHANCE).sort((x, y) => y.chance - x.chance)[0] ??
    (evidence.every((e) => e.chance <= 1 - WIN_CHANCE)
      ? evidence.reduce((x, y) => (y.pValue > x.pValue ? y : x))
      : undefined);
  if (leader) {
    const extra = moreVisitorsForEvidence(leader.result, control, threshold);
    const lead =
      leader.chance >= WIN_CHANCE
        ? `${leader.result.name} leads (${chancePercent(leader.chance)} chance to beat the control)`
        : 'the control leads (every variant is worse with at least 95% probability)';
    if (Number.isFinite(extra) && extra > 0) {
      return {
        kind: 'keep_running',
        moreVisitorsPerVariant: extra,
        message: `Keep running: ${lead}, but that is not yet strong enough evidence when the results are checked every day; about ${more(extra, 'visitor')} per variant if the difference holds.`,
      };
    }
  }

  return {
    kind: 'no_difference',
    message: `No meaningful difference: with ${count(fewestVisitors)} visitors per variant, no variant differs from the control by more than chance.`,
  };
}
