// Whether the public site shows the latest changes: up to date, building or failed.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buildStatusSchema, type BuildStatus } from '../../../functions/shared/api/build.ts';
import { BUILD_KEY, buildQuery, describeError, formatTime, request } from './api.ts';
import { Button } from './ui.tsx';

const LABELS: Record<BuildStatus['state'], string> = {
  'up-to-date': 'Public site up to date',
  building: 'Public site rebuilding...',
  failed: 'Public site build failed',
  disabled: 'Automatic rebuilds are off',
};

const DOTS: Record<BuildStatus['state'], string> = {
  'up-to-date': 'bg-brand-600',
  building: 'bg-amber-500 animate-pulse',
  failed: 'bg-red-600',
  disabled: 'bg-slate-400',
};

export function BuildStatusBar() {
  const client = useQueryClient();
  // The one query that polls: only while a build runs, to show when it lands.
  const status = useQuery({
    ...buildQuery,
    refetchInterval: (query) => (query.state.data?.state === 'building' ? 1500 : false),
  });
  const rebuild = useMutation({
    mutationFn: () => request(buildStatusSchema, 'POST', '/api/admin/build'),
    onSuccess: (data) => client.setQueryData(BUILD_KEY, data),
  });
  if (status.isError) {
    return (
      <span role="status" className="text-red-700">
        Build status unavailable ({describeError(status.error)})
      </span>
    );
  }
  const data = status.data;
  if (!data) return <span role="status">Checking the public site...</span>;
  return (
    <div className="flex items-center gap-2" data-testid="build-status" data-state={data.state}>
      <span
        aria-hidden="true"
        className={`inline-block h-2.5 w-2.5 rounded-full ${DOTS[data.state]}`}
      />
      <span role="status">
        {LABELS[data.state]}
        {data.lastFinishedAt && data.state !== 'building' && (
          <span className="text-slate-600"> · last build {formatTime(data.lastFinishedAt)}</span>
        )}
      </span>
      {data.state === 'failed' && (
        <>
          <details className="relative">
            <summary className="cursor-pointer text-red-700 underline">Build log</summary>
            <div className="absolute right-0 z-30 mt-2 w-[min(40rem,90vw)] rounded-md border border-slate-300 bg-white p-3 shadow-lg">
              <pre className="max-h-80 overflow-auto text-xs whitespace-pre-wrap text-slate-800">
                {data.logTail ?? 'No log output.'}
              </pre>
              {data.logUrl && (
                <a
                  href={data.logUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-sm text-brand-700 underline"
                >
                  Full build log
                </a>
              )}
            </div>
          </details>
          <Button onClick={() => rebuild.mutate()} disabled={rebuild.isPending}>
            Rebuild now
          </Button>
        </>
      )}
    </div>
  );
}
