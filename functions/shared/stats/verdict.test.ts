// The verdict's rule and wording, and simulations of daily peeking that show why the rule
// needs the always-valid guard beside the chance to beat the control. Figures quoted in the
// comments come from the scipy script of ./posterior.test.ts (chance, uplift_q, loss2,
// msprt, more_for_evidence, n), with:
//   def more_for_evidence(kv, nv, kc, nc, threshold):  # a plain scan over m
//       m = 0
//       while msprt(kv / nv, nv + m, kc / nc, nc + m) >= threshold: m += 1
//       return m
import { describe, expect, it } from 'vitest';
import { chanceToBeatControl } from './posterior.ts';
import { analyse, decide, WIN_CHANCE, type VerdictInput } from './verdict.ts';

/** |actual - expected| <= tolerance, with the values in the failure message. */
function expectNear(actual: number, expected: number, tolerance: number) {
  expect(Math.abs(actual - expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance);
}

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

  it('reports every variant: rate, intervals, uplift, chance and expected loss', () => {
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
    // scipy uplift_q(321, 5000, 250, 5000, 0.5 | 0.025 | 0.975)
    expectNear(variants[1]!.uplift!.estimate, 0.2832332643052532, 1e-8);
    expectNear(variants[1]!.uplift!.lower, 0.093625027847141, 1e-8);
    expectNear(variants[1]!.uplift!.upper, 0.5075149306656677, 1e-8);
    // scipy rate_ci(250, 5000)
    expectNear(variants[0]!.rateInterval[0], 0.044302807346846745, 1e-11);
    // scipy loss2: choosing B, or keeping the control; relative to the control's mean 251/5002.
    expectNear(variants[1]!.expectedLoss.absolute, 1.4324160019807978e-6, 1e-14);
    expectNear(variants[1]!.expectedLoss.relative, 1.4324160019807978e-6 / (251 / 5002), 1e-12);
    expectNear(variants[0]!.expectedLoss.absolute, 0.01419575468709329, 1e-11);
  });

  it('names a winning variant with its chance, uplift interval and expected loss', () => {
    // chance(321, 5000, 250, 5000) = 0.99890, msprt = 0.0478 < 0.05;
    // uplift_q: 0.2832 (0.0936, 0.5075); loss2 / (251 / 5002) = 2.85e-5
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
        "B wins: 99.8% chance to beat the control, uplift +28.3% (95% credible interval +9.4% to +50.8%); expected loss if it is chosen: under 0.01% of the control's rate.",
    });
    // chance(1200, 20000, 1000, 20000) = 0.999994; uplift_q: 0.1999 (0.1060, 0.3020)
    expect(
      analyse(
        input([
          [1000, 20000],
          [1200, 20000],
        ]),
      ).verdict.message,
    ).toBe(
      "B wins: over 99.9% chance to beat the control, uplift +20.0% (95% credible interval +10.6% to +30.2%); expected loss if it is chosen: under 0.01% of the control's rate.",
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
      message: 'The control wins: every variant is worse with at least 97.5% probability.',
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
    // n(1070/20000, 1070/20000 * 1.2) = 7593 < 10,000; chance(570, 10000, 500, 10000) = 0.98607,
    // msprt = 0.380; more_for_evidence(570, 10000, 500, 10000, 0.05) = 9739 (either way round).
    expect(
      analyse(
        input([
          [500, 10000],
          [570, 10000],
        ]),
      ).verdict,
    ).toEqual({
      kind: 'keep_running',
      moreVisitorsPerVariant: 9739,
      message:
        'Keep running: B leads (99% chance to beat the control), but that is not yet strong enough evidence when the results are checked every day; about 9,739 more visitors per variant if the difference holds.',
    });
    expect(
      analyse(
        input([
          [570, 10000],
          [500, 10000],
        ]),
      ).verdict,
    ).toEqual({
      kind: 'keep_running',
      moreVisitorsPerVariant: 9739,
      message:
        'Keep running: the control leads (every variant is worse with at least 97.5% probability), but that is not yet strong enough evidence when the results are checked every day; about 9,739 more visitors per variant if the difference holds.',
    });
  });

  it('names no leader below the credible level: 97% is not enough', () => {
    // chance(560, 10000, 500, 10000) = 0.9708 < 0.975: the uplift interval still holds 0.
    expect(WIN_CHANCE).toBe(0.975);
    const { verdict, variants } = analyse(
      input([
        [500, 10000],
        [560, 10000],
      ]),
    );
    expect(verdict.kind).toBe('no_difference');
    expect(variants[1]!.uplift!.lower).toBeLessThan(0);
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
        const decision = decide({
          variants: [
            { id: 'a', name: 'A', weight: 50, ...a },
            { id: 'b', name: 'B', weight: 50, ...b },
          ],
          daysRunning: day,
          minDays: 7,
          minVisitors: 100,
        });
        if (decision.kind === 'variant_wins' || decision.kind === 'control_wins') ruleFired = true;
        if (decision.kind === 'variant_wins') variantWon = true;
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
