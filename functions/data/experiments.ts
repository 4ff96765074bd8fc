// Experiments (issue 24, docs/decisions/0150-experiment-model.md): A/B tests of a live landing
// page, their variants' content, the variants' approvals, and the per-variant daily counters.
//
// Access patterns and keys (functions/data/keys.ts):
//   an experiment .......... GetItem  pk=EXPERIMENT#<id>  sk=EXPERIMENT
//   its variants, approvals  Query    pk=EXPERIMENT#<id>  (sk VARIANT#<v>, SIGNATURE#<v>#<time>#<n>)
//   experiments of a page .. Query    gsi1pk=EXPERIMENTS  gsi1sk begins_with <pageId>#
//   every experiment ....... Query    gsi1pk=EXPERIMENTS  (the running ones: for the build and
//                                     the event route, cached RUNNING_CACHE_MS per instance)
//   the page's lock ........ Put/Delete/ConditionCheck  pk=PAGE#<pageId> sk=EXPERIMENT-LOCK
//   counters ............... Update   pk=EXPSTATS#<id>    sk=DAY#<day>#<shard>; Query the partition
//   a visitor key .......... Update   pk=EXPVISITORS#<id>#<shard>  sk=<visitor key>  (TTL: KEY_IDLE_DAYS
//                                     after its last event)
//   ended, keys to delete .. Put (in the end's transaction), Query, Delete  pk=EXPVISITORS-ENDED sk=<id>
//   the assignment secret .. functions/data/install-secrets.ts (ASSIGNMENT_SECRET)
//
// The control is the page's live version: it has no variant item, and the page cannot change
// while the lock exists (functions/data/landing-pages.ts checks it in every write's
// transaction), so the control stays what it was when the experiment started.
//
// Units (docs/decisions/0320-experiment-visitor-key.md): a visitor is a visitor key, the
// keyed hash of the address prefix and the user agent's family under the experiment
// (functions/lib/experiment-visitor.ts), for the whole test; a conversion is a visitor with
// the goal. The key's own item holds its marks, so its first event counts it once; each
// counter update (a new visitor or conversion only) goes to one of COUNTER_SHARDS items of
// the day, chosen at random. When the experiment ends, the minute's schedule run deletes its
// keys (sweepEndedVisitors); the TTL is a backstop.
import { createHash, randomUUID } from 'node:crypto';
import {
  DeleteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError } from '../lib/domain-errors.ts';
import type { LandingContent } from '../shared/landing-content.ts';
import { stableStringify } from '../shared/stable-json.ts';
import {
  CONTROL_ID,
  VARIANT_IDS,
  type CreateExperimentRequest,
  type Experiment,
  type ExperimentDetail,
  type ExperimentStatus,
  type Goal,
  type Variant,
  type VariantId,
} from '../shared/experiments.ts';
import { MEANING_LABELS, type Signature, type SignatureMeaning } from '../shared/workflow.ts';
import type { AuditAction } from '../shared/api.ts';
import { auditItem } from './audit.ts';
import { GSI1PK, keys, SK } from './keys.ts';
import type { LandingPage } from './landing-pages.ts';
import { utcDay } from './salts.ts';
import {
  deleteKeys,
  GSI1,
  isConditionalFailure,
  putNew,
  queryAll,
  TableRepository,
} from './table.ts';
import { InstallSecrets } from './install-secrets.ts';

/**
 * Shards of a day's counters: 128 keeps every item under 80 updates a second at 10,000 new
 * visitor-days a second on one experiment (docs/decisions/0082-sharded-counters.md); a quiet day
 * writes only the few it picks, and the results read whichever exist (tiny items, one Query).
 */
export const COUNTER_SHARDS = 128;
/** How long an instance trusts its list of running experiments (the event route's reads). */
export const RUNNING_CACHE_MS = 10_000;
const DAY_SECONDS = 86_400;
/**
 * Partitions of an experiment's visitor keys (the key's bits 32 to 39 choose one, so a
 * visitor always meets the same): each takes at most 1,000 writes a second, so one
 * experiment counts up to 32,000 events a second.
 */
export const VISITOR_SHARDS = 32;
/**
 * A visitor key no event has touched for this long expires (DynamoDB's TTL): a backstop for
 * the deletion at the experiment's end; a visitor away longer than this counts again.
 */
