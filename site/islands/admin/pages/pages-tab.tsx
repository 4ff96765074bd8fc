// The Pages tab (docs/requirements.md §2): page cards (page-card.tsx), create
// (create-page-dialog.tsx), edit (edit-dialog.tsx), reset, delete, plus the deleted pages
// that can be restored and the audit log.
import * as Accordion from '@radix-ui/react-accordion';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BUILD_KEY, buildQuery, describeError, formatTime } from '../api.ts';
import { useToast } from '../toast.tsx';
import { Button, ConfirmDialog } from '../ui.tsx';
import { CreatePageDialog } from './create-page-dialog.tsx';
import { EditPageDialog } from './edit-dialog.tsx';
import { useOpenEditorFromUrl } from '../common/editor/blocks/editor-url.ts';
import { PageCard } from './page-card.tsx';
import { SaveTemplateDialog } from './save-template-dialog.tsx';
import { useCan } from '../permissions.ts';
import { workflowSummaryQuery, WORKFLOW_SUMMARY_KEY } from '../common/workflow-api.ts';
import { AuditLogList } from './audit-log.tsx';
import {
  deletedPagesQuery,
  pagesQuery,
  AUDIT_KEY,
  cachePage,
  DELETED_KEY,
  deletePage,
  PAGES_KEY,
  pageKey,
  resetPage,
  restoreDeletedPage,
  savedToCopy,
  type DeletedPage,
  type LandingPage,
} from '../common/pages-api.ts';

export const RESET_CONFIRMATION =
  'Reset this page to the latest template? This will overwrite all current content.';
export const DELETE_CONFIRMATION =
  'Delete this page? It leaves the public site and can be restored from Deleted pages for 30 days.';

export function PagesTab({ onAnalytics }: { onAnalytics: (page: LandingPage) => void }) {
  const pages = useQuery(pagesQuery);
  const build = useQuery(buildQuery);
  // What the role may do (functions/shared/roles.ts); the API refuses the rest anyway.
  const canEdit = useCan('edit');
  const canPublish = useCan('publish');
  const canSeeAudit = useCan('accounts');
  // Working copies and schedules (issue 23): refreshed with the page list.
  const workflow = useQuery(workflowSummaryQuery);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<LandingPage | undefined>();
  // A reload with the editor open (?edit=<id>, blocks/editor-url.ts) opens it again.
  useOpenEditorFromUrl(pages.data, setEditing);
  const [resetting, setResetting] = useState<LandingPage | undefined>();
  const [deleting, setDeleting] = useState<LandingPage | undefined>();
  const [templating, setTemplating] = useState<LandingPage | undefined>();
  const toast = useToast();
  const client = useQueryClient();

  const afterChange = () => {
    void client.invalidateQueries({ queryKey: PAGES_KEY });
    void client.invalidateQueries({ queryKey: BUILD_KEY });
    void client.invalidateQueries({ queryKey: DELETED_KEY });
    void client.invalidateQueries({ queryKey: AUDIT_KEY });
    void client.invalidateQueries({ queryKey: WORKFLOW_SUMMARY_KEY });
  };

  const reset = useMutation({
    mutationFn: (page: LandingPage) => resetPage(page.id),
    onSuccess: (answer, page) => {
      setResetting(undefined);
      void client.invalidateQueries({ queryKey: pageKey(page.id) });
      // A live page while review is required: the template went into its working copy.
      if (savedToCopy(answer)) {
        void client.invalidateQueries({ queryKey: WORKFLOW_SUMMARY_KEY });
        toast({ title: 'The working copy was reset to the template', description: answer.message });
        return;
      }
      cachePage(client, answer);
      afterChange();
      toast({ title: 'Landing page reset to latest template successfully' });
    },
    onError: (error) => {
      setResetting(undefined);
      toast({
        title: 'Failed to reset landing page',
        description: describeError(error),
        variant: 'destructive',
      });
    },
  });

  const remove = useMutation({
    mutationFn: (page: LandingPage) => deletePage(page.id),
    onSuccess: () => {
      setDeleting(undefined);
      afterChange();
      toast({ title: 'Landing page deleted successfully' });
    },
    onError: (error) => {
      setDeleting(undefined);
      toast({
        title: 'Failed to delete landing page',
        description: describeError(error),
        variant: 'destructive',
      });
    },
  });

  return (
    <div className="grid gap-8">
      <section aria-labelledby="pages-heading">
        <div className="flex items-center justify-between gap-4">
          <h2 id="pages-heading" className="text-xl font-semibold text-ink">
            Pages
          </h2>
          {canEdit && (
            <Button variant="primary" onClick={() => setCreating(true)}>
              <span aria-hidden="true">+</span> New Page
            </Button>
          )}
        </div>
        {pages.isPending && (
          <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <p role="status" className="sr-only">
              Loading pages...
            </p>
            {Array.from({ length: 6 }, (_, index) => (
              <div
                key={index}
                data-testid="page-skeleton"
                aria-hidden="true"
                className="h-36 animate-pulse rounded-xl border border-slate-200 bg-white p-4"
              >
                <div className="h-5 w-2/3 rounded bg-slate-200" />
                <div className="mt-3 h-4 w-1/3 rounded bg-slate-200" />
                <div className="mt-8 h-8 w-full rounded bg-slate-100" />
              </div>
            ))}
          </div>
        )}
        {pages.isError && (
          <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-red-800">
            The pages could not be loaded: {describeError(pages.error)}
          </p>
        )}
        {pages.data && pages.data.length === 0 && (
          <p className="mt-4 text-slate-600">No landing pages yet. Create one with New Page.</p>
        )}
        {pages.data && pages.data.length > 0 && (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Landing pages">
            {pages.data.map((page) => (
              <PageCard
                key={page.id}
                page={page}
                build={build.data}
                workflow={workflow.data?.[page.id]}
                onEdit={() => setEditing(page)}
                onAnalytics={() => onAnalytics(page)}
                onReset={() => setResetting(page)}
                onDelete={() => setDeleting(page)}
                onSaveTemplate={() => setTemplating(page)}
              />
            ))}
          </ul>
        )}
      </section>

      <CreatePageDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(page) => {
          client.setQueryData<LandingPage[]>(PAGES_KEY, (list) => list && [...list, page]);
          afterChange();
          // The editor opens on the new page (issue 35).
          setEditing(page);
        }}
      />
      {editing && (
        <EditPageDialog
          key={editing.id}
          page={editing}
          onClose={() => setEditing(undefined)}
          onChanged={afterChange}
        />
      )}
      <SaveTemplateDialog page={templating} onClose={() => setTemplating(undefined)} />
      <ConfirmDialog
        open={Boolean(resetting)}
        onOpenChange={(open) => !open && setResetting(undefined)}
        title="Reset to latest template"
        message={RESET_CONFIRMATION}
        confirmLabel="Reset"
        busy={reset.isPending}
        onConfirm={() => resetting && reset.mutate(resetting)}
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title={`Delete ${deleting?.title ?? 'page'}`}
        message={DELETE_CONFIRMATION}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />

      <Accordion.Root type="multiple" className="grid gap-3">
        <Accordion.Item value="deleted" className="rounded-xl border border-slate-200 bg-white">
          <Accordion.Header asChild>
            <h2>
              <Accordion.Trigger className="flex w-full items-center justify-between p-4 text-left font-semibold text-ink">
                Deleted pages <span aria-hidden="true">▾</span>
              </Accordion.Trigger>
            </h2>
          </Accordion.Header>
          <Accordion.Content className="px-4 pb-4">
            <DeletedPages onRestored={afterChange} mayRestore={canPublish} />
          </Accordion.Content>
        </Accordion.Item>
        {canSeeAudit && (
          <Accordion.Item value="audit" className="rounded-xl border border-slate-200 bg-white">
            <Accordion.Header asChild>
              <h2>
                <Accordion.Trigger className="flex w-full items-center justify-between p-4 text-left font-semibold text-ink">
                  Audit log <span aria-hidden="true">▾</span>
                </Accordion.Trigger>
              </h2>
            </Accordion.Header>
            <Accordion.Content className="px-4 pb-4">
              <AuditLogList />
            </Accordion.Content>
          </Accordion.Item>
        )}
      </Accordion.Root>
    </div>
  );
}

