// The statistics of experiments against reference values, the verdict's rules and messages,
// and simulations of daily peeking that show why the verdict needs an always-valid test.
//
// Every literal below marked "scipy" was computed with python3, scipy 1.17.1 and numpy
// 2.4.6 by this script (nothing in it calls this module's code):
//
//   import numpy as np
//   from scipy import stats, integrate, special
//   wilson = lambda k, n: stats.binomtest(k, n).proportion_ci(method='wilson')
//   def chance(kv, nv, kc, nc):  # P(p_v > p_c), Beta(1 + k, 1 + n - k) posteriors
//       v = stats.beta(1 + kv, 1 + nv - kv); c = stats.beta(1 + kc, 1 + nc - kc)
//       lo, hi = v.ppf(1e-12), v.ppf(1 - 1e-12)
//       pts = [x for x in (v.mean(), c.mean(), c.ppf(1e-6), c.ppf(1 - 1e-6)) if lo < x < hi]
//       return integrate.quad(lambda x: v.pdf(x) * c.cdf(x), lo, hi, points=pts,
//                             limit=1000, epsabs=1e-13, epsrel=1e-12)[0]
//       # (the same integral from the control's side, 1 - ∫ f_c F_v, agrees to 2e-12)
//   srm = lambda obs, w: stats.chisquare(obs, np.sum(obs) * np.array(w) / np.sum(w))
//   chi2_sf = stats.chi2.sf; ppf = stats.norm.ppf; gammaln = special.gammaln
//   betainc = lambda x, a, b: special.betainc(a, b, x)
//   # The delta-method uplift, the sample size and the mSPRT p-value are formulas: these
//   # evaluate them independently of the TypeScript.
//   def uplift(kv, nv, kc, nc):
//       pv, pc = kv / nv, kc / nc
//       var = pv * (1 - pv) / nv / pc**2 + pv**2 * (pc * (1 - pc) / nc) / pc**4
//       est = pv / pc - 1
//       return est, est - ppf(0.975) * np.sqrt(var), est + ppf(0.975) * np.sqrt(var)
//   def n(p1, p2, alpha=0.05, power=0.8):
//       za, zb = ppf(1 - alpha / 2), ppf(power); pb = (p1 + p2) / 2
//       return (za * np.sqrt(2 * pb * (1 - pb)) + zb * np.sqrt(p1 * (1 - p1) + p2 * (1 - p2)))**2 \
//           / (p1 - p2)**2   # then rounded up
//   def msprt(pv, nv, pc, nc, tau=None):  # tau: 0.2 x the pooled rate unless given
//       pb = (pv * nv + pc * nc) / (nv + nc); tau = 0.2 * pb if tau is None else tau
//       V = pb * (1 - pb) * (1 / nv + 1 / nc)
//       return min(1.0, 1 / (np.sqrt(V / (V + tau**2))
//                            * np.exp(tau**2 * (pv - pc)**2 / (2 * V * (V + tau**2)))))
//   def more_for_evidence(kv, nv, kc, nc, threshold):  # a plain scan over m
//       m = 0
//       while msprt(kv / nv, nv + m, kc / nc, nc + m) >= threshold: m += 1
//       return m
import { describe, expect, it } from 'vitest';
import {
  analyse,
  alwaysValidPValue,
  chanceToBeatControl,
  chiSquareSurvival,
  EXACT_MAX_TERMS,
  lnGamma,
  normalQuantile,
  regularizedBeta,
  relativeUplift,
  sampleRatioMismatch,
  sampleSizePerVariant,
  wilsonInterval,
  Z95,
  type Counts,
  type VerdictInput,
} from './experiment-stats.ts';

