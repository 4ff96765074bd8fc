// API tokens in the Account area (issue 40, docs/decisions/0567-api-tokens.md), for admins:
// the tokens that work (name, scopes, creator, made, expiry, last use), "Create token"
// (a name, the scopes the signed-in role may give, an expiry) whose secret is shown once
// with a Copy button, and Revoke after a confirmation. Dialogs give focus back to their
// opener (ui.tsx Modal).
import * as Dialog from '@radix-ui/react-dialog';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  createdTokenSchema,
  roleAllowsScope,
  SCOPE_LABELS,
  TOKEN_EXPIRY_DAYS,
  TOKEN_SCOPES,
  tokenListSchema,
  type ApiToken,
  type TokenScope,
} from '../../../../functions/shared/api-tokens.ts';
import { describeError, formatTime, HttpError, noContent, request } from '../api.ts';
import { CopyButton } from '../common/copyable-link.tsx';
import { useMe } from '../permissions.ts';
import { useToast } from '../toast.tsx';
import { Button, ConfirmDialog, FieldError, FormAlert, Modal, TextField, Tooltip } from '../ui.tsx';
import { AUDIT_KEY } from './account-api.ts';

const TOKENS_KEY = ['/api/admin/tokens'] as const;
const tokensQuery = queryOptions({
  queryKey: TOKENS_KEY,
  queryFn: () => request(tokenListSchema, 'GET', '/api/admin/tokens'),
});

export function ApiTokensSection() {
  const tokens = useQuery(tokensQuery);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | undefined>();
  const client = useQueryClient();
  const toast = useToast();
  const revoke = useMutation({
    mutationFn: (token: ApiToken) =>
      request(noContent, 'DELETE', `/api/admin/tokens/${token.id}`).then(() => token),
    onSuccess: (token) => {
      setRevoking(undefined);
      void client.invalidateQueries({ queryKey: TOKENS_KEY });
      void client.invalidateQueries({ queryKey: AUDIT_KEY });
      toast({ title: 'API token revoked', description: `“${token.name}” no longer works.` });
    },
    onError: (failure) =>
      toast({
        title: 'The token could not be revoked',
        description: describeError(failure),
        variant: 'destructive',
      }),
  });

  return (
    <section
      id="api-tokens"
      aria-labelledby="api-tokens-heading"
      className="rounded-xl border border-slate-200 bg-white p-6 lg:col-span-2"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-72">
          <h2 id="api-tokens-heading" className="text-lg font-semibold text-ink">
            API tokens
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            For scripts and other systems (a CRM, a BI tool): each calls the API as the person who
            made it, with only the scopes chosen here.
          </p>
        </div>
        <Button variant="primary" onClick={() => setCreating(true)}>
          Create token
        </Button>
      </div>
      {tokens.isPending && <p role="status">Loading API tokens...</p>}
      {tokens.isError && <p role="alert">{describeError(tokens.error)}</p>}
      {tokens.data && tokens.data.tokens.length === 0 && (
        <p className="mt-4 text-sm text-slate-600">No API tokens yet.</p>
      )}
      {tokens.data && tokens.data.tokens.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-100" aria-label="API tokens">
          {tokens.data.tokens.map((token) => (
            <li
              key={token.id}
              data-testid="api-token"
              className="flex flex-wrap items-center justify-between gap-3 py-3"
            >
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{token.name}</p>
                <p className="text-sm wrap-anywhere text-slate-700">{token.scopes.join(', ')}</p>
                <p className="text-sm text-slate-600">
                  Made by {token.createdBy} on {formatTime(token.createdAt)} ·{' '}
                  {token.expiresAt ? `expires ${formatTime(token.expiresAt)}` : 'never expires'} ·{' '}
                  {token.lastUsedAt ? `last used ${formatTime(token.lastUsedAt)}` : 'never used'}
                </p>
              </div>
              <Tooltip content="Stops the token at once; scripts using it get 401">
                <Button
                  variant="danger"
                  onClick={() => setRevoking(token)}
                  aria-label={`Revoke ${token.name}`}
                >
                  Revoke
                </Button>
              </Tooltip>
            </li>
          ))}
        </ul>
      )}
      <CreateTokenDialog open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={revoking !== undefined}
        onOpenChange={(open) => {
          if (!open) setRevoking(undefined);
        }}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        message="Every script or system using this token is refused from its next call. This cannot be undone; make a new token if they still need access."
        confirmLabel="Revoke token"
        onConfirm={() => revoking && revoke.mutate(revoking)}
        busy={revoke.isPending}
      />
    </section>
  );
}

function CreateTokenDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const me = useMe();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>([]);
  const [expiry, setExpiry] = useState('90');
  const create = useMutation({
    mutationFn: () =>
      request(createdTokenSchema, 'POST', '/api/admin/tokens', {
        name,
        scopes,
        expiresInDays: expiry === 'never' ? null : Number(expiry),
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: TOKENS_KEY });
      void client.invalidateQueries({ queryKey: AUDIT_KEY });
    },
  });
  const created = create.data;
  const fields = create.error instanceof HttpError ? create.error.fields : {};
  const offered = TOKEN_SCOPES.filter((scope) => me && roleAllowsScope(me.role, scope));
  const openChange = (next: boolean) => {
    onOpenChange(next);
    // The secret is shown once: closing forgets it, and the form starts afresh.
    if (!next) {
      create.reset();
      setName('');
      setScopes([]);
      setExpiry('90');
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <Modal
      open={open}
      onOpenChange={openChange}
      title={created ? `API token “${created.name}”` : 'Create an API token'}
      description={
        created ? undefined : 'It calls the API as you, limited to the scopes you choose.'
      }
    >
      {created ? (
        <div className="grid gap-4">
          <div role="status" className="grid gap-2">
            <p className="text-sm text-slate-700">
              Copy the token now and keep it somewhere safe: it will not be shown again. Send it as{' '}
              <code className="font-mono text-xs">Authorization: Bearer …</code>.
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <label htmlFor="api-token-value" className="sr-only">
                API token
              </label>
              <input
                id="api-token-value"
                data-testid="api-token-value"
                readOnly
                value={created.token}
                onFocus={(e) => e.target.select()}
                className="min-w-0 flex-1 basis-64 rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs text-slate-900"
              />
              <CopyButton text={created.token} label="Copy token" />
            </div>
          </div>
          <div className="flex justify-end">
            <Dialog.Close asChild>
              <Button variant="primary">Done</Button>
            </Dialog.Close>
          </div>
        </div>
      ) : (
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <TextField
            label="Name"
            hint="What uses it, e.g. CRM sync"
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
            errors={fields['name']}
          />
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Scopes</legend>
            <div className="mt-1 grid gap-1">
              {offered.map((scope) => (
                <label key={scope} className="flex items-start gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="mt-1"
                    checked={scopes.includes(scope)}
                    onChange={(e) =>
                      setScopes((current) =>
                        e.target.checked
                          ? [...current, scope]
                          : current.filter((chosen) => chosen !== scope),
                      )
                    }
                  />
                  <span>
                    <span className="font-mono text-xs">{scope}</span>{' '}
                    <span className="text-slate-600">{SCOPE_LABELS[scope]}</span>
                  </span>
                </label>
              ))}
            </div>
            <FieldError id="api-token-scopes-error" messages={fields['scopes']} label="Scopes" />
          </fieldset>
          <div>
            <label htmlFor="api-token-expiry" className="text-sm font-medium text-slate-800">
              Expires
            </label>
            <select
              id="api-token-expiry"
              value={expiry}
              onChange={(e) => setExpiry(e.target.value)}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900"
            >
              {TOKEN_EXPIRY_DAYS.map((days) => (
                <option key={days} value={String(days)}>
                  In {days} days
                </option>
              ))}
              <option value="never">Never</option>
            </select>
          </div>
          <FormAlert
            message={
              create.isError && Object.keys(fields).length === 0
                ? describeError(create.error)
                : undefined
            }
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button>Cancel</Button>
            </Dialog.Close>
            <Button type="submit" variant="primary" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create token'}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