export const KEY_IDLE_DAYS = 90;
/** Visitor keys one sweep deletes at most (the schedule runs every minute). */
export const SWEEP_BUDGET = 5_000;
/** The install secret that keys the assignment (the edge's and the server's). */
export const ASSIGNMENT_SECRET = 'experiment-assignment';

export interface ExperimentActor {
  email: string;
  ip?: string | undefined;
}

/** What the build and the event route need of a running experiment. */
export interface RunningExperiment {
  id: string;
  pageId: string;
  goal: Goal;
  variants: { id: VariantId; weight: number }[];
}

export interface DayCounts {
  day: string;
  variants: Map<VariantId, { visitors: number; conversions: number }>;
}

interface ExperimentItem {
  id: string;
  pageId: string;
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

interface VariantItem {
  variantId: VariantId;
  content: LandingContent;
  revision: number;
  contentHash: string;
  authors: string[];
  updatedAt: string;
  updatedBy: string;
}

type SignatureRecord = Omit<Signature, 'current'> & { variantId: VariantId };

// ---- Refusals ------------------------------------------------------------------------

export class ExperimentNotFoundError extends NotFoundError {
  override name = 'ExperimentNotFoundError';
  constructor(what = 'Experiment') {
    super(`${what} not found`);
  }
}

export class ExperimentStateError extends ConflictError {
  override name = 'ExperimentStateError';
}

export class StaleExperimentError extends ConflictError {
  override name = 'StaleExperimentError';
  constructor(what: 'experiment' | 'variant', expected: number, current: number, by: string) {
    super(`The ${what} was saved by ${by} after you opened it; reload it before you save again`, {
      revision: [`is ${expected}, but the ${what} is at revision ${current} now`],
    });
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** SHA-256 (hex) of a variant's content: what its approvals sign. */
export const variantHash = (content: unknown) => sha256(stableStringify({ content }));

const signatureSuffix = (at: string) => `${at}#${randomUUID().slice(0, 8)}`;

/** The instance's cache of running experiments, per table (shared by every repository). */
const runningCache = new Map<string, { at: number; value: Promise<RunningExperiment[]> }>();

export class ExperimentRepository extends TableRepository {
  private readonly secrets = new InstallSecrets(this.db, this.table, this.now);

  /**
   * The assignment secret as the edge keys its HMAC with (64 hex digits): the build writes
   * the same into the edge's store (functions/site-data/store.ts).
   */
  async assignmentSecret(): Promise<string> {
    return (await this.secrets.get(ASSIGNMENT_SECRET)).toString('hex');
  }

  // ---- Reading -----------------------------------------------------------------------

  private async item(id: string): Promise<ExperimentItem | undefined> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.experiment(id), ConsistentRead: true }),
    );
    return result.Item ? strip<ExperimentItem>(result.Item) : undefined;
  }

  private async required(id: string): Promise<ExperimentItem> {
    const item = await this.item(id);
    if (!item) throw new ExperimentNotFoundError();
    return item;
  }

  /** The variants' items and signatures of an experiment. */
  private async parts(id: string) {
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

  /** The experiment with every variant's content (the control's is the page's `live`). */
  async get(
    id: string,
    live: LandingContent,
    approvalsRequired: number,
  ): Promise<ExperimentDetail> {
    const item = await this.required(id);
    return this.detail(item, live, approvalsRequired);
  }

  /** The page id of an experiment (for the route, which then reads the page). */
  async pageIdOf(id: string): Promise<string> {
    return (await this.required(id)).pageId;
  }

  private async detail(
    item: ExperimentItem,
    live: LandingContent,
    approvalsRequired: number,
  ): Promise<ExperimentDetail> {
    const parts = await this.parts(item.id);
    const liveHash = variantHash(live);
    return {
      ...summary(item, approvalsRequired),
      variants: item.variants.map((meta) => ({
        ...variantOf(item, meta, parts, liveHash),
        content: parts.variants.get(meta.id)?.content ?? live,
      })),
    };
  }

  /**
   * Experiments of a page (or every one), newest first, without contents (so without the
   * control's hash: the live page is not read for a list).
   */
  async list(pageId: string | undefined, approvalsRequired: number): Promise<Experiment[]> {
    const items = await this.all(pageId);
    return Promise.all(
      items.map(async (item) => {
        const parts = await this.parts(item.id);
        return {
          ...summary(item, approvalsRequired),
          variants: item.variants.map((meta) => variantOf(item, meta, parts, '')),
        };
      }),
    );
  }

  private async all(pageId?: string): Promise<ExperimentItem[]> {
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

  /** Running experiments (not paused ones: a paused experiment serves only its control). */
  async running(): Promise<RunningExperiment[]> {
    const items = await this.all();
    return items
      .filter((item) => item.status === 'running')
      .map((item) => ({
        id: item.id,
        pageId: item.pageId,
        goal: item.goal,
        variants: item.variants.map(({ id, weight }) => ({ id, weight })),
      }));
  }

  /** The running experiment of a page, from this instance's cache of running experiments. */
  async runningFor(pageId: string): Promise<RunningExperiment | undefined> {
    const cached = runningCache.get(this.table);
    const now = Date.now();
    let value = cached && now - cached.at < RUNNING_CACHE_MS ? cached.value : undefined;
    if (!value) {
      value = this.running();
      value.catch(() => runningCache.delete(this.table));
      runningCache.set(this.table, { at: now, value });
    }
    return (await value).find((experiment) => experiment.pageId === pageId);
  }

  /** A running experiment by id, from the same cache. */
  async runningById(id: string): Promise<RunningExperiment | undefined> {
    await this.runningFor('');
    return (await runningCache.get(this.table)?.value)?.find((experiment) => experiment.id === id);
  }

  private forgetRunning() {
    runningCache.delete(this.table);
  }

  // ---- Writing -----------------------------------------------------------------------

  /** A draft experiment on `page`; variants without content start as copies of the live page. */
  async create(
    page: LandingPage,
    body: Required<Pick<CreateExperimentRequest, 'name' | 'goal' | 'minDays' | 'minVisitors'>> &
      Pick<CreateExperimentRequest, 'hypothesis'> & {
        variants: { name: string; weight: number; content?: LandingContent | undefined }[];
      },
    actor: ExperimentActor,
  ): Promise<ExperimentItem> {
    const now = this.now();
    const at = now.toISOString();
    const id = randomUUID();
    const item: ExperimentItem = {
      id,
      pageId: page.id,
      name: body.name,
      ...(body.hypothesis ? { hypothesis: body.hypothesis } : {}),
      goal: body.goal,
      status: 'draft',
      minDays: body.minDays,
      minVisitors: body.minVisitors,
      revision: 1,
      createdAt: at,
      createdBy: actor.email,
      variants: body.variants.map((variant, index) => ({
        id: VARIANT_IDS[index]!,
        name: variant.name,
        weight: variant.weight,
      })),
    };
    const variantItems = body.variants.slice(1).map((variant, index) => {
      const content = variant.content ?? page.content;
      const variantId = VARIANT_IDS[index + 1]!;
      return {
        ...keys.variant(id, variantId),
        experimentId: id,
        variantId,
        content,
        revision: 1,
        contentHash: variantHash(content),
        // A variant handed in with its own content was written by its creator; a copy of
        // the live page was written by whoever published that.
        authors: variant.content ? [actor.email] : [],
        updatedAt: at,
        updatedBy: actor.email,
      };
    });
    await this.db.send(
      new TransactWriteCommand({
        TransactItems: [
          putNew(this.table, this.experimentItem(item)),
          ...variantItems.map((variant) => putNew(this.table, variant)),
          this.audit(now, actor, 'experiment-create', `${item.name}: created (draft)`, page.id),
        ],
      }),
    );
    return item;
  }

  private experimentItem(item: ExperimentItem) {
    return {
      ...keys.experiment(item.id),
      gsi1pk: GSI1PK.experiments,
      gsi1sk: `${item.pageId}#${item.createdAt}`,
      ...item,
    };
  }

  /** Replaces the experiment item if it is still at `expected`'s revision. */
  private async replace(
    current: ExperimentItem,
    next: ExperimentItem,
    more: object[] = [],
  ): Promise<void> {
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: this.experimentItem(next),
                ConditionExpression: 'revision = :revision',
                ExpressionAttributeValues: { ':revision': current.revision },
              },
            },
            ...more,
          ],
        }),
      );
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
      const latest = await this.item(current.id);
      if (latest && latest.revision !== current.revision) {
        throw new StaleExperimentError('experiment', current.revision, latest.revision, 'someone');
      }
      throw error;
    }
    this.forgetRunning();
  }

  /** A draft's settings and its variants' names and shares. */
  async update(
    id: string,
    patch: {
      name?: string | undefined;
      hypothesis?: string | undefined;
      goal?: Goal | undefined;
      minDays?: number | undefined;
      minVisitors?: number | undefined;
      variants?: { name: string; weight: number }[] | undefined;
      revision: number;
    },
    actor: ExperimentActor,
  ): Promise<ExperimentItem> {
    const current = await this.required(id);
    if (current.revision !== patch.revision) {
      throw new StaleExperimentError(
        'experiment',
        patch.revision,
        current.revision,
        current.createdBy,
      );
    }
    if (current.status !== 'draft') {
      throw new ExperimentStateError(
        'Only a draft experiment can be changed: its visitors were counted with these settings',
      );
    }
    if (patch.variants && patch.variants.length !== current.variants.length) {
      throw new ExperimentStateError(
        `The experiment has ${current.variants.length} variants: send all of them, in order`,
        { variants: [`must have ${current.variants.length} items`] },
      );
    }
    const next: ExperimentItem = {
      ...current,
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.hypothesis !== undefined ? { hypothesis: patch.hypothesis } : {}),
      ...(patch.goal !== undefined ? { goal: patch.goal } : {}),
      ...(patch.minDays !== undefined ? { minDays: patch.minDays } : {}),
      ...(patch.minVisitors !== undefined ? { minVisitors: patch.minVisitors } : {}),
      ...(patch.variants
        ? {
            variants: current.variants.map((variant, index) => ({
              ...variant,
              name: patch.variants![index]!.name,
              weight: patch.variants![index]!.weight,
            })),
          }
        : {}),
      revision: current.revision + 1,
    };
    await this.replace(current, next, [
      this.audit(
        this.now(),
        actor,
        'experiment-update',
        `${next.name}: settings changed`,
        current.pageId,
      ),
    ]);
    return next;
  }

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
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
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
            this.audit(
              now,
              actor,
              'experiment-variant',
              `${experiment.name}: variant ${name} saved`,
              experiment.pageId,
            ),
          ],
        }),
      );
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
      throw new ExperimentStateError(
        'The variant or the experiment changed while you saved; reload it and try again',
      );
    }
  }

  /** Deletes a draft with its variants (an experiment that ran keeps its results). */
  async deleteDraft(id: string, actor: ExperimentActor): Promise<void> {
    const experiment = await this.required(id);
    if (experiment.status !== 'draft') {
      throw new ExperimentStateError(
        'Only a draft can be deleted: an experiment that ran keeps its results',
      );
    }
    const { variants, signatures } = await this.parts(id);
    await this.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: this.table,
              Key: keys.experiment(id),
              ConditionExpression: 'revision = :revision AND #status = :draft',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':revision': experiment.revision, ':draft': 'draft' },
            },
          },
          ...[...variants.keys()].map((variantId) => ({
            Delete: { TableName: this.table, Key: keys.variant(id, variantId) },
          })),
          this.audit(
            this.now(),
            actor,
            'experiment-delete',
            `${experiment.name}: deleted (draft)`,
            experiment.pageId,
          ),
        ],
      }),
    );
    // Signatures of a deleted draft are records of what was signed: kept, like a page's.
    void signatures;
  }

  /** An approval of a variant's present content (an e-signature: the route checked identity). */
  async signVariant(
    id: string,
    variantId: VariantId,
    signer: { email: string; name: string },
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
      contentHash: variant.contentHash,
      revision: variant.revision,
    };
    const name = experiment.variants.find((v) => v.id === variantId)!.name;
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
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
            this.audit(
              now,
              actor,
              'experiment-approve',
              `${experiment.name}: variant ${name} approved by ${signer.name} <${signer.email}>, ${signedAt.slice(0, 16).replace('T', ' ')} UTC, ${MEANING_LABELS[meaning]}; content SHA-256 ${variant.contentHash}`,
              experiment.pageId,
            ),
          ],
        }),
      );
    } catch (error) {
      if (isConditionalFailure(error)) {
        throw new ExperimentStateError('The variant changed while you signed; review it again');
      }
      throw error;
    }
    return { ...record, current: true };
  }

  /**
   * Starts a draft (or resumes a paused experiment). A draft takes the page's lock, so the
   * live page (the control) cannot change while the experiment runs; `approvalsRequired`
   * distinct current approvals are needed on every variant but the control.
   */
  async start(
    id: string,
    page: LandingPage,
    approvalsRequired: number,
    actor: ExperimentActor,
  ): Promise<ExperimentItem> {
    const current = await this.required(id);
    if (current.status === 'running')
      throw new ExperimentStateError('The experiment is already running');
    if (current.status === 'stopped') {
      throw new ExperimentStateError(
        'An ended experiment cannot start again: create a new one (its results stay here)',
      );
    }
    if (!page.isActive) {
      throw new ExperimentStateError(
        'The page is not live: publish it first, an experiment compares variants of a live page',
      );
    }
    if (current.status === 'draft' && approvalsRequired > 0) {
      const { variants, signatures } = await this.parts(id);
      const missing = current.variants
        .filter((meta) => meta.id !== CONTROL_ID)
        .filter((meta) => {
          const hash = variants.get(meta.id)?.contentHash;
          const signers = new Set(
            signatures
              .filter((s) => s.variantId === meta.id && s.contentHash === hash)
              .map((s) => s.signerEmail),
          );
          return signers.size < approvalsRequired;
        });
      if (missing.length) {
        throw new ExperimentStateError(
          `Every variant needs ${approvalsRequired} approval${approvalsRequired === 1 ? '' : 's'} of its current content before the experiment starts: ${missing.map((m) => m.name).join(', ')} ${missing.length === 1 ? 'does' : 'do'} not have ${approvalsRequired === 1 ? 'it' : 'them'} yet`,
        );
      }
    }
    const now = this.now();
    const at = now.toISOString();
    const next: ExperimentItem = {
      ...current,
      status: 'running',
      revision: current.revision + 1,
      ...(current.status === 'draft' ? { startedAt: at, controlRevision: page.revision } : {}),
    };
    delete next.pausedAt;
    const lock =
      current.status === 'draft'
        ? [
            {
              Put: {
                TableName: this.table,
                Item: { ...keys.experimentLock(page.id), experimentId: id, name: current.name, at },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            // The control is the page as read: a write since then fails the start.
            {
              ConditionCheck: {
                TableName: this.table,
                Key: keys.page(page.id),
                ConditionExpression: 'revision = :revision',
                ExpressionAttributeValues: { ':revision': page.revision },
              },
            },
          ]
        : [];
    try {
      await this.replace(current, next, [
        ...lock,
        this.audit(
          now,
          actor,
          'experiment-start',
          `${current.name}: ${current.status === 'draft' ? 'started' : 'resumed'} on /${page.slug}`,
          page.id,
        ),
      ]);
    } catch (error) {
      if (error instanceof StaleExperimentError || !isConditionalFailure(error)) throw error;
      const locked = await this.lockOf(page.id);
      if (locked && locked.experimentId !== id) {
        throw new ExperimentStateError(
          `Another experiment ("${locked.name}") is running or paused on this page: end it first`,
        );
      }
      throw new ExperimentStateError('The page changed while the experiment started; try again');
    }
    return next;
  }

  async pause(id: string, actor: ExperimentActor): Promise<ExperimentItem> {
    const current = await this.required(id);
    if (current.status !== 'running')
      throw new ExperimentStateError('Only a running experiment can be paused');
    const now = this.now();
    const next: ExperimentItem = {
      ...current,
      status: 'paused',
      pausedAt: now.toISOString(),
      revision: current.revision + 1,
    };
    await this.replace(current, next, [
      this.audit(now, actor, 'experiment-pause', `${current.name}: paused`, current.pageId),
    ]);
    return next;
  }

  /** Ends a running or paused experiment (its results stay readable); frees the page. */
  async stop(
    id: string,
    actor: ExperimentActor,
    promoted?: { variantId: VariantId; name: string },
  ): Promise<ExperimentItem> {
    const current = await this.required(id);
    if (current.status === 'draft') {
      throw new ExperimentStateError('A draft has not started: delete it instead');
    }
    if (current.status === 'stopped' && (!promoted || current.promotedVariantId)) {
      throw new ExperimentStateError(
        current.promotedVariantId
          ? 'A variant of this experiment was promoted already'
          : 'The experiment has ended already',
      );
    }
    const now = this.now();
    const at = now.toISOString();
    const next: ExperimentItem = {
      ...current,
      status: 'stopped',
      stoppedAt: current.stoppedAt ?? at,
      revision: current.revision + 1,
      ...(promoted ? { promotedVariantId: promoted.variantId, promotedAt: at } : {}),
    };
    delete next.pausedAt;
    await this.replace(current, next, [
      ...(current.status === 'stopped'
        ? []
        : [
            {
              Delete: {
                TableName: this.table,
                Key: keys.experimentLock(current.pageId),
                ConditionExpression: 'experimentId = :id',
                ExpressionAttributeValues: { ':id': id },
              },
            },
            // Its visitor keys serve no purpose any more: the next sweep deletes them.
            { Put: { TableName: this.table, Item: { ...keys.endedExperimentVisitors(id), at } } },
          ]),
      this.audit(
        now,
        actor,
        promoted ? 'experiment-promote' : 'experiment-stop',
        promoted
          ? `${current.name}: ended, variant ${promoted.name} promoted`
          : `${current.name}: ended`,
        current.pageId,
      ),
    ]);
    return next;
  }

  /** The experiment holding a page's lock, if any. */
  async lockOf(pageId: string): Promise<{ experimentId: string; name: string } | undefined> {
    const result = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: keys.experimentLock(pageId),
        ConsistentRead: true,
      }),
    );
    return result.Item as { experimentId: string; name: string } | undefined;
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

  // ---- Counting ----------------------------------------------------------------------

  /**
   * Counts an event of the visitor `key` (functions/lib/experiment-visitor.ts visitorKey,
   * whose variant the caller checked is `variantId`): the key's first event of the experiment
   * makes it a visitor, its first goal event a conversion (and a visitor, when the goal came
   * first), each on the day it happens. One write on the key's own item per event, whose
   * answer says whether it was new; a counter update only for a new visitor or conversion.
   */
  async count(
    experiment: RunningExperiment,
    variantId: VariantId,
    key: string,
    kind: 'view' | 'goal',
  ): Promise<void> {
    const now = this.now();
    const day = utcDay(now);
    const goal = kind === 'goal';
    const result = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: keys.experimentVisitor(experiment.id, visitorShard(key), key),
        UpdateExpression: `ADD #v :one${goal ? ', #g :one' : ''} SET expiresAt = :expires`,
        ExpressionAttributeNames: { '#v': 'views', ...(goal ? { '#g': 'goals' } : {}) },
        ExpressionAttributeValues: {
          ':one': 1,
          ':expires': Math.floor(now.getTime() / 1000) + KEY_IDLE_DAYS * DAY_SECONDS,
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const marks = result.Attributes ?? {};
    const visitors = Number(marks['views']) === 1 ? 1 : 0;
    const conversions = goal && Number(marks['goals']) === 1 ? 1 : 0;
    if (!visitors && !conversions) return;
    const shard = Math.floor(Math.random() * COUNTER_SHARDS);
    const adds: string[] = [];
    const names: Record<string, string> = {};
    if (visitors) {
      adds.push('#vis :one');
      names['#vis'] = `v:${variantId}`;
    }
    if (conversions) {
      adds.push('#conv :one');
      names['#conv'] = `c:${variantId}`;
    }
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: keys.experimentDay(experiment.id, day, shard),
        UpdateExpression: `ADD ${adds.join(', ')} SET #day = :day`,
        ExpressionAttributeNames: { ...names, '#day': 'day' },
        ExpressionAttributeValues: { ':one': 1, ':day': day },
      }),
    );
  }

  /**
   * Deletes the visitor keys of ended experiments, at most `budget` a run, and forgets an
   * experiment once none is left. The schedule runs it every minute (functions/publishing/
   * lambda.ts, functions/server/local-stack.ts); Queries of the keys' own partitions, never
   * a Scan.
   */
  async sweepEndedVisitors(budget = SWEEP_BUDGET): Promise<{ deleted: number; pending: number }> {
    const ended = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.endedExperimentVisitors('').pk },
      ProjectionExpression: 'sk',
    });
    let deleted = 0;
    let pending = 0;
    for (const { sk } of ended) {
      const id = String(sk);
      let left = false;
      for (let shard = 0; shard < VISITOR_SHARDS; shard++) {
        if (deleted >= budget) {
          left = true;
          break;
        }
        const page = await this.db.send(
          new QueryCommand({
            TableName: this.table,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': keys.experimentVisitorsPartition(id, shard) },
            ProjectionExpression: 'pk, sk',
            Limit: budget - deleted,
          }),
        );
        const found = (page.Items ?? []).map((item) => ({ pk: item['pk'], sk: item['sk'] }));
        await deleteKeys(this.db, this.table, found);
        deleted += found.length;
        if (page.LastEvaluatedKey) left = true;
      }
      if (left) pending++;
      else {
        await this.db.send(
          new DeleteCommand({ TableName: this.table, Key: keys.endedExperimentVisitors(id) }),
        );
      }
    }
    return { deleted, pending };
  }

  /** Per day (oldest first), each variant's visitors and conversions, shards summed. */
  async counters(id: string): Promise<DayCounts[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.experimentStatsPartition(id) },
    });
    const days = new Map<string, DayCounts>();
    for (const item of items) {
      const day = String(item['day']);
      let entry = days.get(day);
      if (!entry) {
        entry = { day, variants: new Map() };
        days.set(day, entry);
      }
      for (const variantId of VARIANT_IDS) {
        const visitors = Number(item[`v:${variantId}`] ?? 0);
        const conversions = Number(item[`c:${variantId}`] ?? 0);
        if (!visitors && !conversions) continue;
        const sum = entry.variants.get(variantId) ?? { visitors: 0, conversions: 0 };
        sum.visitors += visitors;
        sum.conversions += conversions;
        entry.variants.set(variantId, sum);
      }
    }
    return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
  }

  /** Removes an experiment's counters (tests and restore only). */
  async clearCounters(id: string): Promise<void> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.experimentStatsPartition(id) },
      ProjectionExpression: 'pk, sk',
    });
    await deleteKeys(this.db, this.table, items);
  }

  private audit(
    now: Date,
    actor: ExperimentActor,
    action: AuditAction,
    summary: string,
    pageId: string,
  ) {
    return auditItem(this.table, now, {
      actor: actor.email,
      action,
      summary,
      pageId,
      ...(actor.ip ? { ip: actor.ip } : {}),
    }).put;
  }
}

