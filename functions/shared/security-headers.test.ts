// The CSP's script hashes match what Astro really writes, and the policy is strict.
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../server/inline-scripts.ts';
import { INLINE_SCRIPT_HASHES, siteContentSecurityPolicy } from './security-headers.ts';

describe('site Content-Security-Policy', () => {
  it("allows scripts only from 'self' and the listed hashes; no inline style attributes", () => {
    const csp = siteContentSecurityPolicy();
    const directives = new Map(
      csp.split('; ').map((directive) => {
        const [name, ...values] = directive.split(' ');
        return [name!, values];
      }),
    );
    expect(directives.get('script-src')).toEqual([
      "'self'",
      ...INLINE_SCRIPT_HASHES.map((hash) => `'${hash}'`),
    ]);
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|\*/);
    expect(directives.get('style-src')).toEqual(["'self'"]);
    expect(directives.get('style-src-attr')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('form-action')).toEqual(["'self'"]);
    // Frames: the video block's two players only (not even the site itself).
    expect(directives.get('frame-src')).toEqual([
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
    ]);
    expect(directives.has('child-src')).toBe(false);
  });

  it('hashes executable inline scripts only, as browsers do', () => {
    const html =
      '<script>alert(1)</script><script type="module">x()</script>' +
      '<script src="/a.js"></script><script type="application/ld+json">{"a":1}</script>';
    // sha256("alert(1)") and sha256("x()"), base64.
    expect(inlineScriptHashes(html)).toEqual([
      'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=',
      'sha256-D6IGS8VMvCoyaR/l0h9tERrBTATY01CoPS7l6xDv0kI=',
    ]);
  });
});
