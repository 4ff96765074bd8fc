// A page's versions, newest first: each can be compared with the editor's content (a
// field-level list of what changed since it) and restored, as before (the content it
// replaces is kept as a new version).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  describeError,
  formatTime,
  request,
  versionsKey,
  type LandingPage,
  type PageVersion,
  type VersionSummary,
} from '../api.ts';
import { useToast } from '../toast.tsx';
import { Button } from '../ui.tsx';
import { ChangeList, pageChanges, type PageSnapshot } from './change-list.tsx';

const REASONS: Record<VersionSummary['reason'], string> = {
  update: 'Before a save',
  reset: 'Before a reset to the template',
  delete: 'At deletion',
  restore: 'Before a restore',
};

export function VersionsPanel({
  page,
  current,
  beforeRestore,
  onRestored,
  onChanged,
}: {
  page: LandingPage;
  /** What the editor holds now (the comparison's other side). */
  current: PageSnapshot;
  /** Resolves false when the administrator keeps unsaved edits instead. */
  beforeRestore: () => Promise<boolean>;
  onRestored: (page: LandingPage) => void;
  onChanged: () => void;
}) {
  const versions = useQuery<VersionSummary[]>({ queryKey: versionsKey(page.id) });
  const [compared, setCompared] = useState<PageVersion | undefined>();
  const [loadError, setLoadError] = useState<string | undefined>();
  const toast = useToast();
  const client = useQueryClient();

  const compare = async (version: VersionSummary) => {
    setLoadError(undefined);
    try {
      setCompared(
        await request<PageVersion>(
          'GET',
          `/api/admin/pages/${page.id}/versions/${encodeURIComponent(version.versionId)}`,
        ),
      );
    } catch (error) {
      setLoadError(describeError(error));
    }
  };

  const restore = useMutation({
    mutationFn: (version: VersionSummary) =>
      request<LandingPage>(
        'POST',
        `/api/admin/pages/${page.id}/versions/${encodeURIComponent(version.versionId)}/restore`,
      ),
    onSuccess: (next) => {
      setCompared(undefined);
      onRestored(next);
      onChanged();
      void client.invalidateQueries({ queryKey: versionsKey(page.id) });
      toast({
        title: 'Version restored successfully',
        description: 'The content it replaced is kept as a new version.',
      });
    },
    onError: (error) =>
      toast({
        title: 'Failed to restore version',
        description: describeError(error),
        variant: 'destructive',
      }),
  });

  return (
    <section aria-labelledby="versions-heading" className="grid gap-3">
      <h3 id="versions-heading" className="text-sm font-semibold text-ink">
        Versions
      </h3>
      {versions.isPending && (
        <p role="status" className="text-sm">
          Loading versions...
        </p>
      )}
      {versions.isError && (
        <p role="alert" className="text-sm text-red-800">
          The versions could not be loaded: {describeError(versions.error)}
        </p>
      )}
      {versions.data?.length === 0 && (
        <p className="text-sm text-slate-600">
          No earlier versions yet. Each save keeps the previous content here.
        </p>
      )}
      {versions.data && versions.data.length > 0 && (
        <ol className="grid gap-2" aria-label="Versions, newest first">
          {versions.data.map((version) => (
            <li
              key={version.versionId}
              data-testid="version"
              className={`flex flex-wrap items-center justify-between gap-2 rounded-md p-2 text-sm ${
                compared?.versionId === version.versionId
                  ? 'bg-brand-50 ring-1 ring-brand-600'
                  : 'bg-slate-50'
              }`}
            >
              <div>
                <p className="font-medium">{formatTime(version.createdAt)}</p>
                <p className="text-slate-600">
                  {REASONS[version.reason]} by {version.actor}
                </p>
              </div>
              <div className="flex gap-1">
                <Button
                  variant="ghost"
                  className="px-2 py-1"
                  aria-label={`Compare the version of ${formatTime(version.createdAt)}`}
                  onClick={() => void compare(version)}
                >
                  Compare
                </Button>
                <Button
                  variant="ghost"
                  className="px-2 py-1"
                  disabled={restore.isPending}
                  aria-label={`Restore the version of ${formatTime(version.createdAt)}`}
                  onClick={() => void beforeRestore().then((go) => go && restore.mutate(version))}
                >
                  Restore
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {loadError && (
        <p role="alert" className="text-sm text-red-800">
          {loadError}
        </p>
      )}
      {compared && (
        <section
          aria-labelledby="version-diff-heading"
          className="rounded-md border border-slate-200 p-3"
          data-testid="version-diff"
        >
          <div className="flex items-start justify-between gap-2">
            <h4 id="version-diff-heading" className="text-sm font-semibold">
              Changed since the version of {formatTime(compared.createdAt)}
            </h4>
            <Button variant="ghost" className="px-2 py-1" onClick={() => setCompared(undefined)}>
              Hide
            </Button>
          </div>
          <p className="mb-2 text-xs text-slate-600">
            Struck-out values are the version&rsquo;s; the others are in the editor now. Restoring
            the version brings its title and content back.
          </p>
          <ChangeList
            // Slug and Active are not restored, so only title and content are compared.
            changes={pageChanges(
              { ...compared, slug: current.slug, isActive: current.isActive },
              current,
            )}
            emptyText="No differences: the editor holds this version."
          />
        </section>
      )}
    </section>
  );
}
