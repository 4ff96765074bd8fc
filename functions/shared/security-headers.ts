// The security headers of every response, defined once: the local server
// (functions/server/static-site/headers.ts, functions/app.ts) and CloudFront's response-headers
// policies (infra/constructs/site/policies.ts) both take them from here, so they cannot drift.
// The design is in docs/decisions/0034-content-security-policy.md.
import hashes from './csp-hashes.json' with { type: 'json' };

/**
 * Hashes of the inline scripts Astro writes (its island runtime). The build checks every
 * page against them (functions/server/inline-scripts.ts parses the HTML to find scripts).
 */
export const INLINE_SCRIPT_HASHES: readonly string[] = hashes.scripts;

/** The origins the video block's <iframe> loads from (site/islands/landing/video-embed.ts). */
export const VIDEO_FRAME_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
] as const;

export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * CSP of the site's pages. Scripts: our own files and Astro's hashed inline runtime, no
 * 'unsafe-inline', no eval. Styles: our own files; no style attributes in markup at all
 * (style-src-attr 'none'); <style> elements are allowed inline because Radix's dialogs
 * lock page scroll with a <style> element they create at run time with computed values
 * (react-remove-scroll), which no hash can name. Script-created CSSOM styles (React's
 * style props) are not governed by CSP.
 */
export function siteContentSecurityPolicy(options: { connectOrigins?: string[] } = {}): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...INLINE_SCRIPT_HASHES.map((hash) => `'${hash}'`)].join(' '),
    "style-src 'self'",
    "style-src-elem 'self' 'unsafe-inline'",
    "style-src-attr 'none'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // Presigned uploads go straight from the browser to the uploads bucket in AWS.
    ["connect-src 'self'", ...(options.connectOrigins ?? [])].join(' '),
    // The video block's player, only once the visitor presses play
    // (docs/decisions/0174-video-blocks.md): YouTube's privacy-enhanced host and Vimeo's player,
    // nothing else framed.
    `frame-src ${VIDEO_FRAME_ORIGINS.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** API responses are data, never documents: nothing may load or frame them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Every response, the API's and the uploads' included (issue 33; docs/decisions/
 * 0352-http-answers-of-the-local-server-and-the-edge.md): a page opened from another site
 * shares no browsing context group with it (no `window.opener` either way), and no other
 * site may load our files into its page (Spectre-style reads of a cross-origin response).
 * Nothing of ours is meant to be loaded by another site: the video block frames
 * youtube-nocookie and Vimeo (COOP does not govern frames), shared dashboards are pages of
 * this site, the CRM receives data by webhook, and no e-mail shows our images.
 */
export const CROSS_ORIGIN_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
} as const;

/** Headers every static response carries (plus the CSP above on the site's files). */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': REFERRER_POLICY,
  'Permissions-Policy': PERMISSIONS_POLICY,
  ...CROSS_ORIGIN_HEADERS,
};
