// The team: administrators with their last sign-in, role, a password reset link for a
// colleague, disable and enable (never yourself), invitations by one-time link (shown
// once), and the open invitations.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import {
  INVITE_DEFAULT_ROLE,
  inviteRequestSchema,
  type AdminSummary,
  type InvitationSummary,
  type InviteResponse,
} from '../../../../functions/shared/account.ts';
import { describeError, formatTime, type FieldErrors } from '../api.ts';
import { useToast } from '../toast.tsx';
import { Button, ConfirmDialog, inputClass, TextField, Tooltip } from '../ui.tsx';
import { ROLE_HINTS, ROLE_LABELS, ROLES, type Role } from '../../../../functions/shared/roles.ts';
import { checkForm, showFailure } from '../common/fields.tsx';
import { CopyableLink } from '../common/copyable-link.tsx';
import { ResetLinkButton } from './reset-link-dialog.tsx';
import {
  ADMINS_KEY,
  adminsQuery,
  AUDIT_KEY,
  inviteAdmin,
  setAdminEnabled,
  setRole,
  withdrawInvitation,
} from './account-api.ts';

const inviteLink = (token: string) =>
  `${window.location.origin}/admin/setup?token=${encodeURIComponent(token)}`;

export function AdministratorsSection({ me }: { me: string }) {
  const team = useQuery(adminsQuery);
  const [confirming, setConfirming] = useState<AdminSummary | undefined>();
  const client = useQueryClient();
  const toast = useToast();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ADMINS_KEY });
    void client.invalidateQueries({ queryKey: AUDIT_KEY });
  };

  const toggle = useMutation({
    mutationFn: (admin: AdminSummary) =>
      setAdminEnabled(admin.email, admin.disabled).then(() => admin),
    onSuccess: (admin) => {
      setConfirming(undefined);
      refresh();
      toast({
        title: admin.disabled ? `${admin.email} can sign in again` : `${admin.email} is disabled`,
        ...(admin.disabled ? {} : { description: 'Their sessions have ended.' }),
      });
    },
    onError: (failure) => {
      setConfirming(undefined);
      toast({
        title: 'Nothing changed',
        description: describeError(failure),
        variant: 'destructive',
      });
    },
  });

  const withdraw = useMutation({
    mutationFn: (invitation: InvitationSummary) =>
      withdrawInvitation(invitation.id).then(() => invitation),
    onSuccess: (invitation) => {
      refresh();
      toast({ title: `Invitation for ${invitation.email} withdrawn` });
    },
    onError: (failure) =>
      toast({
        title: 'Nothing changed',
        description: describeError(failure),
        variant: 'destructive',
      }),
  });

  return (
    <section
      aria-labelledby="admins-heading"
      className="rounded-xl border border-slate-200 bg-white p-6 lg:col-span-2"
    >
      <h2 id="admins-heading" className="text-lg font-semibold text-ink">
        Administrators
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Each person&apos;s role says what they may do; the server enforces it. A disabled account is
        signed out at once and cannot sign in until enabled again.
      </p>
      {team.isPending && <p role="status">Loading administrators...</p>}
      {team.isError && <p role="alert">{describeError(team.error)}</p>}
      {team.data && (
        <ul className="mt-4 divide-y divide-slate-100" aria-label="Administrators">
          {team.data.admins.map((admin) => (
            <li
              key={admin.email}
              data-testid="admin"
              className="flex flex-wrap items-center justify-between gap-3 py-3"
            >
              <div className="min-w-0">
                <p className="font-medium wrap-anywhere text-slate-900">
                  {admin.name ?? admin.email}
                  {admin.email === me && <Badge tone="brand">You</Badge>}
                  {admin.disabled && <Badge tone="red">Disabled</Badge>}
                  {admin.twoFactor && <Badge tone="slate">Two-factor on</Badge>}
                </p>
                <p className="text-sm wrap-anywhere text-slate-600">
                  {admin.name ? `${admin.email} · ` : ''}
                  {admin.lastSignInAt
                    ? `Last signed in ${formatTime(admin.lastSignInAt)}`
                    : 'Never signed in'}
                </p>
              </div>
              <RoleSelect admin={admin} onChanged={refresh} />
              {admin.email !== me && (
                <div className="flex flex-wrap gap-2">
                  {!admin.disabled && <ResetLinkButton email={admin.email} onMade={refresh} />}
                  <Button
                    onClick={() => (admin.disabled ? toggle.mutate(admin) : setConfirming(admin))}
                    disabled={toggle.isPending}
                    aria-label={`${admin.disabled ? 'Enable' : 'Disable'} ${admin.email}`}
                  >
                    {admin.disabled ? 'Enable' : 'Disable'}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <InviteForm onInvited={refresh} />
      {team.data && team.data.invitations.length > 0 && (
        <div className="mt-6">
          <h3 className="font-semibold text-ink">Open invitations</h3>
          <ul className="mt-2 divide-y divide-slate-100" aria-label="Open invitations">
            {team.data.invitations.map((invitation) => (
              <li
                key={invitation.id}
                data-testid="invitation"
                className="flex flex-wrap items-center justify-between gap-3 py-3"
              >
                <p className="min-w-0 flex-1 basis-64 text-sm wrap-anywhere text-slate-700">
                  <span className="font-medium text-slate-900">{invitation.email}</span> as{' '}
                  {ROLE_LABELS[invitation.role]}, invited by {invitation.invitedBy}; the link works
                  until {formatTime(invitation.expiresAt)}
                </p>
                <Button
                  onClick={() => withdraw.mutate(invitation)}
                  disabled={withdraw.isPending}
                  aria-label={`Withdraw the invitation for ${invitation.email}`}
                >
                  Withdraw
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <ConfirmDialog
        open={confirming !== undefined}
        onOpenChange={(open) => !open && setConfirming(undefined)}
        title={`Disable ${confirming?.email ?? ''}?`}
        message="They are signed out everywhere at once and cannot sign in until an administrator enables them again. Their pages and history stay."
        confirmLabel="Disable"
        onConfirm={() => confirming && toggle.mutate(confirming)}
        busy={toggle.isPending}
      />
    </section>
  );
}

function Badge({ tone, children }: { tone: 'brand' | 'red' | 'slate'; children: string }) {
  const tones = {
    brand: 'bg-brand-50 text-brand-800',
    red: 'bg-red-100 text-red-900',
    slate: 'bg-slate-200 text-slate-800',
  };
  return (
    <span
      className={`ml-2 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

/** An admin changes anyone's role here (the last active admin stays an admin: the server says so). */
function RoleSelect({ admin, onChanged }: { admin: AdminSummary; onChanged: () => void }) {
  const toast = useToast();
  const change = useMutation({
    mutationFn: (role: Role) => setRole(admin.email, role),
    onSuccess: (updated) => {
      onChanged();
      toast({ title: `${admin.email} is now ${ROLE_LABELS[updated.role]}` });
    },
    onError: (failure) =>
      toast({
        title: 'Role not changed',
        description: describeError(failure),
        variant: 'destructive',
      }),
  });
  const id = `role-${admin.email}`;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Role of {admin.email}
      </label>
      <Tooltip content={ROLE_HINTS[admin.role]}>
        <select
          id={id}
          className={inputClass}
          value={admin.role}
          disabled={admin.disabled || change.isPending}
          onChange={(event) => change.mutate(event.target.value as Role)}
        >
          {ROLES.map((option) => (
            <option key={option} value={option}>
              {ROLE_LABELS[option]}
            </option>
          ))}
        </select>
      </Tooltip>
    </div>
  );
}

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setInviteRole] = useState<Role>(INVITE_DEFAULT_ROLE);
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | undefined>();
  const [created, setCreated] = useState<InviteResponse | undefined>();
  const invite = useMutation({
    mutationFn: () => inviteAdmin(email, role),
    onSuccess: (invitation) => {
      setCreated(invitation);
      setEmail('');
      onInvited();
    },
    onError: (failure) => showFailure(failure, setFields, setError),
  });
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setError(undefined);
    setCreated(undefined);
    const problems = checkForm(inviteRequestSchema, { email, role }) ?? {};
    setFields(problems);
    if (Object.keys(problems).length === 0) invite.mutate();
  };
  return (
    <div className="mt-6 border-t border-slate-100 pt-6">
      <h3 className="font-semibold text-ink">Invite someone</h3>
      <form onSubmit={submit} noValidate className="mt-2 flex flex-wrap items-start gap-3">
        <TextField
          label="Their email"
          hint="They get a one-time link, valid for 72 hours, to choose a name and password."
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          errors={fields['email']}
          className="min-w-0 flex-1 basis-64"
        />
        <div className="grid gap-1">
          <label htmlFor="invite-role" className="text-sm font-medium text-slate-800">
            Role
          </label>
          <select
            id="invite-role"
            className={inputClass}
            value={role}
            aria-describedby="invite-role-hint"
            onChange={(event) => setInviteRole(event.target.value as Role)}
          >
            {ROLES.map((option) => (
              <option key={option} value={option}>
                {ROLE_LABELS[option]}
              </option>
            ))}
          </select>
          <p id="invite-role-hint" className="max-w-xs text-xs text-slate-600">
            {ROLE_HINTS[role]}
          </p>
        </div>
        <Button type="submit" variant="primary" disabled={invite.isPending} className="sm:mt-7">
          Create invitation
        </Button>
      </form>
      {error && (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      {created && (
        <div
          role="status"
          data-testid="invitation-link"
          className="mt-4 grid gap-2 rounded-md border border-amber-200 bg-amber-50 p-4"
        >
          <p className="text-sm text-amber-900">
            {created.emailed
              ? `The link went to ${created.email} by email. `
              : `Send this link to ${created.email} yourself. `}
            It is shown only this once and works once, until {formatTime(created.expiresAt)}.
          </p>
          <CopyableLink
            id="invitation-link-value"
            label="Invitation link"
            url={inviteLink(created.token)}
          />
        </div>
      )}
    </div>
  );
}
