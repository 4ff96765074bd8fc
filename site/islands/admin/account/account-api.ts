// Query keys of the Account area (docs/requirements.md §7: the key is the GET path).
export const ACCOUNT_KEY = ['/api/account'] as const;
export const SESSIONS_KEY = ['/api/account/sessions'] as const;
export const ADMINS_KEY = ['/api/account/admins'] as const;
export const AUDIT_KEY = ['/api/admin/audit'] as const;