function DeletedPages({
  onRestored,
  mayRestore,
}: {
  onRestored: () => void;
  /** Restoring puts a page back on the site: the publish permission's. */
  mayRestore: boolean;
}) {
  const deleted = useQuery(deletedPagesQuery);
  const toast = useToast();
  const restore = useMutation({
    mutationFn: (page: DeletedPage) => restoreDeletedPage(page.id),
    onSuccess: (page) => {
      toast({
        title: 'Landing page restored successfully',
        // Live before it was deleted, and review is required: it is back as a draft.
        description: page.notice ?? `${page.title} is back at /${page.slug}.`,
      });
      onRestored();
    },
    onError: (error) =>
      toast({
        title: 'Failed to restore landing page',
        description: describeError(error),
        variant: 'destructive',
      }),
  });
  if (deleted.isPending) return <p role="status">Loading deleted pages...</p>;
  if (deleted.isError)
    return (
      <p role="alert">The deleted pages could not be loaded: {describeError(deleted.error)}</p>
    );
  if (deleted.data.length === 0)
    return <p className="text-slate-600">No deleted pages in the last 30 days.</p>;
  return (
    <ul className="divide-y divide-slate-200" aria-label="Deleted pages">
      {deleted.data.map((page) => (
        <li key={page.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
          <div>
            <p className="font-medium">
              {page.title} <span className="text-slate-600">/{page.slug}</span>
            </p>
            <p className="text-sm text-slate-600">
              Deleted {formatTime(page.deletedAt)} by {page.deletedBy}; restorable until{' '}
              {formatTime(page.restorableUntil)}
            </p>
          </div>
          {mayRestore && (
            <Button
              onClick={() => restore.mutate(page)}
              disabled={restore.isPending}
              aria-label={`Restore ${page.title}`}
            >
              Restore
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
