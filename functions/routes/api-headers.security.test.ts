// API responses are data: nosniff, a CSP that loads and frames nothing, and no CORS
// whatever Origin the request names (hardening issue, hole 6).
import { describe, expect, it } from 'vitest';
import { adminTestApp } from '../test/harness.ts';
import { API_CONTENT_SECURITY_POLICY } from '../shared/security-headers.ts';

describe('API response headers', () => {
  it('are nosniff, frame nothing and grant no cross-origin access, on success and error', async () => {
    const { json, anonJson } = await adminTestApp();
    const origin = { origin: 'https://evil.example' };
    const responses = [
      await anonJson('GET', '/api/health', undefined, origin),
      await anonJson('GET', '/api/landing-pages/default', undefined, origin),
      await anonJson('GET', '/api/nope', undefined, origin),
      await anonJson('GET', '/api/landing-pages', undefined, origin),
      await json('GET', '/api/landing-pages'),
      await anonJson('OPTIONS', '/api/contact', undefined, {
        ...origin,
        'access-control-request-method': 'POST',
      }),
    ];
    for (const response of responses) {
      const label = `${response.status} ${response.url}`;
      expect(response.headers.get('x-content-type-options'), label).toBe('nosniff');
      expect(response.headers.get('content-security-policy'), label).toBe(
        API_CONTENT_SECURITY_POLICY,
      );
      expect(response.headers.get('access-control-allow-origin'), label).toBeNull();
      expect(response.headers.get('access-control-allow-credentials'), label).toBeNull();
    }
  });
});
