// Claims: the one approved wording of a statement, tied to evidence (issue 36,
// docs/decisions/0521-claims-store.md). A key is unique (a KEY#<key> item written in the same
// transaction); an edit of the key, the text or the references returns an approved claim to
// draft; approval is an e-signature (the route checks the signer's password and code) by
// someone who did not write the wording; withdrawal is final. Every change is audited in the
// same transaction.
import { randomUUID } from 'node:crypto';
import { ConflictError, InvalidError, NotFoundError } from '../../core/domain-errors.ts';
import {
  type Claim,
  type CreateClaim,
  type Evidence,
  type PatchClaim,
} from '../../shared/claims/model.ts';
import { checklistPart, type Signer } from '../../shared/workflow.ts';
import { type SignatureMeaning } from '../../shared/signatures.ts';
import { auditActor, signatureManifest } from '../audit-item.ts';
import { keys } from '../keys.ts';
import { CONDITION_FAILED } from '../table.ts';
import type { ClaimsActor } from './evidence.ts';
import { claimHash, dayOf, evidenceValid, lapseOf, notExpired } from './status.ts';
import { ClaimsStore, type ClaimsPartition, type StoredClaim } from './store.ts';

const withoutAuthors = ({ authors: _authors, ...claim }: StoredClaim): Claim => claim;
/** The stored claim without its approval and expiry, which an update sets anew. */
const base = ({ approval: _approval, expiresAt: _expiresAt, ...claim }: StoredClaim) => claim;
const changes = ({ revision: _revision, ...fields }: PatchClaim) => fields;

const changedMeanwhile = () =>
  new ConflictError('The claim changed meanwhile; reload and try again');
/** A refused revision condition on the claim (the first part of its write). */
const claimChanged = ([code]: readonly string[]) =>
  code === CONDITION_FAILED ? changedMeanwhile() : undefined;

const keyTaken = (key: string) =>
  new InvalidError(`The key "${key}" is taken by another claim: choose another`, {
    key: ['is taken by another claim'],
  });

export class ClaimRepository extends ClaimsStore {
  /** The answer's form: `status` as it holds today, and why an approval lapsed. */
  present(claim: StoredClaim, partition: Pick<ClaimsPartition, 'evidence'>): Claim {
    const evidence = new Map(partition.evidence.map((item) => [item.id, item]));
    const lapse = lapseOf(claim, evidence, dayOf(this.now()));
    const rest = withoutAuthors(claim);
    return lapse ? { ...rest, status: 'draft', lapse } : rest;
  }

  async list(): Promise<Claim[]> {
    const partition = await this.readAll();
    return partition.claims.map((claim) => this.present(claim, partition));
  }

  /**
   * Every claim and piece of evidence as the API answers them, from one query, and whether
   * the seed ran: what the site build and the preview render claims from.
   */
  async listWithEvidence(): Promise<{ claims: Claim[]; evidence: Evidence[]; seeded: boolean }> {
    const partition = await this.readAll();
    const today = dayOf(this.now());
    return {
      claims: partition.claims.map((claim) => this.present(claim, partition)),
      evidence: partition.evidence.map((item) => ({ ...item, valid: evidenceValid(item, today) })),
      seeded: partition.seeded,
    };
  }

  async get(id: string): Promise<Claim> {
    const partition = await this.readAll();
    return this.present(this.storedIn(partition, id), partition);
  }

  storedIn(partition: ClaimsPartition, id: string): StoredClaim {
    const found = partition.claims.find((claim) => claim.id === id);
    if (!found) throw new NotFoundError('Claim not found');
    return found;
  }

  /** Every reference must name a piece of evidence that exists (withdrawn ones included). */
  private checkReferences(partition: ClaimsPartition, references: Claim['references']) {
    const known = new Set(partition.evidence.map((evidence) => evidence.id));
    const unknown = references.flatMap((reference, index) =>
      known.has(reference.evidenceId) ? [] : [index],
    );
    if (unknown.length) {
      throw new InvalidError(
        unknown.length === 1
          ? `Reference ${unknown[0]! + 1} names evidence that does not exist`
          : 'Some references name evidence that does not exist',
        Object.fromEntries(
          unknown.map((index) => [
            `references.${index}.evidenceId`,
            ['is not a piece of evidence'],
          ]),
        ),
      );
    }
  }

  async create(input: CreateClaim, actor: ClaimsActor): Promise<Claim> {
    const partition = await this.readAll();
    if (partition.claims.some((claim) => claim.key === input.key)) throw keyTaken(input.key);
    this.checkReferences(partition, input.references);
    const at = this.now().toISOString();
    const claim: StoredClaim = {
      id: randomUUID(),
      ...input,
      status: 'draft',
      revision: 0,
      authors: [actor.email],
      createdAt: at,
      createdBy: actor.email,
      updatedAt: at,
      updatedBy: actor.email,
    };
    await this.transact({
      items: [this.putClaim(claim), this.putKey(claim.key, claim.id)],
      audit: {
        ...auditActor(actor),
        action: 'claim-create',
        summary: `Claim ${claim.key} added: "${claim.text}"`,
      },
      onConflict: (codes) => (codes[1] === CONDITION_FAILED ? keyTaken(claim.key) : undefined),
    });
    return this.present(claim, partition);
  }

