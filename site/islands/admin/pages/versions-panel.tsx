// A page's versions, newest first, each labelled "Version N" (1 is the oldest kept): each
// can be compared with the editor's content (a field-level list of what changed since it)
// and restored after a confirmation that names the fields the restore changes (the
// content it replaces is kept as a new version). The list API carries no per-version
// change summary, so the summary is the client-side diff, made when it is asked for. A
// version that was live carries its publication: the job code and the signatures that
// covered it (issue 37) and its inspection package; the live version's own heads the list.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError, formatTime } from '../api.ts';
import { useCan } from '../permissions.ts';
import { useToast } from '../toast.tsx';
import { Button, Modal } from '../ui.tsx';
import { ChangeList, pageChanges, type PageSnapshot } from './change-list.tsx';
import {
  versionsQuery,
  fetchVersion,
  pageKey,
  restoreVersion,
  savedToCopy,
  versionsKey,
  type LandingPage,
  type PageVersion,
  type VersionSummary,
} from '../common/pages-api.ts';
import { copyAsPage, WORKFLOW_SUMMARY_KEY } from '../common/workflow-api.ts';
import { PublicationDetails } from '../common/publication.tsx';
import { jobCodeLabel } from '../../../../functions/shared/job-codes.ts';
import { PackageDownload } from './package-download.tsx';

const REASONS: Record<VersionSummary['reason'], string> = {
  update: 'Before a save',
  reset: 'Before a reset to the template',
  delete: 'At deletion',
  restore: 'Before a restore',
  publish: 'The live version a publish replaced',
  unpublish: 'Before it was taken off the site',
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
  const versions = useQuery(versionsQuery(page.id));
  // Reviewers and sales read versions; restoring one is an edit (issue 35).
  const mayRestore = useCan('edit');
  const [compared, setCompared] = useState<PageVersion | undefined>();
  const [loadError, setLoadError] = useState<string | undefined>();
  /** The version whose restore is being confirmed, loaded with its content. */
  const [asking, setAsking] = useState<{ version: PageVersion; number: number } | undefined>();
  const toast = useToast();
  const client = useQueryClient();

  const load = async (version: VersionSummary) => {
    setLoadError(undefined);
    try {
      return await fetchVersion(page.id, version.versionId);
    } catch (error) {
      setLoadError(describeError(error));
      return undefined;
    }
  };
  const compare = async (version: VersionSummary) => {
    const loaded = await load(version);
    if (loaded) setCompared(loaded);
  };
  const askRestore = async (version: VersionSummary, number: number) => {
    const loaded = await load(version);
    if (loaded) setAsking({ version: loaded, number });
  };
  // Slug and Active are not restored, so only title and content are compared.
  const changesTo = (version: PageVersion) =>
    pageChanges({ ...version, slug: current.slug, isActive: current.isActive }, current);

  const restore = useMutation({
    mutationFn: (version: VersionSummary) => restoreVersion(page.id, version.versionId),
    onSuccess: (answer) => {
      setCompared(undefined);
      setAsking(undefined);
      // A live page while review is required: the version went into the working copy.
      const copied = savedToCopy(answer);
      onRestored(copied ? copyAsPage(page, answer.workingCopy) : answer);
      onChanged();
      void client.invalidateQueries({ queryKey: versionsKey(page.id) });
      if (copied) {
        void client.invalidateQueries({ queryKey: pageKey(page.id) });
        void client.invalidateQueries({ queryKey: WORKFLOW_SUMMARY_KEY });
      }
      toast({
        title: copied ? 'Version restored into the working copy' : 'Version restored successfully',
        description: copied ? answer.message : 'The content it replaced is kept as a new version.',
      });
    },
    onError: (error) => {
      setAsking(undefined);
      toast({
        title: 'Failed to restore version',
        description: describeError(error),
        variant: 'destructive',
      });
    },
  });

  return (
    <section aria-labelledby="versions-heading" className="grid gap-3">
      <h3 id="versions-heading" className="text-sm font-semibold text-ink">
        Versions
      </h3>
      {page.isActive && page.publication && (
        <div className="rounded-md bg-brand-50 p-2 text-sm" data-testid="live-publication">
          <PublicationDetails publication={page.publication} heading="Visitors see" />
          <PackageDownload
            pageId={page.id}
            versionId="live"
            label={jobCodeLabel(page.publication)}
          />
        </div>
      )}
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
          {versions.data.map((version, index, all) => (
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
                <p className="font-medium">
                  Version {all.length - index}{' '}
                  <span className="font-normal text-slate-600">
                    · {formatTime(version.createdAt)}
                  </span>
                </p>
                <p className="text-slate-600">
                  {REASONS[version.reason]} by {version.actor}
                </p>
                <p className="text-slate-600">
                  Title then: <span className="text-slate-900">{version.title}</span>
                </p>
                {version.publication && (
                  <>
                    <PublicationDetails publication={version.publication} heading="Job code" />
                    <PackageDownload
                      pageId={page.id}
                      versionId={version.versionId}
                      label={jobCodeLabel(version.publication)}
                    />
                  </>
                )}
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
                {mayRestore && (
                  <Button
                    variant="ghost"
                    className="px-2 py-1"
                    disabled={restore.isPending}
                    aria-label={`Restore the version of ${formatTime(version.createdAt)}`}
                    onClick={() => void askRestore(version, all.length - index)}
                  >
                    Restore
                  </Button>
                )}
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
            changes={changesTo(compared)}
            emptyText="No differences: the editor holds this version."
          />
        </section>
      )}
      {asking && (
        <Modal
          open
          onOpenChange={(open) => !open && setAsking(undefined)}
          role="alertdialog"
          wide
          title={`Restore version ${asking.number}?`}
          description={`The title and content of ${formatTime(asking.version.createdAt)} replace what the editor holds. What they replace is kept as a new version, so this can be undone.`}
        >
          <h4 className="text-sm font-semibold">What changes</h4>
          <ChangeList
            // The restore goes from the editor's content to the version's.
            changes={pageChanges(current, {
              ...asking.version,
              slug: current.slug,
              isActive: current.isActive,
            })}
            emptyText="Nothing: the editor already holds this version."
          />
          <div className="mt-4 flex justify-end gap-2">
            <Button onClick={() => setAsking(undefined)}>Cancel</Button>
            <Button
              variant="primary"
              disabled={restore.isPending}
              onClick={() => {
                const chosen = asking.version;
                // Unsaved edits ask here too; the version dialog closes first.
                setAsking(undefined);
                void beforeRestore().then((go) => go && restore.mutate(chosen));
              }}
            >
              Restore version {asking.number}
            </Button>
          </div>
        </Modal>
      )}
    </section>
  );
}
