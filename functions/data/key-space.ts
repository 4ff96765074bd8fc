// The key space of the one DynamoDB table as data: every partition form with the sort-key
// forms written under it, and the same per index. functions/data/keys.test.ts reads it to
// prove that no two forms can produce the same key (docs/decisions/0123-keys-as-data.md);
// the forms themselves are spelled in functions/data/keys.ts
// (docs/decisions/0490-data-modules-split-by-concern.md).
import { GSI1PK, GSI2PK, PK, SK } from './keys.ts';

/**
 * Every partition form of the table with the sort-key forms written under it, and the
 * same per index: what the collision test reads. A new entity adds its line here.
 */
export const KEY_SPACE: Record<'table' | 'gsi1' | 'gsi2', Record<string, readonly string[]>> = {
  table: {
    [PK.admin]: [
      SK.admin,
      SK.adminSession,
      SK.totpEnrolment,
      SK.recovery,
      SK.codeFailures,
      SK.currentReset,
    ],
    [PK.setup]: [SK.setupToken],
    [PK.admins]: [SK.firstAdmin],
    [PK.audit]: [SK.any],
    [PK.auditHead]: [SK.auditHead],
    [PK.build]: [SK.buildFailure],
    [PK.stats]: [SK.statsDay],
    [PK.events]: [SK.any],
    [PK.visitor]: [SK.visitorDay],
    [PK.salt]: [SK.any],
    [PK.secret]: [SK.any],
    [PK.invites]: [SK.any],
    [PK.page]: [
      SK.page,
      SK.pageVersion,
      SK.workingCopy,
      SK.signature,
      SK.comment,
      SK.schedule,
      SK.lifecycle,
      SK.previewLink,
      SK.experimentLock,
    ],
    [PK.experiment]: [SK.experiment, SK.variant, SK.signature],
    [PK.experimentStats]: [SK.experimentDay],
    [PK.experimentVisitors]: [SK.any],
    [PK.endedExperimentVisitors]: [SK.any],
    [PK.shares]: [SK.any],
    [PK.calendarFeeds]: [SK.any],
    [PK.live]: [SK.any],
    [PK.goals]: [SK.any],
    [PK.claims]: [SK.claim, SK.claimKey, SK.evidence, SK.claimsSeed],
    [PK.forms]: [SK.any],
    [PK.formCopies]: [SK.any],
    [PK.form]: [SK.signature],
    [PK.templates]: [SK.any],
    [PK.assets]: [SK.any],
    [PK.settings]: [
      SK.settings,
      SK.reportSettings,
      SK.contactIndex,
      SK.leadSettings,
      SK.formIndex,
      SK.assignmentTurn,
      SK.jobCodeCounter,
    ],
    [PK.deliveries]: [SK.any],
    [PK.webhooks]: [SK.any],
    [PK.webhook]: [SK.webhookDelivery],
    [PK.slug]: [SK.slug],
    [PK.redirects]: [SK.any],
    [PK.deleted]: [SK.deleted],
    [PK.lead]: [SK.lead, SK.leadNote, SK.outbox],
    [PK.contact]: [SK.any],
    [PK.formLeads]: [SK.any],
    [PK.leadForms]: [SK.any],
    [PK.upload]: [SK.upload],
    [PK.media]: [SK.media],
    [PK.rate]: [SK.any],
    [PK.session]: [SK.session],
    [PK.pending]: [SK.pending],
    [PK.passwordReset]: [SK.resetLink],
    [PK.throttlePair]: [SK.any],
    [PK.throttleIp]: [SK.any],
    [PK.throttleAccount]: [SK.throttleState],
  },
  gsi1: Object.fromEntries(Object.values(GSI1PK).map((form) => [form, [SK.any]])),
  gsi2: Object.fromEntries(Object.values(GSI2PK).map((form) => [form, [SK.any]])),
};
