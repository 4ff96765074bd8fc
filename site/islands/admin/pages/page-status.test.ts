import { describe, expect, it } from 'vitest';
import { placeholderContent } from '../../../../functions/shared/landing-content.ts';
import type { BuildStatus } from '../../../../functions/shared/api/build.ts';
import type { LandingPage } from '../common/pages-api.ts';
import { pageStatus, viewUrl } from './page-status.ts';

const page = (overrides: Partial<LandingPage> = {}): LandingPage => ({
  id: 'p1',
  title: 'Spring',
  slug: 'spring',
  isActive: true,
  content: placeholderContent(),
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  revision: 1,
  ...overrides,
});
const built = (publishedAt: string, state: BuildStatus['state'] = 'up-to-date'): BuildStatus => ({
  state,
  publishedAt,
});

describe('pageStatus and viewUrl', () => {
  it('calls an inactive page a draft, viewed at its live address', () => {
    const draft = page({ isActive: false });
    expect(pageStatus(draft, built('2026-03-02T00:00:00.000Z'))).toBe('draft');
    expect(viewUrl(draft, built('2026-03-02T00:00:00.000Z'))).toBe('/legacy/spring');
  });

  it('calls a page live once a build started after its last change, at its public address', () => {
    expect(pageStatus(page(), built('2026-03-01T10:00:01.000Z'))).toBe('live');
    expect(viewUrl(page(), built('2026-03-01T10:00:01.000Z'))).toBe('/spring');
    expect(viewUrl(page({ slug: 'default' }), built('2026-03-01T10:00:01.000Z'))).toBe('/');
  });

  it('says when the last change is still building or its build failed', () => {
    expect(pageStatus(page(), built('2026-03-01T09:00:00.000Z', 'building'))).toBe('live-building');
    expect(pageStatus(page(), built('2026-03-01T09:00:00.000Z', 'failed'))).toBe('live-failed');
    expect(viewUrl(page(), built('2026-03-01T09:00:00.000Z', 'building'))).toBe('/legacy/spring');
    expect(pageStatus(page(), { state: 'disabled' })).toBe('live');
  });
});
