// Every key of the one DynamoDB table, in one place (docs/decisions/0123-keys-as-data.md).
//
// The table is a single key space shared by every repository in functions/data/, so a
// prefix written by one repository must never be a prefix of another's: a
// `begins_with(sk, 'SESSION#')` query, or a restore that recognizes items by their
// partition (functions/server/backup/items.ts), would otherwise read a stranger's items. The
// repositories build keys only with the builders below; KEY_SPACE (functions/data/key-space.ts)
// lists every partition form with the sort-key forms written under it, and
// functions/data/keys.test.ts checks that no two forms can produce the same key and that no
// other file in functions/data/ spells a key prefix itself.
//
// The strings are stored data: changing one strands every item written with the old one.
// keys.test.ts pins a sample key of every entity to the bytes the first release wrote.
//
// The forms themselves (PK, SK, the indexes' partitions, the counters' scopes) are in
// functions/data/key-forms.ts and re-exported here, so a repository imports every key from
// this one module.
import { GSI2PK, PK, SK } from './key-forms.ts';

export { GSI1PK, GSI2PK, localeScope, NO_PAGE_SCOPE, PK, SITE_SCOPE, SK } from './key-forms.ts';

/**
 * The key builders. They take the variable parts already normalized or hashed (the
 * repositories own that: an email is lower-cased in admins.ts, a token hashed where it
 * is checked) and only join them to their prefixes.
 */
/**
 * The names of a page's lifecycle markers (after SK.lifecycle, keys.lifecycleMark): an expiry
 * acted on, and a reminder sent, each naming the date it was for (a moved date gets its own).
 */
export const lifecycleMarks = {
  expired: (expiresAt: string) => `EXPIRED#${expiresAt}`,
  reminder: (kind: string, date: string, days: number) => `REMINDER#${kind}#${date}#${days}`,
};

