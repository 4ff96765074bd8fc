// How the admin shows an electronic signature (page working copies, experiment variants,
// forms, claims: docs/decisions/0133-e-signatures.md), in one place. Wherever a signature
// shows, it shows what 21 CFR 11.50 asks (docs/decisions/0531-signature-manifestation.md):
// the signer's printed name, the date and time with the time zone, and the meaning, beside
// the reviewer checklist items the signer confirmed.
import { queryOptions } from '@tanstack/react-query';
import { accountSchema } from '../../../../functions/shared/account.ts';
import {
  MEANING_LABELS,
  type ChecklistEntry,
  type SignatureMeaning,
} from '../../../../functions/shared/signatures.ts';
import { request } from '../api.ts';

/** What every signature record has (a page's, variant's, form's, or a claim's approval). */
export interface SignatureFields {
  signerName: string;
  signerEmail: string;
  /** ISO 8601, UTC. */
  signedAt: string;
  meaning: SignatureMeaning;
  checklist?: ChecklistEntry[] | undefined;
}

/** "2026-11-25 14:02 UTC": signatures and schedules are recorded in UTC. */
export const utcTime = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** The admin's own time zone (the browser's). */
const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const isUtc = (name: string) => name === 'UTC' || name === 'Etc/UTC' || name === 'Etc/GMT';

/**
 * The time as the admin's clock shows it with its zone, and in UTC (the record's own):
 * "Nov 25, 2026, 3:02 PM GMT+1 (2026-11-25 14:02 UTC)"; in UTC only when the admin's zone is.
 */
export function signedTime(iso: string): string {
  if (isUtc(zone())) return utcTime(iso);
  const local = new Intl.DateTimeFormat(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
  return `${local} (${utcTime(iso)})`;
}

/** "approved, medical" */
export const meaningOf = (signature: Pick<SignatureFields, 'meaning'>) =>
  MEANING_LABELS[signature.meaning];

/** "Dr. A. Reviewer (a.reviewer@...)", or the e-mail alone when that is the printed name. */
export const signerOf = (signature: Pick<SignatureFields, 'signerName' | 'signerEmail'>) =>
  signature.signerName === signature.signerEmail
    ? signature.signerName
    : `${signature.signerName} (${signature.signerEmail})`;

/**
 * The signature in one sentence, for toasts and descriptions:
 * "Signed by Dr. A. Reviewer (a.reviewer@...), 2026-11-25 14:02 UTC, meaning: approved, medical"
 */
export const signatureLine = (signature: SignatureFields) =>
  `Signed by ${signerOf(signature)}, ${signedTime(signature.signedAt)}, meaning: ${meaningOf(signature)}`;

/**
 * A signature as lists show it (the Review tab, variants, forms, claims): the printed name,
 * the time with its zone and the meaning, then the checklist items confirmed.
 */
export function SignatureManifest({ signature }: { signature: SignatureFields }) {
  return (
    <span data-testid="signature-manifest">
      Signed by <span className="font-medium">{signerOf(signature)}</span>,{' '}
      <time dateTime={signature.signedAt}>{signedTime(signature.signedAt)}</time>, meaning:{' '}
      <span className="font-medium">{meaningOf(signature)}</span>
      {signature.checklist && signature.checklist.length > 0 && (
        <span className="block pl-4 text-xs" data-testid="signature-checklist">
          Confirmed: {signature.checklist.map((entry) => entry.item).join('; ')}
        </span>
      )}
    </span>
  );
}

/** The signed-in account (GET /api/account): whether a signature needs a code. */
export const ACCOUNT_KEY = ['/api/account'] as const;
export const accountQuery = queryOptions({
  queryKey: ACCOUNT_KEY,
  queryFn: () => request(accountSchema, 'GET', '/api/account'),
});
