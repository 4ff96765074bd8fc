import { describe, expect, it } from 'vitest';
import type { AnalyticsShare } from '../../../../functions/shared/reports.ts';
import { shareStatus } from './shares-api.ts';

const share: AnalyticsShare = {
  id: '0f8e2c1a-5b7d-4e3f-9a2b-1c0d9e8f7a6b',
  label: 'Agency',
  url: 'https://example.com/shared/analytics?token=x',
  createdAt: '2026-03-01T09:00:00.000Z',
  createdBy: 'owner@example.com',
  expiresAt: '2026-03-08T09:00:00.000Z',
  revokedAt: null,
  revokedBy: null,
};

describe('a shared link’s status', () => {
  it('is active until it expires, to the millisecond', () => {
    expect(shareStatus(share, new Date('2026-03-08T08:59:59.999Z'))).toBe('active');
    expect(shareStatus(share, new Date('2026-03-08T09:00:00.000Z'))).toBe('expired');
    expect(shareStatus({ ...share, expiresAt: null }, new Date('2099-01-01'))).toBe('active');
  });

  it('says revoked before expired, as the link itself does', () => {
    const revoked = { ...share, revokedAt: '2026-03-02T10:00:00.000Z', revokedBy: 'a@b.c' };
    expect(shareStatus(revoked, new Date('2026-03-03'))).toBe('revoked');
    expect(shareStatus(revoked, new Date('2026-04-01'))).toBe('revoked');
  });
});
