// Counting (issues 33 and 35, functions/data/experiments/counters.ts): figures nobody can
// tilt, one unit per visitor key for the whole test: only the variant a sender was assigned
// counts, a returning visitor once, the sample ratio check, and only keyed hashes kept,
// deleted once the experiment ends. Real DynamoDB Local through the app
// (functions/test/experiment-team.ts); the edge's own code assigns the variants.
import { describe, expect, it } from 'vitest';
import { KEY_IDLE_DAYS, VISITOR_SHARDS } from './counters.ts';
import { queryAll } from '../table.ts';
import type { ExperimentDetail, ExperimentResults } from '../../shared/experiments.ts';
import { BROWSER, team } from '../../test/experiment-team.ts';

/** Chrome at `version` on Linux (BROWSER's family) and on Windows: a new string each time. */
const chromeOnLinux = (version: number) => BROWSER.replace('131.0.0.0', `${version}.0.0.0`);
const chromeOnWindows = (version: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0 Safari/537.36`;
const firefoxOnWindows = (version: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:${version}.0) Gecko/20100101 Firefox/${version}.0`;
const edgeOnWindows = (version: number) => `${chromeOnWindows(version)} Edg/${version}.0.0.0`;

const totals = (measured: ExperimentResults) =>
  measured.variants.map(({ id, visitors, conversions }) => ({ id, visitors, conversions }));

// Issue 33 (the probe found figures anyone could tilt) and issue 35 (a visitor is one unit
// for the whole test): docs/decisions/0320-experiment-visitor-key.md.

describe('experiments: figures nobody can tilt, one unit per visitor for the whole test', () => {
  const started = async (fixture: Awaited<ReturnType<typeof team>>) => {
    const { id } = (await (await fixture.create()).json()) as ExperimentDetail;
    const start = await fixture.as('publisher')('POST', `/api/admin/experiments/${id}/start`);
    expect(start.status).toBe(200);
    return id;
  };

  it('counts 120 page views from one address with a new user agent each as one visitor per browser family', async () => {
    const fixture = await team();
    const { event, results, servedTo, clock } = fixture;
    const id = await started(fixture);
    // The probe: one address, a new browser version for every view, each view claiming
    // either variant. Over an hour, so no per-minute cap drops any of them.
    const ip = '198.51.100.7';
    for (let i = 0; i < 120; i++) {
      const response = await event(
        ip,
        i % 2 ? 'b' : 'a',
        'page_view',
        {},
        chromeOnWindows(100 + i),
      );
      expect(response.status).toBe(202);
      clock.advance(30_000);
    }
    const own = await servedTo(id, ip, chromeOnWindows(100));
    expect(totals(await results(id))).toEqual(
      ['a', 'b'].map((v) => ({ id: v, visitors: v === own ? 1 : 0, conversions: 0 })),
    );

    // Three browser families from another address, 10 versions each: three visitors.
    const office = '198.51.100.8';
    for (let i = 0; i < 30; i++) {
      const agent = [chromeOnWindows, firefoxOnWindows, edgeOnWindows][i % 3]!(100 + i);
      await event(office, await servedTo(id, office, agent), 'page_view', {}, agent);
      clock.advance(30_000);
    }
    const measured = await results(id);
    expect(measured.variants.reduce((sum, v) => sum + v.visitors, 0)).toBe(4);
  }, 120_000);

  it('counts nothing for a variant its sender was not assigned, and answers as for any event', async () => {
    const fixture = await team();
    const { event, lead, results, addressesOf } = fixture;
    const id = await started(fixture);
    const served = { a: await addressesOf(id, 'a', 6), b: await addressesOf(id, 'b', 6) };
    for (const [own, other] of [
      ['a', 'b'],
      ['b', 'a'],
    ] as const) {
      for (const ip of served[own]) {
        expect((await event(ip, other)).status).toBe(202);
        expect((await event(ip, other, 'hero_primary_cta', { experimentId: id })).status).toBe(202);
        expect((await lead(ip, other)).status).toBe(201);
      }
    }
    expect(totals(await results(id))).toEqual([
      { id: 'a', visitors: 0, conversions: 0 },
      { id: 'b', visitors: 0, conversions: 0 },
    ]);
    // Their own variants count as ever.
    await event(served.a[0]!, 'a');
    await lead(served.b[0]!, 'b');
    expect(totals(await results(id))).toEqual([
      { id: 'a', visitors: 1, conversions: 0 },
      { id: 'b', visitors: 1, conversions: 1 },
    ]);
  });

  it('counts a visitor who returns on later days once, and their conversion once', async () => {
    const fixture = await team();
    const { event, lead, results, addressesOf, clock } = fixture;
    const id = await started(fixture);
    const [returning, later] = await addressesOf(id, 'b', 2);
    const DAY = 86_400_000;
    await event(returning!, 'b'); // 2026-11-20
    clock.advance(DAY);
    await event(returning!, 'b'); // 21st
    clock.advance(DAY);
    expect((await lead(returning!, 'b')).status).toBe(201); // 22nd: converts
    clock.advance(DAY);
    await event(later!, 'b'); // 23rd: a second visitor
    clock.advance(DAY);
    await lead(returning!, 'b'); // 24th: a second lead, same visitor
    for (let day = 0; day < 3; day++) {
      clock.advance(DAY);
      // Its browser updated meanwhile: still the same visitor.
      await event(returning!, 'b', 'page_view', {}, chromeOnLinux(140 + day));
    }
    const measured = await results(id);
    expect(totals(measured)).toEqual([
      { id: 'a', visitors: 0, conversions: 0 },
      { id: 'b', visitors: 2, conversions: 1 },
    ]);
    expect(measured.daily.map((day) => [day.day, day.variants[1]])).toEqual([
      ['2026-11-20', { id: 'b', visitors: 1, conversions: 0 }],
      ['2026-11-21', { id: 'b', visitors: 1, conversions: 0 }],
      ['2026-11-22', { id: 'b', visitors: 1, conversions: 1 }],
      ['2026-11-23', { id: 'b', visitors: 2, conversions: 1 }],
      ['2026-11-24', { id: 'b', visitors: 2, conversions: 1 }],
      ['2026-11-25', { id: 'b', visitors: 2, conversions: 1 }],
      ['2026-11-26', { id: 'b', visitors: 2, conversions: 1 }],
      ['2026-11-27', { id: 'b', visitors: 2, conversions: 1 }],
    ]);
  });

  it("flags a sample ratio mismatch under the probe's skew: 22 addresses that all land in B", async () => {
    const fixture = await team();
    const { event, lead, results, addressesOf, clock } = fixture;
    const id = await started(fixture);
    // 22 loopback addresses the edge sends to B. To hide the skew, each also claims the
    // control with a fresh user agent per view, as the probe did; those claims count nothing.
    const probes = await addressesOf(id, 'b', 22, '127.0.0.');
    for (const [n, ip] of probes.entries()) {
      for (let view = 0; view < 5; view++) {
        await event(ip, 'a', 'page_view', {}, chromeOnLinux(100 + n * 5 + view));
      }
      await event(ip, 'b');
      expect((await lead(ip, 'b')).status).toBe(201);
      clock.advance(60_000);
    }
    const measured = await results(id);
    expect(totals(measured)).toEqual([
      { id: 'a', visitors: 0, conversions: 0 },
      { id: 'b', visitors: 22, conversions: 22 },
    ]);
    expect(measured.srm.mismatch).toBe(true);
    expect(measured.srm.pValue).toBeLessThan(0.001);
    expect(measured.verdict.kind).toBe('sample_ratio_mismatch');
    expect(measured.verdict.message).toMatch(/^Sample ratio mismatch: /);
  });

  it('keeps only keyed hashes of visitors, and deletes them once the experiment ends', async () => {
    const fixture = await team();
    const { as, event, lead, results, addressesOf, services, clock } = fixture;
    const id = await started(fixture);
    const ips = [...(await addressesOf(id, 'a', 3)), ...(await addressesOf(id, 'b', 3))];
    for (const [n, ip] of ips.entries()) {
      await event(ip, n < 3 ? 'a' : 'b');
      if (n === 5) await lead(ip, 'b');
    }
    const stored = async () => {
      const items: Record<string, unknown>[] = [];
      for (let shard = 0; shard < VISITOR_SHARDS; shard++) {
        items.push(
          ...(await queryAll(services.db, {
            TableName: services.tableName,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': `EXPVISITORS#${id}#${shard}` },
          })),
        );
      }
      return items;
    };
    const keyItems = await stored();
    expect(keyItems).toHaveLength(6);
    const expires = clock.now().getTime() / 1000 + KEY_IDLE_DAYS * 86_400;
    for (const item of keyItems) {
      expect(Object.keys(item).sort()).toEqual(
        Object.keys(item).includes('goals')
          ? ['expiresAt', 'goals', 'pk', 'sk', 'views']
          : ['expiresAt', 'pk', 'sk', 'views'],
      );
      expect(item['sk']).toMatch(/^[0-9a-f]{64}$/);
      expect(Math.abs(Number(item['expiresAt']) - expires)).toBeLessThan(60);
      const text = JSON.stringify(item);
      for (const clear of [...ips, 'Chrome', 'chrome/linux', 'Linux']) {
        expect(text).not.toContain(clear);
      }
    }
    const before = totals(await results(id));
    expect((await as('publisher')('POST', `/api/admin/experiments/${id}/stop`)).status).toBe(200);
    // The minute's schedule run sweeps them, a budget at a time, never with a Scan.
    expect(await services.experiments.sweepEndedVisitors(4)).toEqual({ deleted: 4, pending: 1 });
    expect(await stored()).toHaveLength(2);
    expect(await services.experiments.sweepEndedVisitors(4)).toEqual({ deleted: 2, pending: 0 });
    expect(await stored()).toEqual([]);
    expect(await services.experiments.sweepEndedVisitors(4)).toEqual({ deleted: 0, pending: 0 });
    // The figures stay.
    expect(totals(await results(id))).toEqual(before);
    expect(before).toEqual([
      { id: 'a', visitors: 3, conversions: 0 },
      { id: 'b', visitors: 3, conversions: 1 },
    ]);
  });
});
