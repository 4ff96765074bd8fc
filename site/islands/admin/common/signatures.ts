// How the admin writes an electronic signature (page working copies, experiment variants,
// forms: docs/decisions/0133-e-signatures.md), in one place.
import { MEANING_LABELS, type Signature } from '../../../../functions/shared/workflow.ts';

/** "2026-11-25 14:02 UTC": signatures and schedules are recorded in UTC. */
export const utcTime = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** "Approved by Dr. A. Reviewer (a.reviewer@...), 2026-11-25 14:02 UTC, medical" */
export const signatureLine = (signature: Signature) => {
  const discipline = MEANING_LABELS[signature.meaning].replace(/^approved,? ?/, '');
  return `Approved by ${signature.signerName}${
    signature.signerName === signature.signerEmail ? '' : ` (${signature.signerEmail})`
  }, ${utcTime(signature.signedAt)}${discipline ? `, ${discipline}` : ''}`;
};

/** The signed-in account (GET /api/account): whether a signature needs a code. */
export const ACCOUNT_KEY = ['/api/account'] as const;
