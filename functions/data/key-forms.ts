// The forms of the one DynamoDB table's keys: every partition and sort key prefix or literal
// (docs/decisions/0123-keys-as-data.md). The builders that join them to their variable parts,
// and the rules they follow, are in functions/data/keys.ts, which re-exports these: the
// repositories import both from there. functions/data/keys.test.ts checks that no two forms can
// produce the same key and that no file but these two spells a key prefix itself.
//
// The strings are stored data: changing one strands every item written with the old one.
//
// A form ending in '#' is a prefix followed by a variable part (an id, a hash, a date);
// any other form is a literal, the whole key. '' is a sort key that is wholly variable.

/** Partition key forms of the table itself. */
export const PK = {
  /** ADMIN#<email>: the account, its sessions' index, its second factor. */
  admin: 'ADMIN#',
  /** The setup tokens (first administrator). */
  setup: 'SETUP',
  /** The "first administrator exists" marker. */
  admins: 'ADMINS',
  /** AUDIT#<YYYY-MM>: the audit log of a month. */
  audit: 'AUDIT#',
  /** The audit chain's head: its last position and hash (functions/data/audit-chain.ts). */
  auditHead: 'AUDIT-HEAD',
  /** The last failed rebuild request. */
  build: 'BUILD',
  /** STATS#<scope>: a page's (or ALL's, OTHER's) daily counters. */
  stats: 'STATS#',
  /** EVENTS#<pageId>#<day> and EVENTS#<pageId>#<day>#<shard>: raw events (functions/data/events/recording.ts). */
  events: 'EVENTS#',
  /** VISITOR#<day>#<hash>: a visitor's marker for a day. */
  visitor: 'VISITOR#',
  /** The daily salts when no secret is set. */
  salt: 'SALT',
  /** Secrets generated at install time. */
  secret: 'SECRET',
  /** The open invitations. */
  invites: 'INVITES',
  /** PAGE#<id>: a landing page, its versions and its working copy, signatures, ... */
  page: 'PAGE#',
  /** The installation's settings (approvals required). */
  settings: 'SETTINGS',
  /** SLUG#<slug>: a slug's reservation. */
  slug: 'SLUG#',
  /** The redirects, one partition; the sort key is the `from` path (functions/data/redirect-plan.ts). */
  redirects: 'REDIRECTS',
  /** DELETED#<id>: a deleted page, restorable for a while. */
  deleted: 'DELETED#',
  /** LEAD#<id>: a lead, its notes and its webhook delivery. */
  lead: 'LEAD#',
  /** CONTACT#<lowercased e-mail>: one index item per submission of that address (functions/data/leads/store.ts). */
  contact: 'CONTACT#',
  /** FORM-LEADS#<form id>: one index item per lead of that form (functions/data/form-leads.ts). */
  formLeads: 'FORM-LEADS#',
  /** The forms leads were sent with, one item each (title, last lead), one partition (data/form-leads.ts). */
  leadForms: 'LEAD-FORMS',
  /** UPLOAD#<id>: an upload ticket. */
  upload: 'UPLOAD#',
  /** MEDIA#<id>: a media library record. */
  media: 'MEDIA#',
  /** RATE#<bucket>#<hash>: a rate-limit window. */
  rate: 'RATE#',
  /** SESSION#<key>: a session. */
  session: 'SESSION#',
  /** PENDING#<hash>: a sign-in waiting for its second factor. */
  pending: 'PENDING#',
  /** PASSWORD-RESET#<hash>: a password reset link (its token stored hashed). */
  passwordReset: 'PASSWORD-RESET#',
  /** EXPERIMENT#<id>: an A/B experiment, its variants and their approvals. */
  experiment: 'EXPERIMENT#',
  /** The analytics goals, one partition (functions/data/goals.ts). */
  goals: 'GOALS',
  /** The form definitions, one partition (functions/data/forms.ts). */
  forms: 'FORMS',
  /** The forms' working copies under review, one partition (functions/data/form-review/). */
  formCopies: 'FORM-COPIES',
  /** FORM#<formId>: the signatures of a form's working copies (functions/data/form-review/review.ts). */
  form: 'FORM#',
  /** The saved page templates, one partition (functions/data/page-templates.ts). */
  templates: 'TEMPLATES',
  /** The gated downloads' private files and their uploads, one partition (functions/data/assets.ts). */
  assets: 'ASSETS',
  /** Claims, their keys and the evidence behind them: one partition (functions/data/claims/). */
  claims: 'CLAIMS',
  /** LIVE#<minute>: a minute's realtime views, sharded (functions/data/realtime.ts). */
  live: 'LIVE#',
  /** The shared dashboards (analytics links for people without an account), one partition. */
  shares: 'SHARES',
  /** API tokens and their hashes' index, one partition (functions/data/api-tokens.ts). */
  apiTokens: 'API-TOKENS',
  /** The content calendar's feeds (secret .ics addresses), one partition (data/calendar/feeds.ts). */
  calendarFeeds: 'CALENDAR-FEEDS',
  /** The CRM webhook's recent deliveries and test deliveries, one partition (data/lead-settings.ts). */
  deliveries: 'DELIVERIES',
  /** The webhook subscriptions, one partition (functions/data/webhook-subscriptions.ts). */
  webhooks: 'WEBHOOKS',
  /** WEBHOOK#<subscription id>: a subscription's deliveries (functions/data/webhook-subscriptions.ts). */
  webhook: 'WEBHOOK#',
  /** EXPSTATS#<id>: an experiment's daily counters per variant (sharded). */
  experimentStats: 'EXPSTATS#',
  /**
   * EXPVISITORS#<id>#<shard>: an experiment's visitor keys (keyed hashes, one item each,
   * functions/data/experiments/counters.ts), deleted when it ends.
   */
  experimentVisitors: 'EXPVISITORS#',
  /** The ended experiments whose visitor keys are still being deleted, one partition. */
  endedExperimentVisitors: 'EXPVISITORS-ENDED',
  /** THROTTLE#PAIR#<hash>, THROTTLE#IP#<hash>, THROTTLE#ACCOUNT#<hash>: sign-in throttles. */
  throttlePair: 'THROTTLE#PAIR#',
  throttleIp: 'THROTTLE#IP#',
  throttleAccount: 'THROTTLE#ACCOUNT#',
} as const;

