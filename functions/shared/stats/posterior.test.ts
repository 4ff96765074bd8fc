// The figures of an experiment against scipy. Every literal marked "scipy" was computed with
// python3, scipy 1.17.1 and numpy 2.4.6 by this script (nothing in it calls this module's code):
//
//   import numpy as np
//   from scipy import stats, integrate, optimize
//   def post(k, n): return stats.beta(1 + k, 1 + n - k)
//   def support(d): return d.ppf(1e-14), d.ppf(1 - 1e-14)
//   def rate_ci(k, n): d = post(k, n); return d.ppf(0.025), d.ppf(0.975)
//   def chance(kv, nv, kc, nc):  # P(p_v > p_c)
//       v = post(kv, nv); c = post(kc, nc)
//       lo, hi = v.ppf(1e-12), v.ppf(1 - 1e-12)
//       pts = [x for x in (v.mean(), c.mean(), c.ppf(1e-6), c.ppf(1 - 1e-6)) if lo < x < hi]
//       return integrate.quad(lambda x: v.pdf(x) * c.cdf(x), lo, hi, points=pts,
//                             limit=1000, epsabs=1e-13, epsrel=1e-12)[0]
//   def uplift_cdf(kv, nv, kc, nc, u):  # P(p_v <= (1 + u) p_c), over the control's posterior
//       v, c = post(kv, nv), post(kc, nc)
//       lo, hi = support(c)
//       pts = [x for x in (c.mean(), c.ppf(1e-6), c.ppf(1 - 1e-6), v.mean() / (1 + u))
//              if lo < x < hi]
//       return integrate.quad(lambda x: c.pdf(x) * v.cdf(min(1.0, (1 + u) * x)), lo, hi,
//                             points=pts, limit=2000, epsabs=1e-14, epsrel=1e-12)[0]
//   def uplift_q(kv, nv, kc, nc, q):
//       f = lambda t: uplift_cdf(kv, nv, kc, nc, np.expm1(t)) - q
//       return np.expm1(optimize.brentq(f, -20, 20, xtol=1e-14, rtol=1e-13))
//   def loss2(kv, nv, kc, nc):  # E[max(p_c - p_v, 0)] = ∫ f_v(x) E[(p_c - x)+] dx
//       v, c = post(kv, nv), post(kc, nc); ac, bc = 1 + kc, 1 + nc - kc
//       upper = lambda x: ac / (ac + bc) * stats.beta(ac + 1, bc).sf(x) - x * c.sf(x)
//       lo, hi = support(v)
//       return integrate.quad(lambda x: v.pdf(x) * upper(x), lo, hi, points=[v.mean()],
//                             limit=2000, epsabs=1e-15, epsrel=1e-12)[0]
//   def loss_all(groups, i):  # E[max_j p_j - p_i] = ∫ (F_i - Π_j F_j)
//       ds = [post(k, n) for k, n in groups]
//       pts = sorted(set(x for d in ds for x in (d.ppf(1e-9), d.mean(), d.ppf(1 - 1e-9))))
//       f = lambda x: ds[i].cdf(x) - np.prod([d.cdf(x) for d in ds])
//       return integrate.quad(f, pts[0], pts[-1], points=pts[1:-1], limit=2000,
//                             epsabs=1e-15, epsrel=1e-12)[0]
//   srm = lambda obs, w: stats.chisquare(obs, np.sum(obs) * np.array(w) / np.sum(w))
//   # The sample size and the mSPRT p-value are formulas, evaluated independently:
//   def n(p1, p2, alpha=0.05, power=0.8):
//       za, zb = stats.norm.ppf(1 - alpha / 2), stats.norm.ppf(power); pb = (p1 + p2) / 2
//       return (za * np.sqrt(2 * pb * (1 - pb)) + zb * np.sqrt(p1 * (1 - p1) + p2 * (1 - p2)))**2 \
//           / (p1 - p2)**2   # then rounded up
//   def msprt(pv, nv, pc, nc, tau=None):  # tau: 0.2 x the pooled rate unless given
//       pb = (pv * nv + pc * nc) / (nv + nc); tau = 0.2 * pb if tau is None else tau
//       V = pb * (1 - pb) * (1 / nv + 1 / nc)
//       return min(1.0, 1 / (np.sqrt(V / (V + tau**2))
//                            * np.exp(tau**2 * (pv - pc)**2 / (2 * V * (V + tau**2)))))
import { describe, expect, it } from 'vitest';
import {
  alwaysValidPValue,
  chanceToBeatControl,
  EXACT_MAX_TERMS,
  expectedLosses,
  rateInterval,
  relativeUplift,
  sampleRatioMismatch,
  sampleSizePerVariant,
  upliftCdf,
  type Counts,
} from './posterior.ts';

