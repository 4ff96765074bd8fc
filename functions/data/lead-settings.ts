// The lead routing settings (issue 26, docs/decisions/0180-lead-routing-settings.md) and the
// CRM webhook's delivery log.
//
// Access patterns and keys (functions/data/keys.ts):
//   the settings ........ GetItem / Put  pk=SETTINGS    sk=LEAD-ROUTING
//                          (Put in one transaction with its audit entry)
//   delivery log ......... Put            pk=DELIVERIES  sk=<ISO time>#<random>  (TTL 30 days)
//   the last 20 .......... Query          pk=DELIVERIES  newest first, Limit 20
//   a rule's turn ........ UpdateItem     pk=SETTINGS    sk=ASSIGNMENT#<rule id>  (ADD turns 1)
// The turn counter makes a round-robin rule fair under concurrent leads: each lead gets its
// own number from one atomic ADD, so N leads at once take N consecutive turns
// (docs/decisions/0390-lead-assignment-rules.md).
// The webhook's signing secret is stored only as ciphertext (functions/webhooks/secret-
// box.ts); its key is never in this table.
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  ASSIGNMENT_MODES,
  type AssignmentRule,
  type DeliveryLogEntry,
} from '../shared/leads/settings.ts';
import { auditActor } from './audit.ts';
import { keys } from './keys.ts';
import { TableRepository, TTL_ATTRIBUTE } from './table.ts';

/** Log lines are kept a month; the screen shows the last 20. */
const LOG_RETENTION_DAYS = 30;

export interface StoredLeadSettings {
  recipients: string[];
  perForm: Record<string, string[]>;
  webhook: {
    url: string | null;
    enabled: boolean;
    /** The signing secret, encrypted (secret-box.ts); absent: LEAD_WEBHOOK_SECRET, if any. */
    secretCiphertext?: string;
  };
  /** Owner assignment rules, in order (issue 35). */
  assignment: AssignmentRule[];
  /** Hours before a reminder about a lead still new; null: off. */
  slaHours: number | null;
  updatedAt: string;
  updatedBy: string;
}

/** Rules as stored; an item of an older release has none, and a malformed one is dropped. */
function toRules(value: unknown): AssignmentRule[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw: unknown) => {
    if (!raw || typeof raw !== 'object') return [];
    const rule = raw as Record<string, unknown>;
    const owners = Array.isArray(rule['owners'])
      ? rule['owners'].filter((owner): owner is string => typeof owner === 'string')
      : [];
    const mode = ASSIGNMENT_MODES.find((candidate) => candidate === rule['mode']);
    if (typeof rule['id'] !== 'string' || owners.length === 0 || !mode) return [];
    const field = rule['field'] as Record<string, unknown> | undefined;
    return [
      {
        id: rule['id'],
        ...(typeof rule['formId'] === 'string' ? { formId: rule['formId'] } : {}),
        ...(field && typeof field['name'] === 'string' && typeof field['equals'] === 'string'
          ? { field: { name: field['name'], equals: field['equals'] } }
          : {}),
        owners,
        mode,
      },
    ];
  });
}

function toSettings(item: Record<string, unknown>): StoredLeadSettings {
  const webhook = (item['webhook'] ?? {}) as Record<string, unknown>;
  return {
    recipients: Array.isArray(item['recipients']) ? (item['recipients'] as string[]) : [],
    perForm:
      item['perForm'] && typeof item['perForm'] === 'object'
        ? (item['perForm'] as Record<string, string[]>)
        : {},
    webhook: {
      url: typeof webhook['url'] === 'string' ? webhook['url'] : null,
      enabled: webhook['enabled'] === true,
      ...(typeof webhook['secretCiphertext'] === 'string'
        ? { secretCiphertext: webhook['secretCiphertext'] }
        : {}),
    },
    assignment: toRules(item['assignment']),
    slaHours: typeof item['slaHours'] === 'number' ? item['slaHours'] : null,
    updatedAt: String(item['updatedAt'] ?? ''),
    updatedBy: String(item['updatedBy'] ?? ''),
  };
}

export class LeadSettingsRepository extends TableRepository {
  async get(): Promise<StoredLeadSettings | undefined> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.leadSettings(), ConsistentRead: true }),
    );
    return result.Item ? toSettings(result.Item) : undefined;
  }

  /** Saves the settings and their audit entry in one transaction (the entry never holds the secret). */
  async put(
    settings: Omit<StoredLeadSettings, 'updatedAt' | 'updatedBy'>,
    actor: { email: string; ip?: string | undefined },
    summary: string,
  ): Promise<StoredLeadSettings> {
    const now = this.now();
    const stored: StoredLeadSettings = {
      ...settings,
      updatedAt: now.toISOString(),
      updatedBy: actor.email,
    };
    await this.transact({
      now,
      items: [{ Put: { TableName: this.table, Item: { ...keys.leadSettings(), ...stored } } }],
      audit: { ...auditActor(actor), action: 'settings', summary },
    });
    return stored;
  }

  /**
   * The next turn of a round-robin rule: 1, 2, 3, ... one atomic ADD per call, so leads
   * arriving at once never share a turn.
   */
  async nextTurn(ruleId: string): Promise<number> {
    const result = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: keys.assignmentTurn(ruleId),
        UpdateExpression: 'ADD turns :one SET updatedAt = :now',
        ExpressionAttributeValues: { ':one': 1, ':now': this.now().toISOString() },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(result.Attributes?.['turns'] ?? 1);
  }

  /** One line of the delivery log (a lead's attempt or a test), kept LOG_RETENTION_DAYS. */
  async recordDelivery(entry: DeliveryLogEntry): Promise<void> {
    const now = this.now();
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...keys.delivery(`${entry.at}#${randomUUID().slice(0, 8)}`),
          ...entry,
          [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + LOG_RETENTION_DAYS * 86400,
        },
      }),
    );
  }

  /** The newest `limit` lines, newest first (expired ones the TTL has not removed yet skipped). */
  async deliveries(limit: number): Promise<DeliveryLogEntry[]> {
    const nowSeconds = Math.floor(this.now().getTime() / 1000);
    const result = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.deliveriesPartition() },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (result.Items ?? [])
      .filter((item) => Number(item[TTL_ATTRIBUTE] ?? Infinity) > nowSeconds)
      .map((item) => {
        const entry: DeliveryLogEntry = {
          at: String(item['at']),
          kind: item['kind'] === 'test' ? 'test' : 'lead',
          trigger: (['automatic', 'manual', 'test'] as const).find((t) => t === item['trigger'])
            ? (item['trigger'] as DeliveryLogEntry['trigger'])
            : 'automatic',
          outcome: item['outcome'] === 'delivered' ? 'delivered' : 'failed',
        };
        if (typeof item['leadId'] === 'string') entry.leadId = item['leadId'];
        if (typeof item['httpStatus'] === 'number') entry.httpStatus = item['httpStatus'];
        if (typeof item['error'] === 'string') entry.error = item['error'];
        if (typeof item['host'] === 'string') entry.host = item['host'];
        if (typeof item['durationMs'] === 'number') entry.durationMs = item['durationMs'];
        return entry;
      });
  }
}