/** Sort key forms. */
export const SK = {
  admin: 'ADMIN',
  /** SESSION#<key> under ADMIN#<email>: the account's sessions. */
  adminSession: 'SESSION#',
  totpEnrolment: 'TOTP-ENROLMENT',
  /** RECOVERY#<hash> under ADMIN#<email>. */
  recovery: 'RECOVERY#',
  codeFailures: 'CODE-FAILURES',
  /** Under ADMIN#<email>: the hash of the account's one valid password reset link. */
  currentReset: 'PASSWORD-RESET',
  /** Under PASSWORD-RESET#<hash>: the link itself (its account and expiry). */
  resetLink: 'LINK',
  /** TOKEN#<hash> under SETUP. */
  setupToken: 'TOKEN#',
  firstAdmin: 'FIRST',
  /** CHAIN-HEAD under AUDIT-HEAD: the one head item. */
  auditHead: 'CHAIN-HEAD',
  buildFailure: 'REQUEST_FAILURE',
  /**
   * DAY#<day> (shard 0, and every item before issue 25) and DAY#<day>#<shard> (shards 1 and
   * up) under STATS#<scope>: a day's counters, summed at read (functions/data/events/reads.ts).
   */
  statsDay: 'DAY#',
  visitorDay: 'DAY',
  page: 'PAGE',
  /** VERSION#<id> under PAGE#<id>. */
  pageVersion: 'VERSION#',
  /** The working copy (draft) under PAGE#<id>. */
  workingCopy: 'WORKING',
  /** SIGNATURE#<time>#<n> under PAGE#<id>: an approval, never changed or deleted. */
  signature: 'SIGNATURE#',
  /** COMMENT#<time>#<n> under PAGE#<id>: the review thread. */
  comment: 'COMMENT#',
  /** SCHEDULE#<action> under PAGE#<id>: a scheduled publish or unpublish. */
  schedule: 'SCHEDULE#',
  /** PREVIEW#<id> under PAGE#<id>: a preview link (its token stored hashed). */
  previewLink: 'PREVIEW#',
  /**
   * LIFECYCLE#<what> under PAGE#<id>: a review-by or expiry reminder sent, an expiry acted on
   * (functions/data/workflow/lifecycle.ts); written once, conditionally.
   */
  lifecycle: 'LIFECYCLE#',
  /** Under PAGE#<id>: present while an experiment runs (or is paused) on the page. */
  experimentLock: 'EXPERIMENT-LOCK',
  /**
   * SOURCE#<COPY|LIVE> under PAGE#<page>.<locale>: the default locale's texts a translation
   * was made from, for its working copy and for its live version (issue 39,
   * functions/data/translations/).
   */
  sourceBase: 'SOURCE#',
  /** Under EXPERIMENT#<id>: the experiment itself. */
  experiment: 'EXPERIMENT',
  /** VARIANT#<variantId> under EXPERIMENT#<id>: a variant's content. */
  variant: 'VARIANT#',
  /** DAY#<day>#<shard> under EXPSTATS#<id>: one shard of a day's counters. */
  experimentDay: 'DAY#',
  settings: 'SETTINGS',
  /** Under SETTINGS: the weekly report's settings and its last run. */
  reportSettings: 'REPORT',
  /** Under SETTINGS: the lead routing settings (recipients, CRM webhook). */
  leadSettings: 'LEAD-ROUTING',
  /** Under SETTINGS: the contact index was built for every lead older than it (functions/data/leads/store.ts). */
  contactIndex: 'CONTACT-INDEX',
  /** Under SETTINGS: the form index was built for every lead older than it (functions/data/form-leads.ts). */
  formIndex: 'FORM-INDEX',
  /** ASSIGNMENT#<rule id> under SETTINGS: a round-robin rule's turn counter (data/lead-settings.ts). */
  assignmentTurn: 'ASSIGNMENT#',
  /** JOB-CODES#<YYYY> under SETTINGS: the year's job code counter (functions/data/job-codes.ts). */
  jobCodeCounter: 'JOB-CODES#',
  /** CLAIM#<id> under CLAIMS: a claim. */
  claim: 'CLAIM#',
  /** KEY#<key> under CLAIMS: holds a claim's key unique. */
  claimKey: 'KEY#',
  /** EVIDENCE#<id> under CLAIMS: a piece of evidence. */
  evidence: 'EVIDENCE#',
  /** SEED under CLAIMS: the claims of content/claims.json were seeded (once). */
  claimsSeed: 'SEED',
  slug: 'SLUG',
  deleted: 'DELETED',
  lead: 'LEAD',
  /** NOTE#<time>#<n> under LEAD#<id>. */
  leadNote: 'NOTE#',
  /** The lead's webhook delivery. */
  outbox: 'OUTBOX#WEBHOOK',
  /** DELIVERY#<time>#<id> under WEBHOOK#<subscription id>: one event's delivery. */
  webhookDelivery: 'DELIVERY#',
  upload: 'UPLOAD',
  media: 'MEDIA',
  session: 'SESSION',
  pending: 'SIGN-IN',
  throttleState: 'STATE',
  /** TOKEN#<id> under API-TOKENS: an API token (its secret stored hashed only). */
  apiToken: 'TOKEN#',
  /** HASH#<sha256 of the secret> under API-TOKENS: which token a secret is (its id). */
  apiTokenHash: 'HASH#',
  /** A wholly variable sort key: an id, a day, a time, a window's start. */
  any: '',
} as const;

