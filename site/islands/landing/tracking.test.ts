// The landing script's page id rule.
import { describe, expect, it } from 'vitest';
import { pageIdFromPath } from './tracking.ts';

describe('pageIdFromPath', () => {
  it('is the path without its slashes, or default', () => {
    expect(pageIdFromPath('/')).toBe('default');
    expect(pageIdFromPath('/spring-campaign')).toBe('spring-campaign');
    expect(pageIdFromPath('/legacy/default/')).toBe('legacy/default');
  });
});