export const keys = {
  admin: (email: string) => ({ pk: `${PK.admin}${email}`, sk: SK.admin }),
  adminSession: (email: string, session: string) => ({
    pk: `${PK.admin}${email}`,
    sk: `${SK.adminSession}${session}`,
  }),
  totpEnrolment: (email: string) => ({ pk: `${PK.admin}${email}`, sk: SK.totpEnrolment }),
  recoveryCode: (email: string, hash: string) => ({
    pk: `${PK.admin}${email}`,
    sk: `${SK.recovery}${hash}`,
  }),
  codeFailures: (email: string) => ({ pk: `${PK.admin}${email}`, sk: SK.codeFailures }),
  currentReset: (email: string) => ({ pk: `${PK.admin}${email}`, sk: SK.currentReset }),
  resetLink: (hash: string) => ({ pk: `${PK.passwordReset}${hash}`, sk: SK.resetLink }),
  setupToken: (hash: string) => ({ pk: PK.setup, sk: `${SK.setupToken}${hash}` }),
  firstAdmin: () => ({ pk: PK.admins, sk: SK.firstAdmin }),
  auditPartition: (month: string) => `${PK.audit}${month}`,
  audit: (month: string, id: string) => ({ pk: `${PK.audit}${month}`, sk: id }),
  auditHead: () => ({ pk: PK.auditHead, sk: SK.auditHead }),
  buildFailure: () => ({ pk: PK.build, sk: SK.buildFailure }),
  statsPartition: (scope: string) => `${PK.stats}${scope}`,
  statsDaySk: (day: string) => `${SK.statsDay}${day}`,
  /** One shard of a scope-day's counters; shard 0 is the unsharded key of every older item. */
  counter: (scope: string, day: string, shard = 0) => ({
    pk: `${PK.stats}${scope}`,
    sk: shard ? `${SK.statsDay}${day}#${shard}` : `${SK.statsDay}${day}`,
  }),
  /**
   * The sort keys between which every shard of the days `from`..`to` lies: '~' sorts after
   * the digits of a shard (and the letters of the first release's DAY#<day>#<type> items,
   * which `counterShard` tells apart) and before the next day.
   */
  statsDayRange: (from: string, to: string) => ({
    from: `${SK.statsDay}${from}`,
    to: `${SK.statsDay}${to}#~`,
  }),
  /** The day and shard of a counter item's sort key; undefined for any other item. */
  counterShard: (sk: string): { day: string; shard: number } | undefined => {
    const match = /^(\d{4}-\d{2}-\d{2})(?:#(\d{1,4}))?$/.exec(
      sk.startsWith(SK.statsDay) ? sk.slice(SK.statsDay.length) : '',
    );
    return match ? { day: match[1]!, shard: Number(match[2] ?? 0) } : undefined;
  },
  /** A page-day's raw events, one of its partitions; shard 0 is the partition of older events. */
  eventsPartition: (pageId: string, day: string, shard = 0) =>
    shard ? `${PK.events}${pageId}#${day}#${shard}` : `${PK.events}${pageId}#${day}`,
  event: (pageId: string, day: string, time: string, id: string, shard = 0) => ({
    pk: shard ? `${PK.events}${pageId}#${day}#${shard}` : `${PK.events}${pageId}#${day}`,
    sk: `${time}#${id}`,
  }),
  visitor: (day: string, hash: string) => ({
    pk: `${PK.visitor}${day}#${hash}`,
    sk: SK.visitorDay,
  }),
  salt: (day: string) => ({ pk: PK.salt, sk: day }),
  secret: (name: string) => ({ pk: PK.secret, sk: name }),
  invitation: (id: string) => ({ pk: PK.invites, sk: id }),
  page: (id: string) => ({ pk: `${PK.page}${id}`, sk: SK.page }),
  pageVersion: (id: string, versionId: string) => ({
    pk: `${PK.page}${id}`,
    sk: `${SK.pageVersion}${versionId}`,
  }),
  workingCopy: (id: string) => ({ pk: `${PK.page}${id}`, sk: SK.workingCopy }),
  signature: (id: string, suffix: string) => ({
    pk: `${PK.page}${id}`,
    sk: `${SK.signature}${suffix}`,
  }),
  comment: (id: string, suffix: string) => ({
    pk: `${PK.page}${id}`,
    sk: `${SK.comment}${suffix}`,
  }),
  schedule: (id: string, action: string) => ({
    pk: `${PK.page}${id}`,
    sk: `${SK.schedule}${action}`,
  }),
  lifecycleMark: (id: string, mark: string) => ({
    pk: `${PK.page}${id}`,
    sk: `${SK.lifecycle}${mark}`,
  }),
  previewLink: (id: string, linkId: string) => ({
    pk: `${PK.page}${id}`,
    sk: `${SK.previewLink}${linkId}`,
  }),
  experimentLock: (pageId: string) => ({ pk: `${PK.page}${pageId}`, sk: SK.experimentLock }),
  sourceBase: (translationId: string, of: 'copy' | 'live') => ({
    pk: `${PK.page}${translationId}`,
    sk: `${SK.sourceBase}${of.toUpperCase()}`,
  }),
  experiment: (id: string) => ({ pk: `${PK.experiment}${id}`, sk: SK.experiment }),
  experimentPartition: (id: string) => `${PK.experiment}${id}`,
  variant: (id: string, variantId: string) => ({
    pk: `${PK.experiment}${id}`,
    sk: `${SK.variant}${variantId}`,
  }),
  variantSignature: (id: string, variantId: string, suffix: string) => ({
    pk: `${PK.experiment}${id}`,
    sk: `${SK.signature}${variantId}#${suffix}`,
  }),
  experimentStatsPartition: (id: string) => `${PK.experimentStats}${id}`,
  experimentDay: (id: string, day: string, shard: number) => ({
    pk: `${PK.experimentStats}${id}`,
    sk: `${SK.experimentDay}${day}#${shard}`,
  }),
  experimentVisitorsPartition: (id: string, shard: number) =>
    `${PK.experimentVisitors}${id}#${shard}`,
  /** A visitor key's item: the key (hex) is the sort key, its shard part of the partition. */
  experimentVisitor: (id: string, shard: number, key: string) => ({
    pk: `${PK.experimentVisitors}${id}#${shard}`,
    sk: key,
  }),
  endedExperimentVisitors: (id: string) => ({ pk: PK.endedExperimentVisitors, sk: id }),
  settings: () => ({ pk: PK.settings, sk: SK.settings }),
  reportSettings: () => ({ pk: PK.settings, sk: SK.reportSettings }),
  leadSettings: () => ({ pk: PK.settings, sk: SK.leadSettings }),
  delivery: (sortKey: string) => ({ pk: PK.deliveries, sk: sortKey }),
  deliveriesPartition: () => PK.deliveries,
  webhookSubscription: (id: string) => ({ pk: PK.webhooks, sk: id }),
  webhookSubscriptions: () => PK.webhooks,
  webhookDelivery: (subscriptionId: string, sortKey: string) => ({
    pk: `${PK.webhook}${subscriptionId}`,
    sk: `${SK.webhookDelivery}${sortKey}`,
  }),
  webhookDeliveries: (subscriptionId: string) => ({
    pk: `${PK.webhook}${subscriptionId}`,
    skPrefix: SK.webhookDelivery,
  }),
  share: (id: string) => ({ pk: PK.shares, sk: id }),
  realtime: (minute: string, shard: number) => ({ pk: `${PK.live}${minute}`, sk: String(shard) }),
  sharesPartition: () => PK.shares,
  apiToken: (id: string) => ({ pk: PK.apiTokens, sk: `${SK.apiToken}${id}` }),
  apiTokenHash: (hash: string) => ({ pk: PK.apiTokens, sk: `${SK.apiTokenHash}${hash}` }),
  apiTokensPartition: () => PK.apiTokens,
  apiTokenPrefix: () => SK.apiToken,
  calendarFeed: (id: string) => ({ pk: PK.calendarFeeds, sk: id }),
  calendarFeedsPartition: () => PK.calendarFeeds,
  claimsPartition: () => PK.claims,
  claim: (id: string) => ({ pk: PK.claims, sk: `${SK.claim}${id}` }),
  claimKey: (key: string) => ({ pk: PK.claims, sk: `${SK.claimKey}${key}` }),
  evidence: (id: string) => ({ pk: PK.claims, sk: `${SK.evidence}${id}` }),
  claimsSeed: () => ({ pk: PK.claims, sk: SK.claimsSeed }),
  goal: (id: string) => ({ pk: PK.goals, sk: id }),
  goalsPartition: () => PK.goals,
  form: (id: string) => ({ pk: PK.forms, sk: id }),
  formsPartition: () => PK.forms,
  formWorkingCopy: (formId: string) => ({ pk: PK.formCopies, sk: formId }),
  formCopiesPartition: () => PK.formCopies,
  formSignature: (formId: string, suffix: string) => ({
    pk: `${PK.form}${formId}`,
    sk: `${SK.signature}${suffix}`,
  }),
  formPartition: (formId: string) => `${PK.form}${formId}`,
  template: (id: string) => ({ pk: PK.templates, sk: id }),
  templatesPartition: () => PK.templates,
  asset: (id: string) => ({ pk: PK.assets, sk: id }),
  assetsPartition: () => PK.assets,
  slug: (slug: string) => ({ pk: `${PK.slug}${slug}`, sk: SK.slug }),
  redirect: (from: string) => ({ pk: PK.redirects, sk: from }),
  deletedPage: (id: string) => ({ pk: `${PK.deleted}${id}`, sk: SK.deleted }),
  lead: (id: string) => ({ pk: `${PK.lead}${id}`, sk: SK.lead }),
  leadNote: (id: string, suffix: string) => ({
    pk: `${PK.lead}${id}`,
    sk: `${SK.leadNote}${suffix}`,
  }),
  outbox: (leadId: string) => ({ pk: `${PK.lead}${leadId}`, sk: SK.outbox }),
  /** A submission of a contact: the e-mail already lower-cased, sorted by time. */
  contactPartition: (email: string) => `${PK.contact}${email}`,
  contactSubmission: (email: string, createdAt: string, leadId: string) => ({
    pk: `${PK.contact}${email}`,
    sk: `${createdAt}#${leadId}`,
  }),
  contactIndexDone: () => ({ pk: PK.settings, sk: SK.contactIndex }),
  /** A lead in its form's index: sorted by time, like the inbox lists. */
  formLeadsPartition: (formId: string) => `${PK.formLeads}${formId}`,
  formLead: (formId: string, createdAt: string, leadId: string) => ({
    pk: `${PK.formLeads}${formId}`,
    sk: `${createdAt}#${leadId}`,
  }),
  formIndexDone: () => ({ pk: PK.settings, sk: SK.formIndex }),
  leadForm: (formId: string) => ({ pk: PK.leadForms, sk: formId }),
  leadFormsPartition: () => PK.leadForms,
  assignmentTurn: (ruleId: string) => ({ pk: PK.settings, sk: `${SK.assignmentTurn}${ruleId}` }),
  jobCodeCounter: (year: string) => ({ pk: PK.settings, sk: `${SK.jobCodeCounter}${year}` }),
  upload: (id: string) => ({ pk: `${PK.upload}${id}`, sk: SK.upload }),
  media: (id: string) => ({ pk: `${PK.media}${id}`, sk: SK.media }),
  rate: (bucket: string, hash: string, windowStart: number) => ({
    pk: `${PK.rate}${bucket}#${hash}`,
    sk: String(windowStart),
  }),
  session: (key: string) => ({ pk: `${PK.session}${key}`, sk: SK.session }),
  pending: (hash: string) => ({ pk: `${PK.pending}${hash}`, sk: SK.pending }),
  throttlePair: (hash: string, windowStart: number) => ({
    pk: `${PK.throttlePair}${hash}`,
    sk: String(windowStart),
  }),
  throttleIp: (hash: string, windowStart: number) => ({
    pk: `${PK.throttleIp}${hash}`,
    sk: String(windowStart),
  }),
  throttleAccount: (hash: string) => ({ pk: `${PK.throttleAccount}${hash}`, sk: SK.throttleState }),
  leadStatusPartition: (status: string) => `${GSI2PK.leadStatus}${status}`,
} as const;

/** A regular expression source matching a prefix form followed by a UUID. */
export const uuidKeyPattern = (prefix: string) =>
  new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[0-9a-f-]{36}$`);