  /**
   * Changes the fields `patch` names, from the revision the editor read (a stale one is a
   * 409). A change of the key, the text or the references voids an approval.
   */
  async update(id: string, patch: PatchClaim, actor: ClaimsActor): Promise<Claim> {
    const partition = await this.readAll();
    const current = this.storedIn(partition, id);
    if (current.status === 'withdrawn') {
      throw new ConflictError('A withdrawn claim cannot be changed: add a new claim instead');
    }
    if (patch.revision !== current.revision) {
      throw changedMeanwhile();
    }
    const { expiresAt, ...fields } = changes(patch);
    if (fields.key !== undefined && fields.key !== current.key) {
      if (partition.claims.some((claim) => claim.key === fields.key)) throw keyTaken(fields.key);
    }
    if (fields.references) this.checkReferences(partition, fields.references);
    const at = this.now().toISOString();
    const { approval } = current;
    const kept = base(current);
    const next: StoredClaim = {
      ...kept,
      ...fields,
      ...(expiresAt === null
        ? {}
        : expiresAt !== undefined
          ? { expiresAt }
          : current.expiresAt
            ? { expiresAt: current.expiresAt }
            : {}),
      revision: current.revision + 1,
      updatedAt: at,
      updatedBy: actor.email,
    };
    const voids = claimHash(next) !== claimHash(current);
    if (voids) {
      next.status = 'draft';
      next.authors =
        current.status === 'approved'
          ? [actor.email]
          : [...new Set([...current.authors, actor.email])];
    } else if (approval) {
      next.approval = approval;
    }
    const keyChanged = next.key !== current.key;
    const changed = [
      ...Object.keys(fields).filter(
        (name) =>
          JSON.stringify(fields[name as keyof typeof fields]) !==
          JSON.stringify(current[name as keyof StoredClaim]),
      ),
      ...(expiresAt !== undefined && (expiresAt ?? undefined) !== current.expiresAt
        ? ['expiresAt']
        : []),
    ];
    await this.transact({
      items: [
        this.putClaim(next, { revision: current.revision }),
        ...(keyChanged
          ? [
              this.putKey(next.key, id),
              { Delete: { TableName: this.table, Key: keys.claimKey(current.key) } },
            ]
          : []),
      ],
      audit: {
        ...auditActor(actor),
        action: 'claim-update',
        summary: `Claim ${next.key} changed${changed.length ? `: ${changed.join(', ')}` : ''}${voids && current.status === 'approved' ? '; its approval is void' : ''}`,
      },
      onConflict: (codes) =>
        claimChanged(codes) ?? (codes[1] === CONDITION_FAILED ? keyTaken(next.key) : undefined),
    });
    return this.present(next, partition);
  }

  /**
   * Approves the claim's current wording and references with an e-signature (the route has
   * checked the signer's password and code). Refused for a withdrawn or expired claim, one
   * without a current reference, one the signer wrote, and one already approved as it is.
   */
  async approve(
    id: string,
    signature: {
      signer: Signer;
      meaning: SignatureMeaning;
      comment?: string | undefined;
    },
    actor: ClaimsActor,
  ): Promise<Claim> {
    const partition = await this.readAll();
    const current = this.storedIn(partition, id);
    const today = dayOf(this.now());
    if (current.status === 'withdrawn') {
      throw new ConflictError('A withdrawn claim cannot be approved: add a new claim instead');
    }
    if (!notExpired(current.expiresAt, today)) {
      throw new ConflictError(
        `This claim expired on ${current.expiresAt}: set a later expiry first`,
      );
    }
    const evidence = new Map(partition.evidence.map((item) => [item.id, item]));
    const hasCurrent = current.references.some((reference) => {
      const found = evidence.get(reference.evidenceId);
      return found !== undefined && evidenceValid(found, today);
    });
    if (!hasCurrent) {
      throw new ConflictError(
        'A claim needs at least one reference to current evidence before it can be approved',
      );
    }
    if (current.authors.includes(signature.signer.email)) {
      throw new ConflictError(
        'You wrote this claim, so you cannot approve it: another reviewer must',
      );
    }
    if (current.status === 'approved' && !lapseOf(current, evidence, today)) {
      throw new ConflictError('This claim is already approved as it stands');
    }
    const at = this.now().toISOString();
    const next: StoredClaim = {
      ...current,
      status: 'approved',
      approval: {
        signerName: signature.signer.name,
        signerEmail: signature.signer.email,
        signedAt: at,
        meaning: signature.meaning,
        ...(signature.comment ? { comment: signature.comment } : {}),
        ...checklistPart(signature.signer),
        hash: claimHash(current),
      },
      revision: current.revision + 1,
      updatedAt: at,
      updatedBy: actor.email,
    };
    const manifest = signatureManifest(signature.signer, at, signature.meaning);
    await this.transact({
      items: [this.putClaim(next, { revision: current.revision })],
      audit: {
        ...auditActor(actor),
        action: 'claim-approve',
        summary: `Claim ${current.key}: approved by ${manifest.text}; SHA-256 ${next.approval!.hash}`,
        signature: manifest.signature,
      },
      onConflict: claimChanged,
    });
    return this.present(next, partition);
  }

  /** Withdraws the claim (final), saying why. */
  async withdraw(id: string, reason: string, actor: ClaimsActor): Promise<Claim> {
    const partition = await this.readAll();
    const current = this.storedIn(partition, id);
    if (current.status === 'withdrawn') throw new ConflictError('This claim is already withdrawn');
    const at = this.now().toISOString();
    const next: StoredClaim = {
      ...current,
      status: 'withdrawn',
      withdrawal: { at, by: actor.email, reason },
      revision: current.revision + 1,
      updatedAt: at,
      updatedBy: actor.email,
    };
    await this.transact({
      items: [this.putClaim(next, { revision: current.revision })],
      audit: {
        ...auditActor(actor),
        action: 'claim-withdraw',
        summary: `Claim ${current.key} withdrawn: ${reason}`,
      },
      events: [
        {
          type: 'claim.withdrawn',
          data: { id: current.id, key: current.key, reason, by: actor.email },
        },
      ],
      onConflict: claimChanged,
    });
    return this.present(next, partition);
  }
}
