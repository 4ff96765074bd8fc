import { describe, expect, it } from 'vitest';
import { sharedDashboardPath } from '../../../functions/shared/reports.ts';
import { presetOf, readSharedLocation, sharedApiUrl, sharedPageUrl } from './shared-range.ts';

const TOKEN = '0f8e2c1a-5b7d-4e3f-9a2b-1c0d9e8f7a6b.k3Jp9xZq2Lw8Vn5Rt1Ym7Hc4Gf6Ds0Ab3Ce5Fg7Hi9J';
const NOW = new Date('2026-03-31T12:00:00Z');

describe('a shared dashboard address', () => {
  it('opens the link an administrator sends on the last 28 days', () => {
    const search = sharedDashboardPath(TOKEN).split('?')[1]!;
    expect(readSharedLocation(`?${search}`, NOW)).toEqual({
      token: TOKEN,
      range: { from: '2026-03-04', to: '2026-03-31' },
    });
    expect(presetOf({ from: '2026-03-04', to: '2026-03-31' }, NOW)).toBe(28);
  });

  it('keeps a chosen range over a reload, and names the API call for it', () => {
    const range = { from: '2026-03-25', to: '2026-03-31' };
    const url = sharedPageUrl(TOKEN, range);
    expect(url).toBe(`/shared/analytics?token=${TOKEN}&from=2026-03-25&to=2026-03-31`);
    expect(readSharedLocation(url.slice(url.indexOf('?')), NOW)).toEqual({ token: TOKEN, range });
    expect(presetOf(range, NOW)).toBe(7);
    expect(sharedApiUrl(TOKEN, range)).toBe(
      `/api/shared/analytics/${TOKEN}?from=2026-03-25&to=2026-03-31`,
    );
  });

  it('keeps a chosen language over a reload (issue 39); a malformed one asks for every language', () => {
    const range = { from: '2026-03-25', to: '2026-03-31' };
    const url = sharedPageUrl(TOKEN, range, 'de-DE');
    expect(url).toBe(`/shared/analytics?token=${TOKEN}&from=2026-03-25&to=2026-03-31&locale=de-DE`);
    expect(readSharedLocation(url.slice(url.indexOf('?')), NOW)).toEqual({
      token: TOKEN,
      range,
      locale: 'de-DE',
    });
    expect(sharedApiUrl(TOKEN, range, 'de-DE')).toBe(
      `/api/shared/analytics/${TOKEN}?from=2026-03-25&to=2026-03-31&locale=de-DE`,
    );
    for (const locale of ['deutsch', 'de_DE', '']) {
      expect(readSharedLocation(`?token=${TOKEN}&locale=${locale}`, NOW).locale).toBeUndefined();
    }
  });

  it('shows an old or odd range as it is, and falls back on a range it cannot use', () => {
    const old = { from: '2026-01-01', to: '2026-01-28' };
    expect(readSharedLocation(`?token=${TOKEN}&from=${old.from}&to=${old.to}`, NOW).range).toEqual(
      old,
    );
    expect(presetOf(old, NOW)).toBeUndefined();
    for (const range of [
      'from=2026-03-31&to=2026-03-01',
      'from=2026-02-30&to=2026-03-01',
      'to=x',
    ]) {
      expect(readSharedLocation(`?token=${TOKEN}&${range}`, NOW).range).toEqual({
        from: '2026-03-04',
        to: '2026-03-31',
      });
    }
  });

  it('has no token when the address has none or a mangled one', () => {
    expect(readSharedLocation('', NOW).token).toBeNull();
    expect(readSharedLocation('?token=abc', NOW).token).toBeNull();
    expect(readSharedLocation(`?token=${TOKEN.slice(0, 30)}`, NOW).token).toBeNull();
  });
});
