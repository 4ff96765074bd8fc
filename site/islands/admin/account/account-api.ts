// The Account view's calls (docs/requirements.md §7) on the admin's HTTP layer (../api.ts):
// its query keys (the key is the GET path), their query helpers and the requests its
// sections make, each answer parsed with its route's schema (functions/shared/account.ts,
// docs/decisions/0526-admin-parses-answers.md).
import { queryOptions } from '@tanstack/react-query';
import {
  adminSummarySchema,
  administratorsSchema,
  enrolmentSchema,
  inviteResponseSchema,
  passwordChangedSchema,
  recoveryCodesSchema,
  resetLinkSchema,
  sessionListSchema,
} from '../../../../functions/shared/account.ts';
import type { Role } from '../../../../functions/shared/roles.ts';
import { settingsSchema, type SettingsUpdate } from '../../../../functions/shared/workflow.ts';
import {
  reportSentSchema,
  reportSettingsResponseSchema,
  type ReportSettingsInput,
} from '../../../../functions/shared/reports.ts';
import {
  deliveryLogSchema,
  leadSettingsSchema,
  webhookTestResultSchema,
  type LeadSettingsInput,
} from '../../../../functions/shared/leads/settings.ts';
import { noContent, request } from '../api.ts';

export { ACCOUNT_KEY, accountQuery } from '../common/signatures.tsx';
export const SESSIONS_KEY = ['/api/account/sessions'] as const;
export const ADMINS_KEY = ['/api/account/admins'] as const;
export const sessionsQuery = queryOptions({
  queryKey: SESSIONS_KEY,
  queryFn: () => request(sessionListSchema, 'GET', '/api/account/sessions'),
});
export const adminsQuery = queryOptions({
  queryKey: ADMINS_KEY,
  queryFn: () => request(administratorsSchema, 'GET', '/api/account/admins'),
});
/** The audit log (shown in the Pages view) records every account change. */
export { AUDIT_KEY } from '../common/pages-api.ts';

export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  request(passwordChangedSchema, 'PUT', '/api/account/password', body);

export const endSession = (id: string) =>
  request(noContent, 'DELETE', `/api/account/sessions/${id}`);

export const setAdminEnabled = (email: string, enabled: boolean) =>
  request(
    noContent,
    'POST',
    `/api/account/admins/${encodeURIComponent(email)}/${enabled ? 'enable' : 'disable'}`,
  );

/** A password reset link for another administrator, answered once (to copy and pass on). */
export const issueResetLink = (email: string) =>
  request(
    resetLinkSchema,
    'POST',
    `/api/account/admins/${encodeURIComponent(email)}/password-reset`,
  );

export const inviteAdmin = (email: string, role: Role) =>
  request(inviteResponseSchema, 'POST', '/api/account/invitations', { email, role });

export const setRole = (email: string, role: Role) =>
  request(adminSummarySchema, 'PATCH', `/api/account/admins/${encodeURIComponent(email)}`, {
    role,
  });

/** How many approvals publishing needs (issue 23): admins only. */
export const SETTINGS_KEY = ['/api/admin/settings'] as const;
export const settingsQuery = queryOptions({
  queryKey: SETTINGS_KEY,
  queryFn: () => request(settingsSchema, 'GET', '/api/admin/settings'),
});
export const saveSettings = (settings: SettingsUpdate) =>
  request(settingsSchema, 'PUT', '/api/admin/settings', settings);

/** The weekly analytics report (issue 25): admins only. */
export const REPORT_KEY = ['/api/admin/reports/weekly'] as const;
export const reportQuery = queryOptions({
  queryKey: REPORT_KEY,
  queryFn: () => request(reportSettingsResponseSchema, 'GET', '/api/admin/reports/weekly'),
});
export const saveReportSettings = (settings: ReportSettingsInput) =>
  request(reportSettingsResponseSchema, 'PUT', '/api/admin/reports/weekly', settings);
export const sendReportNow = () =>
  request(reportSentSchema, 'POST', '/api/admin/reports/weekly/send');

/** Lead routing (issue 26): who is mailed for new leads, the CRM webhook; admins only. */
export const LEAD_SETTINGS_KEY = ['/api/admin/settings/leads'] as const;
export const DELIVERIES_KEY = ['/api/admin/settings/leads/deliveries'] as const;
export const leadSettingsQuery = queryOptions({
  queryKey: LEAD_SETTINGS_KEY,
  queryFn: () => request(leadSettingsSchema, 'GET', '/api/admin/settings/leads'),
});
export const deliveriesQuery = queryOptions({
  queryKey: DELIVERIES_KEY,
  queryFn: () => request(deliveryLogSchema, 'GET', '/api/admin/settings/leads/deliveries'),
});
export const saveLeadSettings = (settings: LeadSettingsInput) =>
  request(leadSettingsSchema, 'PUT', '/api/admin/settings/leads', settings);
/** A signed lead.test request to the URL (else the saved one); nothing is saved. */
export const testLeadWebhook = (target: { url?: string; secret?: string }) =>
  request(webhookTestResultSchema, 'POST', '/api/admin/settings/leads/test', target);

export const withdrawInvitation = (id: string) =>
  request(noContent, 'DELETE', `/api/account/invitations/${id}`);

/** A code from the authenticator app (or a recovery code), with the password where asked. */
export interface CodeBody {
  code: string;
  password?: string;
}

export const startEnrolment = () =>
  request(enrolmentSchema, 'POST', '/api/account/two-factor/enrolment');

export const confirmEnrolment = (code: string) =>
  request(recoveryCodesSchema, 'POST', '/api/account/two-factor/enrolment/confirm', { code });

export const renewRecoveryCodes = (body: CodeBody) =>
  request(recoveryCodesSchema, 'POST', '/api/account/two-factor/recovery-codes', body);

export const disableTwoFactor = (body: CodeBody) =>
  request(noContent, 'POST', '/api/account/two-factor/disable', body);
