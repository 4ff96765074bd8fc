// The visitor key of an A/B experiment (docs/decisions/0320-experiment-visitor-key.md): one
// key per visitor and experiment, for both the assignment and the counting. The edge
// assigns with infra/edge/clean-urls.js (visitorKey, variantFor), which a CloudFront
// Function must hold in one file; this is the API's copy of the same rule, so the server can
// recompute which variant an event's sender was given. experiment-visitor.test.ts runs
// both over the same inputs and pins them to reference digests from Python's hmac.
import { createHmac } from 'node:crypto';
import type { VariantId } from '../shared/experiments.ts';
import { limitKey } from '../core/client-address.ts';

/** Browsers by family, first match wins (Edge and Opera also say "Chrome"). */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, 'edge'],
  [/\bOPR\/|\bOpera\b/, 'opera'],
  [/\bSamsungBrowser\//, 'samsung'],
  [/\bFirefox\/|\bFxiOS\//, 'firefox'],
  [/\bC(?:hrome|riOS|hromium)\//, 'chrome'],
  [/\bSafari\//, 'safari'],
];
/** Systems, first match wins (Android says "Linux", iOS says "like Mac OS X"). */
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\bWindows\b/, 'windows'],
  [/\bAndroid\b/, 'android'],
  [/\biP(?:hone|ad|od)\b/, 'ios'],
  [/\bCrOS\b/, 'chromeos'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macos'],
  [/\bLinux\b/, 'linux'],
];

const firstMatch = (list: typeof BROWSERS, text: string) =>
  list.find(([pattern]) => pattern.test(text))?.[1] ?? 'other';

/**
 * The user agent's family without versions, "<browser>/<system>" ("chrome/windows",
 * "safari/ios", "other/other"): a browser that updates itself stays the same visitor.
 */
export function agentFamily(userAgent: string | undefined): string {
  const text = userAgent ?? '';
  return `${firstMatch(BROWSERS, text)}/${firstMatch(SYSTEMS, text)}`;
}

/**
 * The visitor key: HMAC-SHA256 keyed with the assignment secret's text (64 hex digits) over
 * `experimentId \n address prefix \n agent family`, hex. The address prefix is limitKey's:
 * an IPv4 address as it is, an IPv6 address as its /64.
 */
export function visitorKey(
  experimentId: string,
  secret: string,
  ip: string,
  userAgent: string | undefined,
): string {
  return createHmac('sha256', secret)
    .update(`${experimentId}\n${limitKey(ip)}\n${agentFamily(userAgent)}`)
    .digest('hex');
}

/**
 * The variant a key falls into: its first 32 bits over 2^32, times the sum of the weights,
 * against their running totals in order (the edge's variantFor, the same arithmetic).
 */
export function variantOfKey(
  key: string,
  variants: readonly { id: VariantId; weight: number }[],
): VariantId {
  const total = variants.reduce((sum, variant) => sum + variant.weight, 0);
  const point = (parseInt(key.slice(0, 8), 16) / 4294967296) * total;
  let end = 0;
  for (const variant of variants.slice(0, -1)) {
    end += variant.weight;
    if (point < end) return variant.id;
  }
  return variants[variants.length - 1]!.id;
}