/** |actual - expected| <= tolerance, with the values in the failure message. */
function expectNear(actual: number, expected: number, tolerance: number) {
  expect(Math.abs(actual - expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance);
}

const counts = (conversions: number, visitors: number): Counts => ({ visitors, conversions });

describe('rateInterval (95% credible interval of the Beta posterior)', () => {
  it('matches scipy rate_ci(k, n)', () => {
    const cases: [number, number, number, number][] = [
      [0, 1, 0.01257911709342505, 0.841886116991581],
      [3, 20, 0.05446356817840681, 0.363423987016981],
      [250, 5000, 0.044302807346846745, 0.056397671820969365],
      [0, 500, 5.053327002612458e-5, 0.007335992124157131],
      [500, 500, 0.9926640078758429, 0.9999494667299739],
      [1000000, 10000000, 0.09981421723982276, 0.10018609430458515],
    ];
    for (const [k, n, lower, upper] of cases) {
      const [low, high] = rateInterval(counts(k, n));
      expectNear(low, lower, 1e-11);
      expectNear(high, upper, 1e-11);
    }
  });

  it('is [0, 0] without visitors (our convention: nothing to show)', () => {
    expect(rateInterval(counts(0, 0))).toEqual([0, 0]);
  });
});

describe('chanceToBeatControl', () => {
  // [variant conversions, visitors, control conversions, visitors, scipy chance(...)]
  const cases: [number, number, number, number, number][] = [
    [3, 20, 1, 20, 0.8283302063779866],
    [120, 1000, 100, 1000, 0.9231834389725593],
    [100, 1000, 100, 1000, 0.4999999999990001],
    [0, 500, 5, 500, 0.015391562030481844],
    [30, 1000, 60, 1000, 0.0005871792269625807],
    // Either side of EXACT_MAX_TERMS (5000): 4999 conversions sum the closed form, 5000 integrate.
    [4999, 100000, 5100, 100000, 0.1511843410814754],
    [5000, 100000, 5100, 100000, 0.15360173881710454],
    [5200, 100000, 5000, 100000, 0.9789617174795331],
    [1000000, 10000000, 999000, 10000000, 0.7720217441711791],
    // Posteriors of very different widths, and rates near 100%.
    [2050, 20000, 1000000, 10000000, 0.882076280890508],
    [9999, 10000, 9998, 10000, 0.6875187504679056],
  ];

  it('matches numeric integration with scipy to 1e-6', () => {
    expect(EXACT_MAX_TERMS).toBe(5000);
    for (const [kv, nv, kc, nc, expected] of cases) {
      expectNear(chanceToBeatControl(counts(kv, nv), counts(kc, nc)), expected, 1e-6);
    }
  });

  it('is 1/2 with no data at all, and the two directions add up to 1', () => {
    expect(chanceToBeatControl(counts(0, 0), counts(0, 0))).toBeCloseTo(0.5, 12);
    expectNear(
      chanceToBeatControl(counts(5100, 100000), counts(5000, 100000)),
      1 - 0.15360173881710454,
      1e-6,
    );
  });
});

describe('relativeUplift (posterior median and 95% credible interval)', () => {
  // [kv, nv, kc, nc, scipy uplift_q(..., 0.5), uplift_q(..., 0.025), uplift_q(..., 0.975)]
  const cases: [number, number, number, number, number, number, number][] = [
    [321, 5000, 250, 5000, 0.2832332643052532, 0.093625027847141, 0.5075149306656677],
    [3, 20, 1, 20, 1.17307769421558, -0.5577811595927165, 15.592141630386912],
    [0, 500, 5, 500, -0.8774800688367018, -0.9957632584576152, -0.15443766083972132],
    [120, 1000, 100, 1000, 0.1986342404225093, -0.06536043211096293, 0.5408381930998307],
    // No control conversions: the posterior still bounds the uplift (a long upper tail).
    [5, 100, 0, 100, 7.146531350972804, 0.20362010779438777, 233.23655369947366],
    [560, 10000, 500, 10000, 0.11983796564627937, -0.003978169061830998, 0.2594096355947206],
    // A small page against a very large one.
    [
      2050, 20000, 1000000, 10000000, 0.025264439033443914, -0.01630488757762824,
      0.06785652867458486,
    ],
  ];

  it('matches scipy to 1e-8 relative', () => {
    for (const [kv, nv, kc, nc, median, lower, upper] of cases) {
      const uplift = relativeUplift(counts(kv, nv), counts(kc, nc))!;
      expectNear(uplift.estimate, median, 1e-8 * Math.max(1, Math.abs(median)));
      expectNear(uplift.lower, lower, 1e-8 * Math.max(1, Math.abs(lower)));
      expectNear(uplift.upper, upper, 1e-8 * Math.max(1, Math.abs(upper)));
    }
  });

  it('agrees with the chance to beat the control on every case: one posterior', () => {
    const all = [
      ...cases.map(([kv, nv, kc, nc]) => [kv, nv, kc, nc] as const),
      [4999, 100000, 5100, 100000] as const,
      [5200, 100000, 5000, 100000] as const,
      [326, 5000, 250, 5000] as const,
      [30, 1000, 60, 1000] as const,
    ];
    for (const [kv, nv, kc, nc] of all) {
      const variant = counts(kv, nv);
      const control = counts(kc, nc);
      const chance = chanceToBeatControl(variant, control);
      // P(uplift > 0) is the chance to beat the control ...
      expectNear(1 - upliftCdf(variant, control, 0), chance, 1e-7);
      const uplift = relativeUplift(variant, control)!;
      // ... so a chance of 97.5% or more puts the whole interval above 0, 2.5% or less below,
      // and the median's sign follows the chance.
      expect(uplift.lower > 0, `${kv}/${nv} vs ${kc}/${nc}`).toBe(chance > 0.975);
      expect(uplift.upper < 0, `${kv}/${nv} vs ${kc}/${nc}`).toBe(chance < 0.025);
      expect(uplift.estimate > 0).toBe(chance > 0.5);
    }
  });

  it('is null without visitors to either', () => {
    expect(relativeUplift(counts(0, 0), counts(5, 100))).toBeNull();
    expect(relativeUplift(counts(5, 100), counts(0, 0))).toBeNull();
  });
});

describe('expectedLosses (the risk of choosing each variant)', () => {
  it('matches scipy for two variants, from a different formula', () => {
    // [kv, nv, kc, nc, scipy loss2(kv, nv, kc, nc) (choosing the variant),
    //  loss2(kc, nc, kv, nv) (keeping the control)]
    const cases: [number, number, number, number, number, number][] = [
      [321, 5000, 250, 5000, 1.4324160019807978e-6, 0.01419575468709329],
      [3, 20, 1, 20, 0.00938284630854024, 0.10029193721763023],
      [0, 500, 5, 500, 0.00999063643202926, 3.0477069479564154e-5],
      [120, 1000, 100, 1000, 0.00048461392635599544, 0.020444693766675022],
      [5, 100, 0, 100, 0.0001377316380170199, 0.04915733948115379],
      [560, 10000, 500, 10000, 3.567456999968688e-5, 0.006034474809951578],
      [2050, 20000, 1000000, 10000000, 0.00012162421011477325, 0.002661290235528379],
    ];
    for (const [kv, nv, kc, nc, chooseVariant, keepControl] of cases) {
      const [control, variant] = expectedLosses([counts(kc, nc), counts(kv, nv)]);
      expectNear(variant!, chooseVariant, 1e-9 * Math.max(1e-3, chooseVariant));
      expectNear(control!, keepControl, 1e-9 * Math.max(1e-3, keepControl));
    }
  });

  it('matches scipy over three and four variants (the best of all the others)', () => {
    const cases: [[number, number][], number[]][] = [
      [
        [
          [250, 5000],
          [321, 5000],
          [300, 5000],
        ],
        [0.014707675751774497, 0.0005133534817220541, 0.004711674152789906],
      ],
      [
        [
          [10, 200],
          [14, 200],
          [0, 200],
          [12, 200],
        ],
        [0.027135839184386164, 0.007333858991700634, 0.0766407896794256, 0.017234849085640727],
      ],
    ];
    for (const [groups, expected] of cases) {
      const losses = expectedLosses(groups.map(([k, n]) => counts(k, n)));
      losses.forEach((loss, i) => expectNear(loss, expected[i]!, 1e-9));
    }
  });
});

describe('sampleRatioMismatch', () => {
  it('matches scipy.stats.chisquare with the expected counts from the weights', () => {
    const cases: [number[], number[], number, number, boolean][] = [
      [[5020, 4980], [50, 50], 0.16, 0.6891565167793516, false],
      [[1000, 1100], [50, 50], 4.761904761904762, 0.029096331741252267, false],
      [[3300, 3350, 3280], [34, 33, 33], 3.3534384183042314, 0.18698643419849145, false],
      [[2600, 2500, 2450, 2450], [25, 25, 25, 25], 6.0, 0.11161022509471268, false],
      [[9000, 900], [90, 10], 9.09090909090909, 0.0025688315270227164, false],
      [[5200, 4800], [50, 50], 16.0, 6.334248366623988e-5, true],
    ];
    for (const [visitors, weights, chiSquare, pValue, mismatch] of cases) {
      const srm = sampleRatioMismatch(visitors, weights);
      expectNear(srm.chiSquare, chiSquare, 1e-9);
      expectNear(srm.pValue / pValue, 1, 1e-9);
      expect(srm.mismatch).toBe(mismatch);
    }
  });

  it('finds nothing without visitors', () => {
    expect(sampleRatioMismatch([0, 0, 0], [34, 33, 33])).toEqual({
      chiSquare: 0,
      pValue: 1,
      mismatch: false,
    });
  });
});

describe('sampleSizePerVariant', () => {
  it('matches the classic formula with scipy.stats.norm.ppf, rounded up', () => {
    // n(...) = 3840.847..., 3779.800..., 1093.739..., 7280.987...
    expect(sampleSizePerVariant(0.1, 0.12)).toBe(3841);
    expect(sampleSizePerVariant(0.05, 0.065)).toBe(3780);
    expect(sampleSizePerVariant(0.2, 0.25)).toBe(1094);
    expect(sampleSizePerVariant(0.1, 0.12, 0.01, 0.9)).toBe(7281);
    expect(sampleSizePerVariant(0.1, 0.1)).toBe(Infinity);
  });
});

describe('alwaysValidPValue (mSPRT)', () => {
  it('matches the formula evaluated with numpy', () => {
    expectNear(
      alwaysValidPValue(counts(120, 1000), counts(100, 1000), 0.02),
      0.878656107446443,
      1e-12,
    );
    expectNear(
      alwaysValidPValue(counts(600, 10000), counts(500, 10000), 0.01),
      0.04176419916209088,
      1e-12,
    );
    expect(alwaysValidPValue(counts(50, 1000), counts(50, 1000), 0.01)).toBe(1);
    // The default tau, 0.2 x the pooled rate: msprt(321/5000, 5000, 250/5000, 5000).
    expectNear(alwaysValidPValue(counts(321, 5000), counts(250, 5000)), 0.04778338333847671, 1e-12);
  });

  it('is 1 without visitors or without conversions', () => {
    expect(alwaysValidPValue(counts(0, 0), counts(5, 100))).toBe(1);
    expect(alwaysValidPValue(counts(0, 100), counts(0, 100))).toBe(1);
  });
});
