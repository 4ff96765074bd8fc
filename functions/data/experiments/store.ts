// Experiments (issue 24, docs/decisions/0150-experiment-model.md): A/B tests of a live landing
// page, their variants' content, the variants' approvals, and the per-variant daily counters.
//
// What every part of an experiment's storage shares. The repository is built in layers, a
// file per concern, each class extending the one below, so `ctx.experiments` stays one object
// (functions/lib/context.ts):
//   store.ts ...... this file: the items' shapes, reading an experiment and its parts, audit
//   serving.ts .... the running experiments (cached per instance) and the assignment secret
//   counters.ts ... counting visitors and conversions per variant, the days' counters, and
//                   deleting ended experiments' visitor keys
//   reading.ts .... an experiment with its variants and approvals, as the API shows it
//   variants.ts ... a variant's content and its approvals (electronic signatures)
//   drafts.ts ..... create, change and delete a draft; the revisioned write every change uses
//   lifecycle.ts .. start (the page's lock), pause, end or promote
//   repository.ts . ExperimentRepository, the top layer
//
// Access patterns and keys (functions/data/keys.ts):
//   an experiment .......... GetItem  pk=EXPERIMENT#<id>  sk=EXPERIMENT
//   its variants, approvals  Query    pk=EXPERIMENT#<id>  (sk VARIANT#<v>, SIGNATURE#<v>#<time>#<n>)
//   experiments of a page .. Query    gsi1pk=EXPERIMENTS  gsi1sk begins_with <pageId>#
//   every experiment ....... Query    gsi1pk=EXPERIMENTS  (the running ones: for the build and
//                                     the event route, cached RUNNING_CACHE_MS per instance)
//   the page's lock ........ Put/Delete/ConditionCheck  pk=PAGE#<pageId> sk=EXPERIMENT-LOCK
//                                     (a localized experiment's: its version's, PAGE#<pageId>.<locale>)
//   counters ............... Update   pk=EXPSTATS#<id>    sk=DAY#<day>#<shard>; Query the partition
//   a visitor key .......... Update   pk=EXPVISITORS#<id>#<shard>  sk=<visitor key>  (TTL: KEY_IDLE_DAYS
//                                     after its last event)
//   ended, keys to delete .. Put (in the end's transaction), Query, Delete  pk=EXPVISITORS-ENDED sk=<id>
//   the assignment secret .. functions/data/install-secrets.ts (ASSIGNMENT_SECRET)
//
// The control is the page's live version: it has no variant item, and the page cannot change
// while the lock exists (functions/data/landing-pages/changes.ts checks it in every write's
// transaction), so the control stays what it was when the experiment started.
import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { LandingContent } from '../../shared/landing-content.ts';
import type { ExperimentStatus, Goal, VariantId } from '../../shared/experiments.ts';
import type { Signature } from '../../shared/workflow.ts';
import type { AuditAction, AuditSignature } from '../../shared/api/audit.ts';
import { stableStringify } from '../../shared/stable-json.ts';
import { auditItem } from '../audit.ts';
import { GSI1PK, keys, SK } from '../keys.ts';
import { GSI1, queryAll, TableRepository } from '../table.ts';
import { translationId } from '../../shared/translation-ids.ts';
import { ExperimentNotFoundError } from './errors.ts';

export interface ExperimentActor {
  email: string;
  ip?: string | undefined;
}

export interface ExperimentItem {
  id: string;
  /** The landing page's own id (the default locale's), whichever locale the experiment runs in. */
  pageId: string;
  /** The locale of the version it runs on (issue 39); absent: the default locale's, the page. */
  locale?: string;
  name: string;
  hypothesis?: string;
  goal: Goal;
  status: ExperimentStatus;
  minDays: number;
  minVisitors: number;
  revision: number;
  createdAt: string;
  createdBy: string;
  startedAt?: string;
  pausedAt?: string;
  stoppedAt?: string;
  promotedVariantId?: VariantId;
  promotedAt?: string;
  controlRevision?: number;
  variants: { id: VariantId; name: string; weight: number }[];
}

export interface VariantItem {
  variantId: VariantId;
  content: LandingContent;
  revision: number;
  contentHash: string;
  authors: string[];
  updatedAt: string;
  updatedBy: string;
}

export type SignatureRecord = Omit<Signature, 'current'> & { variantId: VariantId };

/**
 * The id of the page an experiment runs on (its control, its lock): the page's, or its
 * version's in the experiment's locale (`<page id>.<locale>`,
 * docs/decisions/0576-experiments-per-locale.md).
 */
export const targetPageId = (item: Pick<ExperimentItem, 'pageId' | 'locale'>) =>
  item.locale ? translationId(item.pageId, item.locale) : item.pageId;

const KEY_ATTRIBUTES = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'experimentId']);

/** An item without its keys (and its partition's id): the stored record. */
function strip<T>(item: Record<string, unknown>): T {
  return Object.fromEntries(
    Object.entries(item).filter(([name]) => !KEY_ATTRIBUTES.has(name)),
  ) as T;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** SHA-256 (hex) of a variant's content: what its approvals sign. */
export const variantHash = (content: unknown) => sha256(stableStringify({ content }));

/** The base layer of the experiments' repository (layers: the header above). */
export abstract class ExperimentStore extends TableRepository {
  protected async item(id: string): Promise<ExperimentItem | undefined> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.experiment(id), ConsistentRead: true }),
    );
    return result.Item ? strip<ExperimentItem>(result.Item) : undefined;
  }

  protected async required(id: string): Promise<ExperimentItem> {
    const item = await this.item(id);
    if (!item) throw new ExperimentNotFoundError();
    return item;
  }

  /** The variants' items and signatures of an experiment. */
  protected async parts(id: string) {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.experimentPartition(id) },
      ConsistentRead: true,
    });
    const variants = new Map<VariantId, VariantItem>();
    const signatures: SignatureRecord[] = [];
    for (const item of items) {
      const sk = String(item['sk']);
      if (sk.startsWith(SK.variant)) {
        const variant = strip<VariantItem>(item);
        variants.set(variant.variantId, variant);
      } else if (sk.startsWith(SK.signature)) {
        signatures.push(strip<SignatureRecord>(item));
      }
    }
    return { variants, signatures };
  }

  protected async all(pageId?: string): Promise<ExperimentItem[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      IndexName: GSI1,
      KeyConditionExpression: pageId
        ? 'gsi1pk = :pk AND begins_with(gsi1sk, :page)'
        : 'gsi1pk = :pk',
      ExpressionAttributeValues: {
        ':pk': GSI1PK.experiments,
        ...(pageId ? { ':page': `${pageId}#` } : {}),
      },
      ScanIndexForward: false,
    });
    return items.map((item) => strip<ExperimentItem>(item));
  }

  protected audit(
    now: Date,
    actor: ExperimentActor,
    action: AuditAction,
    summary: string,
    pageId: string,
    signature?: AuditSignature,
  ) {
    return auditItem(this.table, now, {
      actor: actor.email,
      action,
      summary,
      pageId,
      ...(actor.ip ? { ip: actor.ip } : {}),
      ...(signature ? { signature } : {}),
    }).put;
  }
}
