// Administrator accounts: the request and response shapes of /api/auth and /api/account,
// imported by the routes and by the admin islands alike (sign-in, setup, Account area).
import * as z from 'zod';
import { PERMISSIONS, roleSchema, type Role } from './roles.ts';

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;
/** What the forms that set a password say about the rule (lib/passwords.ts enforces it). */
export const PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters; common passwords are refused.`;
export const MAX_NAME_LENGTH = 100;
/** Recovery codes: 12 characters of Crockford's base32 (60 bits), shown as xxxx-xxxx-xxxx. */
export const RECOVERY_CODE_COUNT = 10;

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(254, 'must be at most 254 characters')
  .pipe(z.email('must be an email address'));

/** A password being checked (sign-in, confirming an action): any non-empty string. */
export const currentPasswordSchema = z
  .string()
  .min(1, 'is required')
  .max(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters`);

/**
 * A new password. The server also refuses passwords on a list of leaked ones
 * (functions/lib/passwords.ts); that list is too large to ship to the browser.
 */
export const newPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters`);

const isControl = (ch: string) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f;

export const nameSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(MAX_NAME_LENGTH, `must be at most ${MAX_NAME_LENGTH} characters`)
  .refine((value) => ![...value].some(isControl), 'must be on one line');

/** A one-time token from a link (setup, invitation) or the sign-in's second step. */
export const tokenSchema = z
  .string()
  .min(1, 'is required')
  .max(200, 'is not a valid link token')
  .regex(/^[A-Za-z0-9_-]+$/, 'is not a valid link token');

/**
 * What the sign-in's second step accepts: a 6-digit code from the authenticator app or a
 * recovery code (spaces and dashes ignored, any letter case).
 */
export const codeSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(40, 'must be a 6-digit code or a recovery code');

// ---- /api/auth -------------------------------------------------------------------------

export const loginRequestSchema = z.strictObject({
  email: emailSchema,
  password: currentPasswordSchema,
});

export const loginCodeRequestSchema = z.strictObject({
  token: tokenSchema,
  code: codeSchema,
});

export const sessionInfoSchema = z.object({
  email: z.string(),
  expiresAt: z.string(),
});

/** POST /api/auth/login: signed in, or a second step (a code) is needed first. */
export const loginResponseSchema = z.discriminatedUnion('status', [
  sessionInfoSchema.extend({ status: z.literal('signed-in') }),
  z.object({
    status: z.literal('code-required'),
    /** Sent back with the code; valid for a few minutes and a few tries. */
    token: z.string(),
    expiresAt: z.string(),
  }),
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const setupRequestSchema = z.strictObject({
  token: tokenSchema,
  email: emailSchema,
  name: nameSchema.optional(),
  password: newPasswordSchema,
});

/** GET /api/auth/setup?token=: the first-run link, or an invitation. */
export const setupCheckSchema = z.object({
  /** True while no administrator exists (the first-run setup link applies). */
  needed: z.boolean(),
  valid: z.boolean(),
  invitation: z.object({ email: z.string(), invitedBy: z.string() }).optional(),
});
export type SetupCheck = z.infer<typeof setupCheckSchema>;

export const acceptInvitationRequestSchema = z.strictObject({
  token: tokenSchema,
  name: nameSchema,
  password: newPasswordSchema,
});

/** POST /api/auth/password-reset: the account's e-mail ("Forgot password?"). */
export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });

/**
 * The answer to every accepted request, whether or not the account exists, so it reveals
 * nothing (docs/decisions/0145-password-reset-request.md).
 */
export const PASSWORD_RESET_SENT =
  'If an administrator account uses that email address, a link to choose a new password is on its way. It works once, for 30 minutes.';
export const passwordResetAcceptedSchema = z.object({ message: z.literal(PASSWORD_RESET_SENT) });
export type PasswordResetAccepted = z.infer<typeof passwordResetAcceptedSchema>;

/** POST /api/auth/password-reset/confirm: the link's token and the new password. */
export const passwordResetConfirmSchema = z.strictObject({
  token: tokenSchema,
  password: newPasswordSchema,
});

/** The password is set: whose, and whether signing in still asks for a code (it does). */
export const passwordResetDoneSchema = z.object({ email: z.string(), twoFactor: z.boolean() });
export type PasswordResetDone = z.infer<typeof passwordResetDoneSchema>;

/** POST /api/account/admins/:email/password-reset: the link, shown once to copy. */
export const resetLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type ResetLink = z.infer<typeof resetLinkSchema>;

// ---- /api/account ----------------------------------------------------------------------

export const accountSchema = z.object({
  email: z.string(),
  name: z.string().optional(),
  twoFactor: z.object({
    enabled: z.boolean(),
    enabledAt: z.string().optional(),
    recoveryCodesLeft: z.number().int(),
  }),
});
export type Account = z.infer<typeof accountSchema>;

export const changePasswordRequestSchema = z.strictObject({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});

/** PUT /api/account/password: how many of their other sessions the change ended. */
export const passwordChangedSchema = z.object({ otherSessionsEnded: z.number().int() });
export type PasswordChanged = z.infer<typeof passwordChangedSchema>;

export const adminSummarySchema = z.object({
  email: z.string(),
  name: z.string().optional(),
  disabled: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().optional(),
  twoFactor: z.boolean(),
  role: roleSchema,
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;

export const invitationSummarySchema = z.object({
  /** The stored hash of the token: names the invitation without revealing the link. */
  id: z.string(),
  email: z.string(),
  invitedBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The role the invitee gets on joining. */
  role: roleSchema,
});
export type InvitationSummary = z.infer<typeof invitationSummarySchema>;

export const administratorsSchema = z.object({
  admins: z.array(adminSummarySchema),
  invitations: z.array(invitationSummarySchema),
});
export type Administrators = z.infer<typeof administratorsSchema>;

/** The role defaults to the least that can work on pages (docs/decisions/0131-roles.md). */
export const INVITE_DEFAULT_ROLE: Role = 'editor';
export const inviteRequestSchema = z.strictObject({
  email: emailSchema,
  role: roleSchema.default(INVITE_DEFAULT_ROLE),
});

/** PATCH /api/account/admins/:email */
export const setRoleRequestSchema = z.strictObject({ role: roleSchema });

/** GET /api/auth/me: who is signed in, and what their role lets the admin show. */
export const meSchema = z.object({
  email: z.string(),
  expiresAt: z.string().optional(),
  role: roleSchema,
  permissions: z.array(z.enum(PERMISSIONS)),
  /**
   * What the e-signature dialog asks (docs/decisions/0530-signature-components-and-checklist.md):
   * whether this session has signed already (then the e-mail is optional), and the reviewer
   * checklist's items, each to be confirmed.
   */
  signing: z.object({ signedThisSession: z.boolean(), checklist: z.array(z.string()) }),
});
export type Me = z.infer<typeof meSchema>;

/** POST /api/account/invitations: the token is shown once; only its hash is stored. */
export const inviteResponseSchema = invitationSummarySchema.extend({
  token: z.string(),
  /** True when the link also went out by e-mail (a mail transport is configured). */
  emailed: z.boolean(),
});
export type InviteResponse = z.infer<typeof inviteResponseSchema>;

export const sessionSummarySchema = z.object({
  /** The stored hash of the session id, never the id (the cookie) itself. */
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().optional(),
  ip: z.string().optional(),
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

/** GET /api/account/sessions */
export const sessionListSchema = z.object({ sessions: z.array(sessionSummarySchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

export const enrolmentSchema = z.object({
  /** Base32, for typing into an app by hand; never sent again once enrolment is confirmed. */
  secret: z.string(),
  /** otpauth://totp/... for the QR code. */
  uri: z.string(),
  expiresAt: z.string(),
});
export type Enrolment = z.infer<typeof enrolmentSchema>;

export const confirmEnrolmentRequestSchema = z.strictObject({ code: codeSchema });

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const disableTwoFactorRequestSchema = z.strictObject({
  password: currentPasswordSchema,
  code: codeSchema,
});

export const regenerateRecoveryCodesRequestSchema = z.strictObject({ code: codeSchema });

/** Session and invitation ids in paths: the base64url SHA-256 of the secret. */
export const hashIdSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