/**
 * A variant as the API shows it: its stored item (the control has none: its revision and
 * dates are the experiment's, its hash `controlHash`), and its approvals, current while they
 * sign its present content.
 */
function variantOf(
  item: ExperimentItem,
  meta: ExperimentItem['variants'][number],
  parts: { variants: Map<VariantId, VariantItem>; signatures: SignatureRecord[] },
  controlHash: string,
): Variant {
  const stored = parts.variants.get(meta.id);
  const hash = stored?.contentHash ?? controlHash;
  return {
    id: meta.id,
    name: meta.name,
    weight: meta.weight,
    control: meta.id === CONTROL_ID,
    revision: stored?.revision ?? item.revision,
    contentHash: hash,
    updatedAt: stored?.updatedAt ?? item.createdAt,
    updatedBy: stored?.updatedBy ?? item.createdBy,
    authors: stored?.authors ?? [],
    approvals: parts.signatures
      .filter((s) => s.variantId === meta.id)
      .map(({ variantId: _variantId, ...record }) => ({
        ...record,
        current: hash !== '' && record.contentHash === hash,
      }))
      .reverse(),
  };
}

/** The partition of a visitor key: bits 32 to 39 (the assignment uses bits 0 to 31). */
const visitorShard = (key: string) => parseInt(key.slice(8, 10), 16) % VISITOR_SHARDS;

