// Roles and what each may do (issue 23, docs/decisions/0131-roles.md). The API enforces the
// matrix (requirePermission in functions/lib/auth.ts); the admin hides what a role cannot
// do with the same table, so the two never disagree.
import * as z from 'zod';

export const ROLES = ['admin', 'publisher', 'editor', 'reviewer', 'sales'] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);

/** The first administrator, and every account made before roles existed. */
export const DEFAULT_ROLE: Role = 'admin';

export const PERMISSIONS = [
  /** Edit working copies (create and edit pages, their content and SEO), upload images. */
  'edit',
  /** Approve or reject a working copy (never one's own work). */
  'review',
  /** Publish, unpublish, schedule, delete and restore pages; redirects; rebuild the site. */
  'publish',
  /** The Analytics tab. */
  'analytics',
  /** Leads: personal data (read, update, erase, export). */
  'leads',
  /** Administrators, invitations, roles, settings, the audit log. */
  'accounts',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The permission matrix of issue 23, one row per permission. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: ['edit', 'review', 'publish', 'analytics', 'leads', 'accounts'],
  publisher: ['edit', 'review', 'publish', 'analytics', 'leads'],
  editor: ['edit', 'analytics'],
  reviewer: ['review', 'analytics'],
  sales: ['analytics', 'leads'],
};

export function can(role: Role | undefined, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role ?? DEFAULT_ROLE].includes(permission);
}

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  publisher: 'Publisher',
  editor: 'Editor',
  reviewer: 'Reviewer',
  sales: 'Sales',
};

export const ROLE_HINTS: Record<Role, string> = {
  admin: 'Everything, including administrators, roles and settings.',
  publisher: 'Edits, reviews and publishes pages, manages redirects, reads leads and analytics.',
  editor: 'Prepares changes to pages and uploads images; cannot publish them.',
  reviewer: 'Approves or rejects changes prepared by others; reads analytics.',
  sales: 'Reads and works the leads inbox and analytics.',
};

/** What a refusal says the caller lacks: "Your role (Editor) does not allow publishing." */
export const PERMISSION_PHRASES: Record<Permission, string> = {
  edit: 'editing pages or images',
  review: 'approving or rejecting changes',
  publish: 'publishing, scheduling, deleting pages or managing redirects',
  analytics: 'reading analytics',
  leads: 'reading or changing leads',
  accounts: 'managing administrators, roles or settings',
};

export function forbiddenMessage(role: Role, permission: Permission): string {
  return `Your role (${ROLE_LABELS[role]}) does not allow ${PERMISSION_PHRASES[permission]}`;
}
