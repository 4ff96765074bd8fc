// The Account view's calls (docs/requirements.md §7) on the admin's HTTP layer (../api.ts):
// its query keys (the key is the GET path) and the requests its sections make. Types are
// the shared account schemas' (functions/shared/account.ts).
import type {
  AdminSummary,
  Enrolment,
  InviteResponse,
  RecoveryCodes,
  ResetLink,
} from '../../../../functions/shared/account.ts';
import type { Role } from '../../../../functions/shared/roles.ts';
import type { Settings } from '../../../../functions/shared/workflow.ts';
import type {
  ReportSent,
  ReportSettings,
  ReportSettingsInput,
} from '../../../../functions/shared/reports.ts';
import type {
  LeadSettings,
  LeadSettingsInput,
  WebhookTestResult,
} from '../../../../functions/shared/leads/settings.ts';
import { request } from '../api.ts';

export { ACCOUNT_KEY } from '../common/signatures.ts';
export const SESSIONS_KEY = ['/api/account/sessions'] as const;
export const ADMINS_KEY = ['/api/account/admins'] as const;
/** The audit log (shown in the Pages view) records every account change. */
export { AUDIT_KEY } from '../common/pages-api.ts';

export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  request<{ otherSessionsEnded: number }>('PUT', '/api/account/password', body);

export const endSession = (id: string) => request('DELETE', `/api/account/sessions/${id}`);

export const setAdminEnabled = (email: string, enabled: boolean) =>
  request(
    'POST',
    `/api/account/admins/${encodeURIComponent(email)}/${enabled ? 'enable' : 'disable'}`,
  );

/** A password reset link for another administrator, answered once (to copy and pass on). */
export const issueResetLink = (email: string) =>
  request<ResetLink>('POST', `/api/account/admins/${encodeURIComponent(email)}/password-reset`);

export const inviteAdmin = (email: string, role: Role) =>
  request<InviteResponse>('POST', '/api/account/invitations', { email, role });

export const setRole = (email: string, role: Role) =>
  request<AdminSummary>('PATCH', `/api/account/admins/${encodeURIComponent(email)}`, { role });

/** How many approvals publishing needs (issue 23): admins only. */
export const SETTINGS_KEY = ['/api/admin/settings'] as const;
export const saveSettings = (settings: Settings) =>
  request<Settings>('PUT', '/api/admin/settings', settings);

/** The weekly analytics report (issue 25): admins only. */
export const REPORT_KEY = ['/api/admin/reports/weekly'] as const;
export const saveReportSettings = (settings: ReportSettingsInput) =>
  request<ReportSettings>('PUT', '/api/admin/reports/weekly', settings);
export const sendReportNow = () => request<ReportSent>('POST', '/api/admin/reports/weekly/send');

/** Lead routing (issue 26): who is mailed for new leads, the CRM webhook; admins only. */
export const LEAD_SETTINGS_KEY = ['/api/admin/settings/leads'] as const;
export const DELIVERIES_KEY = ['/api/admin/settings/leads/deliveries'] as const;
export const saveLeadSettings = (settings: LeadSettingsInput) =>
  request<LeadSettings>('PUT', '/api/admin/settings/leads', settings);
/** A signed lead.test request to the URL (else the saved one); nothing is saved. */
export const testLeadWebhook = (target: { url?: string; secret?: string }) =>
  request<WebhookTestResult>('POST', '/api/admin/settings/leads/test', target);

export const withdrawInvitation = (id: string) =>
  request('DELETE', `/api/account/invitations/${id}`);

/** A code from the authenticator app (or a recovery code), with the password where asked. */
export interface CodeBody {
  code: string;
  password?: string;
}

export const startEnrolment = () => request<Enrolment>('POST', '/api/account/two-factor/enrolment');

export const confirmEnrolment = (code: string) =>
  request<RecoveryCodes>('POST', '/api/account/two-factor/enrolment/confirm', { code });

export const renewRecoveryCodes = (body: CodeBody) =>
  request<RecoveryCodes>('POST', '/api/account/two-factor/recovery-codes', body);

export const disableTwoFactor = (body: CodeBody) =>
  request('POST', '/api/account/two-factor/disable', body);
