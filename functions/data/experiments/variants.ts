// Variants (docs/decisions/0150-experiment-model.md): a draft's variants' content, saved
// with its revision, and their approvals: electronic signatures of a variant's present
// content (its SHA-256), never by one of its authors, kept when the draft is deleted. The
// control is the live page, approved when it was published.
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { LandingContent } from '../../shared/landing-content.ts';
import { CONTROL_ID, type VariantId } from '../../shared/experiments.ts';
import { checklistPart, type Signature, type Signer } from '../../shared/workflow.ts';
import { type SignatureMeaning } from '../../shared/signatures.ts';
import { signatureManifest } from '../audit-item.ts';
import { keys } from '../keys.ts';
import { putNew } from '../table.ts';
import { ExperimentNotFoundError, ExperimentStateError, StaleExperimentError } from './errors.ts';
import { ExperimentReading } from './reading.ts';
import { variantHash, type ExperimentActor, type VariantItem } from './store.ts';

const signatureSuffix = (at: string) => `${at}#${randomUUID().slice(0, 8)}`;

/** The variants layer of the experiments' repository (layers: functions/data/experiments/store.ts). */
export abstract class ExperimentVariants extends ExperimentReading {
  /** A variant's content (a draft's, never the control's). */
  async putVariant(
    id: string,
    variantId: VariantId,
    content: LandingContent,
    revision: number,
    actor: ExperimentActor,
  ): Promise<void> {
    const experiment = await this.required(id);
    if (!experiment.variants.some((variant) => variant.id === variantId)) {
      throw new ExperimentNotFoundError('Variant');
    }
    if (variantId === CONTROL_ID) {
      throw new ExperimentStateError(
        "The control is the page's live version: change it through the page, before the experiment starts",
      );
    }
    if (experiment.status !== 'draft') {
      throw new ExperimentStateError(
        'Variants can only be edited while the experiment is a draft: visitors have seen this content',
      );
    }
    const { variants } = await this.parts(id);
    const stored = variants.get(variantId);
    if (!stored) throw new ExperimentNotFoundError('Variant');
    if (stored.revision !== revision) {
      throw new StaleExperimentError('variant', revision, stored.revision, stored.updatedBy);
    }
    const now = this.now();
    const next = {
      ...keys.variant(id, variantId),
      experimentId: id,
      ...stored,
      content,
      revision: stored.revision + 1,
      contentHash: variantHash(content),
      authors: stored.authors.includes(actor.email)
        ? stored.authors
        : [...stored.authors, actor.email],
      updatedAt: now.toISOString(),
      updatedBy: actor.email,
    };
    const name = experiment.variants.find((variant) => variant.id === variantId)!.name;
    await this.transact({
      items: [
        {
          Put: {
            TableName: this.table,
            Item: next,
            ConditionExpression: 'revision = :revision',
            ExpressionAttributeValues: { ':revision': stored.revision },
          },
        },
        {
          ConditionCheck: {
            TableName: this.table,
            Key: keys.experiment(id),
            ConditionExpression: '#status = :draft',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':draft': 'draft' },
          },
        },
      ],
      audit: this.audit(
        now,
        actor,
        'experiment-variant',
        `${experiment.name}: variant ${name} saved`,
        experiment.pageId,
      ),
      onConflict: () =>
        new ExperimentStateError(
          'The variant or the experiment changed while you saved; reload it and try again',
        ),
    });
  }

  /** An approval of a variant's present content (an e-signature: the route checked identity). */
  async signVariant(
    id: string,
    variantId: VariantId,
    signer: Signer,
    meaning: SignatureMeaning,
    comment: string | undefined,
    actor: ExperimentActor,
  ): Promise<Signature> {
    const experiment = await this.required(id);
    if (variantId === CONTROL_ID) {
      throw new ExperimentStateError(
        'The control is the live page, approved when it was published',
      );
    }
    if (experiment.status !== 'draft') {
      throw new ExperimentStateError('Variants are approved before the experiment starts');
    }
    const { variants, signatures } = await this.parts(id);
    const variant = variants.get(variantId);
    if (!variant) throw new ExperimentNotFoundError('Variant');
    if (variant.authors.includes(signer.email)) {
      throw new ExperimentStateError(
        'You edited this variant, so you cannot approve it: another reviewer must',
      );
    }
    if (
      signatures.some(
        (s) =>
          s.variantId === variantId &&
          s.signerEmail === signer.email &&
          s.contentHash === variant.contentHash,
      )
    ) {
      throw new ExperimentStateError('You have already approved this content');
    }
    const now = this.now();
    const signedAt = now.toISOString();
    const suffix = signatureSuffix(signedAt);
    const record: Omit<Signature, 'current'> = {
      id: suffix,
      signerName: signer.name,
      signerEmail: signer.email,
      signedAt,
      meaning,
      ...(comment ? { comment } : {}),
      ...checklistPart(signer),
      contentHash: variant.contentHash,
      revision: variant.revision,
    };
    const manifest = signatureManifest(signer, signedAt, meaning);
    const name = experiment.variants.find((v) => v.id === variantId)!.name;
    await this.transact({
      items: [
        putNew(this.table, {
          ...keys.variantSignature(id, variantId, suffix),
          experimentId: id,
          variantId,
          ...record,
        }),
        {
          ConditionCheck: {
            TableName: this.table,
            Key: keys.variant(id, variantId),
            ConditionExpression: 'contentHash = :hash',
            ExpressionAttributeValues: { ':hash': variant.contentHash },
          },
        },
      ],
      audit: this.audit(
        now,
        actor,
        'experiment-approve',
        `${experiment.name}: variant ${name} approved by ${manifest.text}; content SHA-256 ${variant.contentHash}`,
        experiment.pageId,
        manifest.signature,
      ),
      onConflict: () =>
        new ExperimentStateError('The variant changed while you signed; review it again'),
    });
    return { ...record, current: true };
  }

  /** A variant's stored content (not the control's). */
  async variantContent(id: string, variantId: VariantId): Promise<LandingContent> {
    const result = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: keys.variant(id, variantId),
        ConsistentRead: true,
      }),
    );
    if (!result.Item) throw new ExperimentNotFoundError('Variant');
    return (result.Item as VariantItem).content;
  }
}