/** The experiment's fields of the API's answer, without its variants. */
function summary(item: ExperimentItem, approvalsRequired: number): Omit<Experiment, 'variants'> {
  return {
    id: item.id,
    pageId: item.pageId,
    name: item.name,
    ...(item.hypothesis ? { hypothesis: item.hypothesis } : {}),
    goal: item.goal,
    status: item.status,
    minDays: item.minDays,
    minVisitors: item.minVisitors,
    revision: item.revision,
    createdAt: item.createdAt,
    createdBy: item.createdBy,
    ...(item.startedAt ? { startedAt: item.startedAt } : {}),
    ...(item.pausedAt ? { pausedAt: item.pausedAt } : {}),
    ...(item.stoppedAt ? { stoppedAt: item.stoppedAt } : {}),
    ...(item.promotedVariantId ? { promotedVariantId: item.promotedVariantId } : {}),
    ...(item.promotedAt ? { promotedAt: item.promotedAt } : {}),
    ...(item.controlRevision ? { controlRevision: item.controlRevision } : {}),
    approvalsRequired,
  };
}

const KEY_ATTRIBUTES = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'experimentId']);

/** An item without its keys (and its partition's id): the stored record. */
function strip<T>(item: Record<string, unknown>): T {
  return Object.fromEntries(
    Object.entries(item).filter(([name]) => !KEY_ATTRIBUTES.has(name)),
  ) as T;
}