/** Partition key forms of the global secondary indexes (gsi1pk, gsi2pk). */
export const GSI1PK = {
  /** Administrators by email. */
  admins: 'ADMINS',
  /** Pages by creation. */
  pages: 'PAGES',
  /** Leads (spam excluded) by time. */
  leads: 'LEADS',
  /** The media library by upload time. */
  media: 'MEDIA',
  /** Webhook deliveries by when they are due. */
  outboxDue: 'OUTBOX#DUE',
  /** Webhook subscriptions' deliveries by when they are due (functions/data/webhook-subscriptions.ts). */
  webhookDue: 'WEBHOOK#DUE',
  /** Scheduled publishes and unpublishes by when they are due. */
  schedules: 'SCHEDULES',
  /** Experiments, by page and creation (gsi1sk = <pageId>#<createdAt>). */
  experiments: 'EXPERIMENTS',
  /** Pages' versions in other locales (issue 39), by creation; never in the Pages list. */
  translations: 'TRANSLATIONS',
} as const;

export const GSI2PK = {
  /** Deleted pages by deletion time. */
  deleted: 'DELETED',
  /** LEADS#STATUS#<status>: leads of a status by time. */
  leadStatus: 'LEADS#STATUS#',
} as const;

/** The whole site's counters (STATS#ALL). Page ids are UUIDs, so no page is ALL. */
export const SITE_SCOPE = 'ALL';
/**
 * A configured locale's share of the site's counters (STATS#LOCALE#<locale>, issue 39,
 * docs/decisions/0574-analytics-by-locale.md): written like ALL, for the site's locales only.
 */
export const localeScope = (locale: string) => `LOCALE#${locale}`;
/** Leads from forms that are not on a landing page (the contact page, /pilot): STATS#OTHER. */
export const NO_PAGE_SCOPE = 'OTHER';
