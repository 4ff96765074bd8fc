// My sessions: where and when each started, when it was last used; any can be ended (this
// browser's own signs it out).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionSummary } from '../../../../functions/shared/account.ts';
import { authGate, describeError, formatTime } from '../api.ts';
import { useToast } from '../toast.tsx';
import { Button } from '../ui.tsx';
import { AUDIT_KEY, endSession, SESSIONS_KEY, sessionsQuery } from './account-api.ts';
import { describeUserAgent } from './user-agent.ts';

export function SessionsSection() {
  const sessions = useQuery(sessionsQuery);
  const client = useQueryClient();
  const toast = useToast();
  const end = useMutation({
    mutationFn: (session: SessionSummary) => endSession(session.id).then(() => session),
    onSuccess: (session) => {
      if (session.current) {
        client.clear();
        authGate.signedOut();
        return;
      }
      void client.invalidateQueries({ queryKey: SESSIONS_KEY });
      void client.invalidateQueries({ queryKey: AUDIT_KEY });
      toast({ title: 'Session ended', description: describeUserAgent(session.userAgent) });
    },
    onError: (failure) =>
      toast({
        title: 'The session could not be ended',
        description: describeError(failure),
        variant: 'destructive',
      }),
  });

  return (
    <section
      aria-labelledby="sessions-heading"
      className="rounded-xl border border-slate-200 bg-white p-6"
    >
      <h2 id="sessions-heading" className="text-lg font-semibold text-ink">
        Your sessions
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Browsers signed in to your account. End any you do not recognise, then change your password.
      </p>
      {sessions.isPending && <p role="status">Loading sessions...</p>}
      {sessions.isError && <p role="alert">{describeError(sessions.error)}</p>}
      {sessions.data && (
        <ul className="mt-4 divide-y divide-slate-100" aria-label="Active sessions">
          {sessions.data.sessions.map((session) => {
            const name = describeUserAgent(session.userAgent);
            return (
              <li
                key={session.id}
                data-testid="session"
                className="flex flex-wrap items-center justify-between gap-3 py-3"
              >
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {name}
                    {session.current && (
                      <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                        This browser
                      </span>
                    )}
                  </p>
                  <p className="text-sm text-slate-600">
                    Signed in {formatTime(session.createdAt)} · last active{' '}
                    {formatTime(session.lastSeenAt)}
                    {session.ip && session.ip !== 'unknown' ? ` · from ${session.ip}` : ''}
                  </p>
                  {session.userAgent && (
                    <p className="text-xs wrap-anywhere text-slate-500">{session.userAgent}</p>
                  )}
                </div>
                <Button
                  onClick={() => end.mutate(session)}
                  disabled={end.isPending}
                  aria-label={
                    session.current
                      ? 'Sign out here (ends this session)'
                      : `End session: ${name}, signed in ${formatTime(session.createdAt)}`
                  }
                >
                  {session.current ? 'Sign out here' : 'End session'}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