/** |actual - expected| <= tolerance, with the values in the failure message. */
function expectNear(actual: number, expected: number, tolerance: number) {
  expect(Math.abs(actual - expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance);
}

const counts = (conversions: number, visitors: number): Counts => ({ visitors, conversions });

describe('special functions against scipy', () => {
  it('normal quantile: scipy.stats.norm.ppf', () => {
    const cases: [number, number][] = [
      [1e-300, -37.0470962993612],
      [1e-10, -6.361340902404056],
      [0.001, -3.090232306167813],
      [0.025, -1.9599639845400545],
      [0.3, -0.5244005127080409],
      [0.5, 0],
      [0.8, 0.8416212335729143],
      [0.975, 1.959963984540054],
      [0.999999, 4.753424308817087],
    ];
    for (const [p, expected] of cases) expectNear(normalQuantile(p), expected, 1e-12);
    expectNear(Z95, 1.959963984540054, 1e-15);
  });

  it('log-gamma: scipy.special.gammaln', () => {
    const cases: [number, number][] = [
      [0.5, 0.5723649429247],
      [1, 0],
      [2.5, 0.2846828704729192],
      [10, 12.801827480081469],
      [1000.5, 5908.674175848678],
      [1e7, 151180949.36947393],
    ];
    for (const [x, expected] of cases) {
      expectNear(lnGamma(x), expected, 1e-13 * Math.max(1, Math.abs(expected)));
    }
  });

  it('chi-square survival: scipy.stats.chi2.sf, far into the tail too', () => {
    const cases: [number, number, number][] = [
      [100, 1, 1.5239706048320995e-23],
      [50, 2, 1.3887943864964e-11],
      [30, 3, 1.3800570312932553e-6],
      [0.5, 1, 0.47950012218695337],
      [3, 3, 0.3916251762710877],
      [700, 2, 9.929590396265143e-153],
    ];
    for (const [x, df, expected] of cases) {
      expectNear(chiSquareSurvival(x, df) / expected, 1, 1e-10);
    }
  });

  it('regularized incomplete beta: scipy.special.betainc, up to 10 million', () => {
    const cases: [number, number, number, number][] = [
      [0.3, 2, 5, 0.5798250000000003],
      [0.1, 0.5, 0.5, 0.20483276469913345],
      [0.0505, 5001, 95001, 0.7625458272327197],
      [0.1001, 1000001, 9000001, 0.8538795511954558],
    ];
    // ln Γ(1e7) is 1.5e8, so its last bits cost about 1e-8 here: plenty for a chance.
    for (const [x, a, b, expected] of cases) expectNear(regularizedBeta(x, a, b), expected, 1e-8);
  });
});

describe('wilsonInterval', () => {
  it('matches scipy.stats.binomtest(k, n).proportion_ci(method="wilson")', () => {
    const cases: [number, number, number, number][] = [
      [0, 50, 0, 0.07134759913335872],
      [50, 50, 0.9286524008666412, 1],
      [12, 100, 0.0699940643701949, 0.19812099426711421],
      [230, 4000, 0.05070125277674413, 0.06514785453464168],
      [1, 3, 0.06149194472039626, 0.7923403991979523],
      [7, 1000, 0.0033948684009907646, 0.014378315465766588],
    ];
    for (const [k, n, lower, upper] of cases) {
      const [lo, hi] = wilsonInterval(counts(k, n));
      expectNear(lo, lower, 1e-12);
      expectNear(hi, upper, 1e-12);
    }
  });

  it('is [0, 0] without visitors (our convention)', () => {
    expect(wilsonInterval(counts(0, 0))).toEqual([0, 0]);
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

  it('matches numeric integration with scipy to 1e-6 (the issue asks for 1e-3)', () => {
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

  it('stays fast and finite at 10 million visitors and a million conversions', () => {
    const start = performance.now();
    const p = chanceToBeatControl(counts(1000000, 10000000), counts(1000000, 10000000));
    expect(performance.now() - start).toBeLessThan(500);
    expectNear(p, 0.5, 1e-6);
  });
});

describe('relativeUplift (delta method)', () => {
  it('matches the formula evaluated with numpy, and the plain ratio by hand', () => {
    // [kv, nv, kc, nc, uplift(...) estimate, lower, upper]
    const cases: [number, number, number, number, number, number, number][] = [
      [120, 1000, 100, 1000, 0.19999999999999996, -0.10058461614448239, 0.5005846161444822],
      [230, 4000, 200, 4000, 0.1499999999999999, -0.06201384394809498, 0.36201384394809477],
      [50, 50, 25, 50, 1.0, 0.4456384702601289, 1.5543615297398712],
      // No variant conversions: var_v = 0, so the interval shrinks to the estimate.
      [0, 500, 10, 500, -1, -1, -1],
    ];
    for (const [kv, nv, kc, nc, estimate, lower, upper] of cases) {
      const uplift = relativeUplift(counts(kv, nv), counts(kc, nc))!;
      expectNear(uplift.estimate, estimate, 1e-12);
      expectNear(uplift.lower, lower, 1e-12);
      expectNear(uplift.upper, upper, 1e-12);
    }
    // 12% against 10% is 20% up; 5.75% against 5% is 15% up.
    expectNear(relativeUplift(counts(120, 1000), counts(100, 1000))!.estimate, 0.2, 1e-12);
    expectNear(relativeUplift(counts(230, 4000), counts(200, 4000))!.estimate, 0.15, 1e-12);
  });

  it('is null without control conversions or visitors', () => {
    expect(relativeUplift(counts(5, 100), counts(0, 100))).toBeNull();
    expect(relativeUplift(counts(5, 100), counts(0, 0))).toBeNull();
    expect(relativeUplift(counts(0, 0), counts(5, 100))).toBeNull();
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

describe('analyse: the verdict', () => {
  const ids = ['a', 'b', 'c', 'd'] as const;
  const names = ['Control', 'B', 'C', 'D'];
  function input(
    groups: [conversions: number, visitors: number][],
    daysRunning = 14,
    weights = groups.map(() => 100 / groups.length),
  ): VerdictInput {
    return {
      variants: groups.map(([conversions, visitors], i) => ({
        id: ids[i]!,
        name: names[i]!,
        weight: weights[i]!,
        visitors,
        conversions,
      })),
      daysRunning,
      minDays: 7,
      minVisitors: 100,
    };
  }

  it('reports every variant: rate, interval, uplift and chance (none for the control)', () => {
    const { variants } = analyse(
      input([
        [250, 5000],
        [321, 5000],
      ]),
    );
    expect(variants[0]).toMatchObject({
      id: 'a',
      conversionRate: 0.05,
      uplift: null,
      chanceToBeatControl: null,
    });
    expect(variants[1]).toMatchObject({ id: 'b', visitors: 5000, conversions: 321 });
    expectNear(variants[1]!.conversionRate, 0.0642, 1e-15);
    expectNear(variants[1]!.chanceToBeatControl!, 0.9988958742462034, 1e-6); // scipy chance
    expectNear(variants[1]!.uplift!.estimate, 0.284, 1e-12);
  });

  it('names a winning variant with its chance and uplift', () => {
    // chance(321, 5000, 250, 5000) = 0.99890, msprt = 0.0478 < 0.05;
    // uplift = 0.284 (0.0778, 0.4902)
    expect(
      analyse(
        input([
          [250, 5000],
          [321, 5000],
        ]),
      ).verdict,
    ).toEqual({
      kind: 'variant_wins',
      winner: 'b',
      message:
        'B wins: 99.8% chance to beat the control, uplift +28.4% (95% interval +7.8% to +49.0%).',
    });
    // chance(1200, 20000, 1000, 20000) = 0.999994; uplift = 0.2 (0.1021, 0.2979)
    expect(
      analyse(
        input([
          [1000, 20000],
          [1200, 20000],
        ]),
      ).verdict.message,
    ).toBe(
      'B wins: over 99.9% chance to beat the control, uplift +20.0% (95% interval +10.2% to +29.8%).',
    );
  });

  it('names the control when every variant is worse', () => {
    // chance(1000, 20000, 1200, 20000) = 5.7e-6, msprt = 0.00049
    expect(
      analyse(
        input([
          [1200, 20000],
          [1000, 20000],
        ]),
      ).verdict,
    ).toEqual({
      kind: 'control_wins',
      winner: 'a',
      message: 'The control wins: every variant is worse with at least 95% probability.',
    });
  });

  it('shares the 5% of the always-valid test among the variants (Bonferroni)', () => {
    // msprt(326/5000, 5000, 250/5000, 5000) = 0.0276: below 0.05, a win with one variant...
    expect(
      analyse(
        input([
          [250, 5000],
          [326, 5000],
        ]),
      ).verdict.kind,
    ).toBe('variant_wins');
    // ... but not below 0.05 / 2 with two. n(0.05, 326/5000) = 3687 < 5000 visitors, so the
    // verdict says how far the evidence has to go: more_for_evidence(326, 5000, 250, 5000,
    // 0.025) = 102; chance(326, 5000, 250, 5000) = 0.99945.
    const three = input(
      [
        [250, 5000],
        [326, 5000],
        [250, 5000],
      ],
      14,
      [34, 33, 33],
    );
    expect(analyse(three).verdict).toEqual({
      kind: 'keep_running',
      moreVisitorsPerVariant: 102,
      message:
        'Keep running: B leads (over 99.9% chance to beat the control), but that is not yet strong enough evidence when the results are checked every day; about 102 more visitors per variant if the difference holds.',
    });
  });

  it('blocks a clear win on a sample ratio mismatch', () => {
    // srm([5180, 4820], [50, 50]): chi2 12.96, p = 0.000318; chance(340, 4820, 250, 5180) = 0.999999
    const mismatched = analyse(
      input([
        [250, 5180],
        [340, 4820],
      ]),
    );
    expect(mismatched.srm.mismatch).toBe(true);
    expect(mismatched.verdict).toEqual({
      kind: 'sample_ratio_mismatch',
      message:
        'Sample ratio mismatch: visitors do not match the traffic shares (p = 0.00032). Something is sending visitors unevenly (a redirect, a cached page or a bot); results cannot be trusted until it is found.',
    });
    // The same rates with balanced traffic win.
    expect(
      analyse(
        input([
          [242, 5000],
          [353, 5000],
        ]),
      ).verdict.kind,
    ).toBe('variant_wins');
    // srm([20000, 18500], [50, 50]): p = 2.1e-14
    expect(
      analyse(
        input([
          [1000, 20000],
          [1300, 18500],
        ]),
      ).verdict.message,
    ).toContain('(p < 0.0001)');
    // ... even before the minimums are reached.
    expect(
      analyse(
        input(
          [
            [1000, 20000],
            [1300, 18500],
          ],
          2,
        ),
      ).verdict.kind,
    ).toBe('sample_ratio_mismatch');
  });

  it('names no winner before the minimum days and visitors, however clear', () => {
    expect(
      analyse(
        input(
          [
            [1000, 20000],
            [1300, 20000],
          ],
          6,
        ),
      ).verdict,
    ).toEqual({
      kind: 'keep_running',
      message: 'Keep running: 1 more day before a verdict.',
    });
    expect(
      analyse(
        input(
          [
            [10, 60],
            [30, 60],
          ],
          3,
        ),
      ).verdict,
    ).toEqual({
      kind: 'keep_running',
      moreVisitorsPerVariant: 40,
      message: 'Keep running: 4 more days and 40 more visitors per variant before a verdict.',
    });
    expect(
      analyse(
        input(
          [
            [10, 99],
            [60, 150],
          ],
          30,
          [40, 60],
        ),
      ).verdict,
    ).toEqual({
      kind: 'keep_running',
      moreVisitorsPerVariant: 1,
      message: 'Keep running: 1 more visitor per variant before a verdict.',
    });
  });

  it('asks for the visitors that 80% power needs at the observed rates', () => {
    // 14/300 against 10/300 is 40% up: n(10/300, 14/300) = 3389.5, so 3390 - 300 more.
    expect(
      analyse(
        input([
          [10, 300],
          [14, 300],
        ]),
      ).verdict,
    ).toEqual({
      kind: 'keep_running',
      moreVisitorsPerVariant: 3090,
      message: 'Keep running: 3,090 more visitors per variant for 80% power at the observed rate.',
    });
  });

  it('... or for a 20% uplift of the pooled rate when the difference is smaller', () => {
    // 16/300 against 15/300 is 6.7% up: n(31/600, 31/600 * 1.2) = 7879.2, so 7880 - 300 more.
    expect(
      analyse(
        input([
          [15, 300],
          [16, 300],
        ]),
      ).verdict,
    ).toEqual({
      kind: 'keep_running',
      moreVisitorsPerVariant: 7580,
      message:
        'Keep running: 7,580 more visitors per variant for 80% power to detect a 20% uplift.',
    });
    expect(
      analyse(
        input([
          [0, 300],
          [0, 300],
        ]),
      ).verdict,
    ).toEqual({
      kind: 'keep_running',
      message:
        'Keep running: there are no conversions yet, so the visitors needed cannot be estimated.',
    });
  });

  it('finds no difference once there were enough visitors for a 20% uplift', () => {
    // n(1010/20000, 1010/20000 * 1.2) = 8072 < 10,000; chance(510, 10000, 500, 10000) = 0.627
    expect(
      analyse(
        input([
          [500, 10000],
          [510, 10000],
        ]),
      ).verdict,
    ).toEqual({
      kind: 'no_difference',
      message:
        'No meaningful difference: with 10,000 visitors per variant, no variant differs from the control by more than chance.',
    });
  });

  it('keeps running when a lead is clear by the chance alone but not by the always-valid test', () => {
    // n(1060/20000, 1060/20000 * 1.2) = 7669 < 10,000; chance(560, 10000, 500, 10000) = 0.9708,
    // msprt = 0.673; more_for_evidence(560, 10000, 500, 10000, 0.05) = 17186 (either way round).
    expect(
      analyse(
        input([
          [500, 10000],
          [560, 10000],
        ]),
      ).verdict,
    ).toEqual({
      kind: 'keep_running',
      moreVisitorsPerVariant: 17186,
      message:
        'Keep running: B leads (97% chance to beat the control), but that is not yet strong enough evidence when the results are checked every day; about 17,186 more visitors per variant if the difference holds.',
    });
    expect(
      analyse(
        input([
          [560, 10000],
          [500, 10000],
        ]),
      ).verdict,
    ).toEqual({
      kind: 'keep_running',
      moreVisitorsPerVariant: 17186,
      message:
        'Keep running: the control leads (every variant is worse with at least 95% probability), but that is not yet strong enough evidence when the results are checked every day; about 17,186 more visitors per variant if the difference holds.',
    });
  });
});

describe('daily peeking (seeded simulations)', () => {
  /** mulberry32: a small seeded PRNG, uniform in [0, 1). */
  function mulberry32(seed: number) {
    let state = seed | 0;
    return () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  /**
   * `runs` experiments of 28 days, control rate pA and variant rate pB, `perDay` visitors a
   * day split 50/50 at random. Returns the share of runs in which the verdict ever named a
   * winner (of `kinds`), and the share in which the naive rule (a chance >= 0.95 or <= 0.05
   * once the minimums are met, checked daily) ever would have.
   */
  function simulate(runs: number, perDay: number, pA: number, pB: number, seed: number) {
    const random = mulberry32(seed);
    let ruled = 0;
    let naive = 0;
    let variantWins = 0;
    for (let run = 0; run < runs; run++) {
      const a = { visitors: 0, conversions: 0 };
      const b = { visitors: 0, conversions: 0 };
      let ruleFired = false;
      let naiveFired = false;
      let variantWon = false;
      for (let day = 1; day <= 28; day++) {
        for (let i = 0; i < perDay; i++) {
          const toB = random() < 0.5;
          const group = toB ? b : a;
          group.visitors++;
          if (random() < (toB ? pB : pA)) group.conversions++;
        }
        const { verdict } = analyse({
          variants: [
            { id: 'a', name: 'A', weight: 50, ...a },
            { id: 'b', name: 'B', weight: 50, ...b },
          ],
          daysRunning: day,
          minDays: 7,
          minVisitors: 100,
        });
        if (verdict.kind === 'variant_wins' || verdict.kind === 'control_wins') ruleFired = true;
        if (verdict.kind === 'variant_wins') variantWon = true;
        if (day >= 7 && a.visitors >= 100 && b.visitors >= 100) {
          const chance = chanceToBeatControl(b, a);
          if (chance >= 0.95 || chance <= 0.05) naiveFired = true;
        }
      }
      if (ruleFired) ruled++;
      if (naiveFired) naive++;
      if (variantWon) variantWins++;
    }
    return { ruled: ruled / runs, naive: naive / runs, variantWins: variantWins / runs };
  }

  it('A/A tests checked daily: the rule names a winner in at most 5%, the chance alone in far more', () => {
    // 1,000 runs, 5% both, ~150 visitors per variant a day: the rule fired in 0.3% of runs,
    // the naive chance threshold in 32.1% (seed 1).
    const { ruled, naive } = simulate(1000, 300, 0.05, 0.05, 1);
    expect(ruled).toBeLessThanOrEqual(0.05);
    expect(naive).toBeGreaterThan(0.1);
  });

  it('a real 30% uplift (5% to 6.5%, ~300 visitors per variant a day) wins within 28 days in most runs', () => {
    // 200 runs: the variant won in 92.5% of them (seed 2).
    const { variantWins } = simulate(200, 600, 0.05, 0.065, 2);
    expect(variantWins).toBeGreaterThanOrEqual(0.6);
  });
});
