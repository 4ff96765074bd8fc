// The lead routing in effect (docs/decisions/0180-lead-routing-settings.md): the settings an
// admin saved (functions/data/lead-settings.ts), else the environment's defaults
// (NOTIFY_EMAIL, LEAD_WEBHOOK_URL, LEAD_WEBHOOK_SECRET). Read per use with a short cache,
// so a change applies without a restart: at once in the process that saved it (PUT
// invalidates), within CACHE_MS in every other (the public function, the drainer).
import type { Config } from '../env.ts';
import type { LeadSettingsRepository, StoredLeadSettings } from '../data/lead-settings.ts';
import { leadFormId } from '../shared/leads/basics.ts';
import type { FormType } from '../shared/contact.ts';
import type { AssignmentRule, LeadSettings } from '../shared/leads/settings.ts';
import type { SecretBox } from './secret-box.ts';
import { secretKey } from './signing.ts';

/** How long a process trusts its copy of the settings. */
export const CACHE_MS = 5_000;

export interface Effective {
  source: 'stored' | 'environment';
  recipients: string[];
  perForm: Record<string, string[]>;
  webhook: {
    url: string | null;
    enabled: boolean;
    /** Stored ciphertext, or undefined (then the environment's secret, if any). */
    secretCiphertext?: string;
    environmentSecret?: string;
  };
  /** Owner assignment rules, in order (none until an admin saves some). */
  assignment: AssignmentRule[];
  /** Hours before a reminder about a lead still new; null: off (the default). */
  slaHours: number | null;
  updatedAt?: string;
  updatedBy?: string;
}

/** Where a delivery goes right now, or why it cannot go anywhere. */
export type TargetResolution =
  | { kind: 'target'; url: string; key: Buffer }
  /** Not configured or switched off: deliveries wait, none are stored. */
  | { kind: 'off' }
  /** Configured but unusable (the secret cannot be decrypted): the attempt fails with it. */
  | { kind: 'broken'; url: string; error: string };

/** The form a lead's recipients are looked up by: its own, or its type's built-in form. */
export const routingFormId = leadFormId;

export class LeadRouting {
  private readonly store: LeadSettingsRepository;
  private readonly config: Config;
  readonly box: SecretBox | undefined;
  private readonly cacheMs: number;
  private cached: { at: number; value: Promise<StoredLeadSettings | undefined> } | undefined;
  /** The last decrypted secret, by its ciphertext (decrypting again costs a KMS call). */
  private decrypted: { ciphertext: string; secret: Promise<string> } | undefined;

  constructor(
    store: LeadSettingsRepository,
    config: Config,
    box: SecretBox | undefined,
    options: { cacheMs?: number } = {},
  ) {
    this.store = store;
    this.config = config;
    this.box = box;
    this.cacheMs = options.cacheMs ?? CACHE_MS;
  }

  /** Forget the cached settings (this process just saved new ones). */
  invalidate(): void {
    this.cached = undefined;
  }

  async effective(): Promise<Effective> {
    const nowMs = Date.now();
    if (!this.cached || nowMs - this.cached.at > this.cacheMs) {
      const value = this.store.get();
      this.cached = { at: nowMs, value };
      // A failed read is not cached: the next use asks again.
      value.catch(() => {
        if (this.cached?.value === value) this.cached = undefined;
      });
    }
    const stored = await this.cached.value;
    const env = this.config.env;
    const environmentSecret = env.LEAD_WEBHOOK_SECRET;
    if (!stored) {
      return {
        source: 'environment',
        recipients: env.NOTIFY_EMAIL ?? [],
        perForm: {},
        webhook: {
          url: env.LEAD_WEBHOOK_URL ?? null,
          enabled: Boolean(env.LEAD_WEBHOOK_URL),
          ...(environmentSecret ? { environmentSecret } : {}),
        },
        assignment: [],
        slaHours: null,
      };
    }
    return {
      source: 'stored',
      recipients: stored.recipients,
      perForm: stored.perForm,
      webhook: {
        url: stored.webhook.url,
        enabled: stored.webhook.enabled,
        ...(stored.webhook.secretCiphertext
          ? { secretCiphertext: stored.webhook.secretCiphertext }
          : environmentSecret
            ? { environmentSecret }
            : {}),
      },
      assignment: stored.assignment,
      slaHours: stored.slaHours,
      updatedAt: stored.updatedAt,
      updatedBy: stored.updatedBy,
    };
  }

  /** What the admin sees (never the secret). */
  async view(): Promise<LeadSettings> {
    const settings = await this.effective();
    return {
      source: settings.source,
      recipients: settings.recipients,
      perForm: settings.perForm,
      webhook: {
        url: settings.webhook.url,
        enabled: settings.webhook.enabled,
        secretSet: hasSecret(settings),
      },
      assignment: settings.assignment,
      slaHours: settings.slaHours,
      secretStorage: this.box?.kind ?? 'none',
      ...(settings.updatedAt ? { updatedAt: settings.updatedAt } : {}),
      ...(settings.updatedBy ? { updatedBy: settings.updatedBy } : {}),
    };
  }

  /** Who is e-mailed for a lead of this form (the form's own list, else everyone's). */
  async recipientsFor(lead: {
    formId?: string | undefined;
    formType: FormType;
  }): Promise<string[]> {
    const settings = await this.effective();
    return settings.perForm[routingFormId(lead)] ?? settings.recipients;
  }

  /** Whether new leads get a CRM delivery: a URL, a secret, and the webhook on. */
  async forwards(): Promise<boolean> {
    const settings = await this.effective();
    return Boolean(settings.webhook.enabled && settings.webhook.url && hasSecret(settings));
  }

  /** The target of a delivery attempt made now. */
  async target(): Promise<TargetResolution> {
    const settings = await this.effective();
    const { url, enabled } = settings.webhook;
    if (!enabled || !url || !hasSecret(settings)) return { kind: 'off' };
    try {
      return { kind: 'target', url, key: secretKey(await this.secretOf(settings)) };
    } catch (error) {
      return {
        kind: 'broken',
        url,
        error: `the signing secret could not be read: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }

  /** The plaintext secret in effect (for a test delivery to the saved URL). */
  async secret(): Promise<string | undefined> {
    const settings = await this.effective();
    return hasSecret(settings) ? this.secretOf(settings) : undefined;
  }

  private async secretOf(settings: Effective): Promise<string> {
    const { secretCiphertext, environmentSecret } = settings.webhook;
    if (!secretCiphertext) return environmentSecret!;
    if (!this.box) throw new Error('no key to decrypt it is configured (LEAD_SETTINGS_KMS_KEY)');
    if (this.decrypted?.ciphertext !== secretCiphertext) {
      const secret = this.box.decrypt(secretCiphertext);
      this.decrypted = { ciphertext: secretCiphertext, secret };
      secret.catch(() => {
        if (this.decrypted?.secret === secret) this.decrypted = undefined;
      });
    }
    return this.decrypted.secret;
  }
}

const hasSecret = (settings: Effective) =>
  Boolean(settings.webhook.secretCiphertext ?? settings.webhook.environmentSecret);
