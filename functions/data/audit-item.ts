// An audit entry as a part of the transaction that makes the change it records. Apart from
// audit.ts (the log's reader and its stand-alone writer) so that table.ts's transact(), which
// adds the entry to every audited change, can build it without an import cycle.
import { randomUUID } from 'node:crypto';
import type { AuditAction, AuditEntryDto, AuditSignature } from '../shared/api/audit.ts';
import { type Signer } from '../shared/workflow.ts';
import { MEANING_LABELS, type SignatureMeaning } from '../shared/signatures.ts';
import { keys } from './keys.ts';

/**
 * An entry as the log stores it: the API's shape (functions/shared/api/audit.ts), whose
 * action is any string for older clients, with the action one this server knows.
 */
export type AuditEntry = Omit<AuditEntryDto, 'action'> & { action: AuditAction };

/** What a caller says of a change; the log adds the id and the time. */
export type AuditInput = Omit<AuditEntry, 'id' | 'at'>;

/** An audit entry's Put, as a part of a TransactWriteCommand. */
export interface AuditPart {
  Put: { TableName: string; Item: Record<string, unknown> };
}

/** How long an entry is kept (its TTL); verification starts from the oldest one kept. */
export const RETENTION_DAYS = 400;

export const month = (date: Date) => date.toISOString().slice(0, 7);

/** Who made a change and from where, as an audit entry names them. */
export const auditActor = (actor: { email: string; ip?: string | undefined }) => ({
  actor: actor.email,
  ...(actor.ip ? { ip: actor.ip } : {}),
});

/** "2026-11-25 14:02 UTC": how signatures give their time (in UTC, the zone named). */
export const utcMinute = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/**
 * An e-signature as its audit entry states it (21 CFR 11.50): the sentence for the summary,
 * "Dr. A <a@...>, 2026-11-25 14:02 UTC, approved, medical", and the same fields apart.
 */
export function signatureManifest(
  signer: Pick<Signer, 'email' | 'name'> & { checklist?: Signer['checklist'] | undefined },
  signedAt: string,
  meaning: SignatureMeaning,
): { text: string; signature: AuditSignature } {
  const checklist = signer.checklist ?? [];
  return {
    text: `${signer.name} <${signer.email}>, ${utcMinute(signedAt)}, ${MEANING_LABELS[meaning]}`,
    signature: {
      signerName: signer.name,
      signerEmail: signer.email,
      signedAt,
      signedAtText: utcMinute(signedAt),
      meaning,
      meaningLabel: MEANING_LABELS[meaning],
      ...(checklist.length > 0 ? { checklist: checklist.map((entry) => entry.item) } : {}),
    },
  };
}

/**
 * The audit entry of a change made at `now`, as a transaction part: put it in the same
 * TransactWriteCommand as the change, so the entry is written if and only if the change is.
 */
export function auditItem(
  table: string,
  now: Date,
  entry: AuditInput,
): { entry: AuditEntry; put: AuditPart } {
  const at = now.toISOString();
  const id = `${at}#${randomUUID().slice(0, 8)}`;
  const full: AuditEntry = { id, at, ...entry };
  return {
    entry: full,
    put: {
      Put: {
        TableName: table,
        Item: {
          ...keys.audit(month(now), id),
          ...full,
          expiresAt: Math.floor(now.getTime() / 1000) + RETENTION_DAYS * 86400,
        },
      },
    },
  };
}
