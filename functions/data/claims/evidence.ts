// Evidence: what substantiates a claim (issue 36, docs/decisions/0521-claims-store.md). People
// with `edit` add and change it; people with `review` withdraw it, which is final (a new
// report is a new piece of evidence). Every change is audited in the same transaction.
import { randomUUID } from 'node:crypto';
import { ConflictError, InvalidError, NotFoundError } from '../../core/domain-errors.ts';
import {
  createEvidenceSchema,
  type CreateEvidence,
  type Evidence,
  type PatchEvidence,
} from '../../shared/claims/model.ts';
import { fieldErrors } from '../../shared/field-errors.ts';
import { auditActor, type AuditInput } from '../audit-item.ts';
import { keys } from '../keys.ts';
import { CONDITION_FAILED } from '../table.ts';
import { dayOf, evidenceValid } from './status.ts';
import { ClaimsStore, type StoredEvidence } from './store.ts';

export interface ClaimsActor {
  email: string;
  ip?: string | undefined;
}

const OPTIONAL = ['url', 'assetId', 'notes', 'expiresAt'] as const;
/** Stored evidence without its optional fields, which an update sets anew. */
const withoutOptional = ({
  url: _url,
  assetId: _assetId,
  notes: _notes,
  expiresAt: _expiresAt,
  ...kept
}: StoredEvidence) => kept;

export class EvidenceRepository extends ClaimsStore {
  /** The answer's form of a stored piece: with `valid` for today. */
  present(evidence: StoredEvidence): Evidence {
    return { ...evidence, valid: evidenceValid(evidence, dayOf(this.now())) };
  }

  async list(): Promise<Evidence[]> {
    return (await this.readAll()).evidence.map((evidence) => this.present(evidence));
  }

  async stored(id: string): Promise<StoredEvidence> {
    const found = (await this.readAll()).evidence.find((evidence) => evidence.id === id);
    if (!found) throw new NotFoundError('Evidence not found');
    return found;
  }

  async create(input: CreateEvidence, actor: ClaimsActor): Promise<Evidence> {
    const at = this.now().toISOString();
    const evidence: StoredEvidence = {
      id: randomUUID(),
      ...input,
      status: 'current',
      createdAt: at,
      createdBy: actor.email,
      updatedAt: at,
      updatedBy: actor.email,
    };
    await this.transact({
      items: [
        {
          Put: {
            TableName: this.table,
            Item: { ...keys.evidence(evidence.id), ...evidence },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
      audit: {
        ...auditActor(actor),
        action: 'evidence-create',
        summary: `Evidence "${evidence.title}" added (${evidence.kind}, ${evidence.source}, ${evidence.date})`,
      },
    });
    return this.present(evidence);
  }

  /**
   * Changes the fields `patch` names (null clears an optional one). The result must still be
   * whole (a document keeps its PDF, a URL its address); withdrawn evidence is not changed.
   */
  async update(id: string, patch: PatchEvidence, actor: ClaimsActor): Promise<Evidence> {
    const current = await this.stored(id);
    if (current.status === 'withdrawn') {
      throw new ConflictError('Withdrawn evidence cannot be changed: add the new evidence instead');
    }
    const merged = Object.fromEntries(
      Object.entries({
        title: current.title,
        source: current.source,
        date: current.date,
        kind: current.kind,
        ...Object.fromEntries(OPTIONAL.map((name) => [name, current[name]])),
        ...patch,
      }).filter(([, value]) => value !== null && value !== undefined),
    );
    const checked = createEvidenceSchema.safeParse(merged);
    if (!checked.success) {
      throw new InvalidError(
        'The evidence would be incomplete: see the fields',
        fieldErrors(checked.error.issues),
      );
    }
    const changed = Object.keys(patch).filter(
      (name) => String(current[name as keyof StoredEvidence]) !== String(merged[name]),
    );
    const at = this.now().toISOString();
    const next: StoredEvidence = {
      ...withoutOptional(current),
      ...checked.data,
      updatedAt: at,
      updatedBy: actor.email,
    };
    await this.replace(current, next, {
      ...auditActor(actor),
      action: 'evidence-update',
      summary: `Evidence "${next.title}" changed${changed.length ? `: ${changed.join(', ')}` : ''}`,
    });
    return this.present(next);
  }

  /** Withdraws current evidence (final), saying why. */
  async withdraw(id: string, reason: string, actor: ClaimsActor): Promise<Evidence> {
    const current = await this.stored(id);
    if (current.status === 'withdrawn') {
      throw new ConflictError('This evidence is already withdrawn');
    }
    const at = this.now().toISOString();
    const next: StoredEvidence = {
      ...current,
      status: 'withdrawn',
      withdrawal: { at, by: actor.email, reason },
      updatedAt: at,
      updatedBy: actor.email,
    };
    await this.replace(current, next, {
      ...auditActor(actor),
      action: 'evidence-withdraw',
      summary: `Evidence "${current.title}" withdrawn: ${reason}`,
    });
    return this.present(next);
  }

  /** Writes `next` over `current` if nobody changed or withdrew it since it was read. */
  private async replace(current: StoredEvidence, next: StoredEvidence, audit: AuditInput) {
    await this.transact({
      items: [
        {
          Put: {
            TableName: this.table,
            Item: { ...keys.evidence(next.id), ...next },
            ConditionExpression: 'updatedAt = :at AND #status = :current',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':at': current.updatedAt, ':current': 'current' },
          },
        },
      ],
      audit,
      onConflict: ([code]) =>
        code === CONDITION_FAILED
          ? new ConflictError('The evidence changed meanwhile; reload and try again')
          : undefined,
    });
  }
}
