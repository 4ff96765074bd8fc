// Numerics of the experiment statistics: special functions, a quadrature rule and a root
// finder. No statistics and no wording here: ./posterior.ts computes the figures with these,
// ./verdict.ts decides and words the verdict. Every function is checked against scipy in
// ./numerics.test.ts. Pure and browser-safe (the results screen imports the figures too).

/** The standard normal's 97.5% quantile. */
export const Z95 = 1.959963984540054;

/**
 * Work done by the iterative functions since the last reset, so that tests bound the cost of
 * a computation by counting steps instead of timing it on a shared machine.
 */
export const work = { betaFractionSteps: 0, gammaSteps: 0 };

export function resetWork(): void {
  work.betaFractionSteps = 0;
  work.gammaSteps = 0;
}

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

/** ln B(a, b). */
export function lnBeta(a: number, b: number): number {
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
      work.gammaSteps++;
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
    work.gammaSteps++;
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
    work.betaFractionSteps++;
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

/** ln of the Beta(a, b) density at x (a, b >= 1, 0 <= x <= 1; -Infinity off its support). */
export function betaLogDensity(x: number, a: number, b: number): number {
  if (x < 0 || x > 1) return -Infinity;
  const left = a === 1 ? 0 : x === 0 ? -Infinity : (a - 1) * Math.log(x);
  const right = b === 1 ? 0 : x === 1 ? -Infinity : (b - 1) * Math.log1p(-x);
  return left + right - lnBeta(a, b);
}

/**
 * The q-quantile of Beta(a, b): a bracketed Newton iteration on regularizedBeta (bisection
 * whenever a Newton step would leave the bracket), to about 1e-15 in x.
 */
export function betaQuantile(q: number, a: number, b: number): number {
  if (q <= 0) return 0;
  if (q >= 1) return 1;
  let lo = 0;
  let hi = 1;
  // Start from the normal approximation, kept inside (0, 1).
  const mean = a / (a + b);
  const sd = Math.sqrt((a * b) / ((a + b) ** 2 * (a + b + 1)));
  let x = Math.min(1 - 1e-12, Math.max(1e-12, mean + sd * normalQuantile(q)));
  for (let i = 0; i < 200; i++) {
    const f = regularizedBeta(x, a, b) - q;
    if (f === 0) return x;
    if (f < 0) lo = x;
    else hi = x;
    const density = Math.exp(betaLogDensity(x, a, b));
    let next = density > 0 ? x - f / density : NaN;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - x) <= 1e-15 * Math.max(1e-300, Math.abs(x)) || hi - lo < 1e-300) {
      return next;
    }
    x = next;
  }
  return x;
}

// Gauss-Legendre, 20 points: numpy.polynomial.legendre.leggauss(20), the positive half
// (nodes, weights); the rule is symmetric.
const GL_NODES = [
  0.07652652113349734, 0.22778585114164507, 0.37370608871541955, 0.5108670019508271,
  0.636053680726515, 0.7463319064601508, 0.8391169718222188, 0.912234428251326, 0.9639719272779138,
  0.993128599185095,
];
const GL_WEIGHTS = [
  0.15275338713072628, 0.14917298647260424, 0.1420961093183824, 0.1316886384491769,
  0.1181945319615186, 0.1019301198172407, 0.08327674157670471, 0.06267204833410879,
  0.040601429800386446, 0.017614007139150893,
];

/**
 * ∫ f over [breaks[0], breaks[last]] by 20-point Gauss-Legendre on each interval between
 * consecutive breaks (exact for polynomials of degree 39 per interval). Callers place the
 * breaks where f changes quickly.
 */
export function integrate(f: (x: number) => number, breaks: readonly number[]): number {
  let total = 0;
  for (let i = 1; i < breaks.length; i++) {
    const lo = breaks[i - 1]!;
    const hi = breaks[i]!;
    if (!(hi > lo)) continue;
    const half = (hi - lo) / 2;
    const mid = (hi + lo) / 2;
    let sum = 0;
    for (let j = 0; j < GL_NODES.length; j++) {
      const dx = half * GL_NODES[j]!;
      sum += GL_WEIGHTS[j]! * (f(mid - dx) + f(mid + dx));
    }
    total += sum * half;
  }
  return total;
}

/** Steps, in standard deviations, of the breaks of a Beta posterior (see betaBreaks). */
const SD_STEPS = [-40, -20, -12, -8, -6, -4, -3, -2, -1, 0, 1, 2, 3, 4, 6, 8, 12, 20, 40];

/**
 * Where a Beta(a, b) density lives, as breaks for integrate(): its mean plus SD_STEPS
 * standard deviations, clipped to [0, 1]. Beyond 40 standard deviations even the most skewed
 * posterior here (Beta(1, n)) holds less than e^-40 of its mass.
 */
export function betaBreaks(a: number, b: number): number[] {
  const mean = a / (a + b);
  const sd = Math.sqrt((a * b) / ((a + b) ** 2 * (a + b + 1)));
  const points = SD_STEPS.map((k) => Math.min(1, Math.max(0, mean + k * sd)));
  return [...new Set(points)].sort((x, y) => x - y);
}

/**
 * A root of a monotone f in [lo, hi] where f(lo) and f(hi) differ in sign: the Illinois
 * variant of regula falsi, to |hi - lo| <= tolerance.
 */
export function findRoot(
  f: (x: number) => number,
  lo: number,
  hi: number,
  tolerance: number,
): number {
  let a = lo;
  let b = hi;
  let fa = f(a);
  let fb = f(b);
  if (fa === 0) return a;
  if (fb === 0) return b;
  if (Math.sign(fa) === Math.sign(fb)) throw new RangeError('findRoot: no sign change');
  let side = 0;
  for (let i = 0; i < 200 && Math.abs(b - a) > tolerance; i++) {
    const c = (a * fb - b * fa) / (fb - fa);
    const fc = f(c);
    if (fc === 0) return c;
    if (Math.sign(fc) === Math.sign(fb)) {
      b = c;
      fb = fc;
      if (side === -1) fa /= 2;
      side = -1;
    } else {
      a = c;
      fa = fc;
      if (side === 1) fb /= 2;
      side = 1;
    }
  }
  return (a + b) / 2;
}
