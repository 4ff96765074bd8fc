// The edit form: Title, URL Slug, Active, Content (JSON) with a structured editor for the
// common sections, and the page's versions (diff against the current content, restore).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { diffLines } from 'diff';
import { useMemo, useState, type SyntheticEvent } from 'react';
import { fieldErrors } from '../../../functions/lib/errors.ts';
import { landingContentSchema } from '../../../functions/shared/landing-content.ts';
import { normalizeSlug } from '../../../functions/shared/slug.ts';
import {
  cachePage,
  describeError,
  formatTime,
  HttpError,
  request,
  versionsKey,
  type FieldErrors,
  type LandingPage,
  type PageVersion,
  type VersionSummary,
} from './api.ts';
import { StructuredEditor, type ContentErrors } from './structured-editor.tsx';
import { useToast } from './toast.tsx';
import { Button, FieldError, inputClass, Modal } from './ui.tsx';

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

const REASONS: Record<VersionSummary['reason'], string> = {
  update: 'Before a save',
  reset: 'Before a reset to the template',
  delete: 'At deletion',
  restore: 'Before a restore',
};

export function EditPageDialog({
  page,
  onClose,
  onChanged,
}: {
  page: LandingPage;
  onClose: () => void;
  onChanged: () => void;
}) {
  const [title, setTitle] = useState(page.title);
  const [slug, setSlug] = useState(page.slug);
  const [isActive, setIsActive] = useState(page.isActive);
  const [contentText, setContentText] = useState(pretty(page.content));
  const [invalidJson, setInvalidJson] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(page);
  const toast = useToast();
  const client = useQueryClient();

  const parsed = useMemo(() => parseJson(contentText), [contentText]);
  // Live field errors from the shared schema, as the server will judge the content.
  const liveErrors = useMemo<ContentErrors>(() => {
    if (!parsed.ok) return {};
    const result = landingContentSchema.safeParse(parsed.value);
    return result.success ? {} : fieldErrors(result.error.issues);
  }, [parsed]);
  const contentServerErrors = Object.fromEntries(
    Object.entries(serverErrors)
      .filter(([key]) => key.startsWith('content.') || key === 'content')
      .map(([key, problems]) => [key.replace(/^content\.?/, '') || '(content)', problems]),
  );

  const save = useMutation({
    mutationFn: (content: unknown) =>
      request<LandingPage>('PUT', `/api/landing-pages/${page.id}`, {
        title,
        slug,
        isActive,
        content,
      }),
    onSuccess: (saved) => {
      cachePage(client, saved);
      toast({ title: 'Landing page updated successfully' });
      onChanged();
      void client.invalidateQueries({ queryKey: versionsKey(page.id) });
      onClose();
    },
    onError: (error) => {
      setServerErrors(error instanceof HttpError ? error.fields : {});
      toast({
        title: 'Failed to update landing page',
        description: describeError(error),
        variant: 'destructive',
      });
    },
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setServerErrors({});
    if (!parsed.ok) {
      setInvalidJson(true);
      return;
    }
    setInvalidJson(false);
    const missing: FieldErrors = {};
    if (!title.trim()) missing['title'] = ['is required'];
    if (!slug.trim()) missing['slug'] = ['is required'];
    if (Object.keys(missing).length) {
      setServerErrors(missing);
      return;
    }
    save.mutate(parsed.value);
  };

  const restored = (next: LandingPage) => {
    setSaved(next);
    setTitle(next.title);
    setSlug(next.slug);
    setIsActive(next.isActive);
    setContentText(pretty(next.content));
    setServerErrors({});
    setInvalidJson(false);
  };

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Edit Landing Page" wide>
      <form onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid min-w-0 gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor="edit-title" className="text-sm font-medium">
                Title
              </label>
              <input
                id="edit-title"
                required
                value={title}
                onChange={(e) => setTitle(e.target.value)}
                aria-invalid={Boolean(serverErrors['title'])}
                aria-describedby={serverErrors['title'] ? 'edit-title-error' : undefined}
                className={inputClass}
              />
              <FieldError id="edit-title-error" messages={serverErrors['title']} />
            </div>
            <div>
              <label htmlFor="edit-slug" className="text-sm font-medium">
                URL Slug
              </label>
              <input
                id="edit-slug"
                required
                value={slug}
                onChange={(e) => setSlug(normalizeSlug(e.target.value))}
                aria-invalid={Boolean(serverErrors['slug'])}
                aria-describedby={serverErrors['slug'] ? 'edit-slug-error' : undefined}
                className={inputClass}
              />
              <FieldError id="edit-slug-error" messages={serverErrors['slug']} />
            </div>
          </div>
          <div className="flex items-center gap-3">
            <button
              id="edit-active"
              type="button"
              role="switch"
              aria-checked={isActive}
              onClick={() => setIsActive(!isActive)}
              className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors ${
                isActive ? 'bg-brand-700' : 'bg-slate-400'
              }`}
            >
              <span
                aria-hidden="true"
                className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${
                  isActive ? 'translate-x-5' : 'translate-x-0.5'
                }`}
              />
              <span className="sr-only">Active</span>
            </button>
            <span className="text-sm" aria-hidden="true">
              Active {isActive ? '(public)' : '(hidden from visitors)'}
            </span>
          </div>

          <section
            aria-labelledby="structured-heading"
            className="rounded-lg border border-slate-200 p-3"
          >
            <h3 id="structured-heading" className="text-sm font-semibold text-ink">
              Sections
            </h3>
            {parsed.ok ? (
              <StructuredEditor
                content={parsed.value}
                errors={{ ...contentServerErrors, ...liveErrors }}
                onChange={(next) => {
                  setContentText(pretty(next));
                  setInvalidJson(false);
                }}
              />
            ) : (
              <p className="mt-2 text-sm text-slate-600">
                Fix the JSON below to edit the sections here.
              </p>
            )}
          </section>

          <div>
            <label htmlFor="edit-content" className="text-sm font-medium">
              Content (JSON)
            </label>
            <textarea
              id="edit-content"
              rows={18}
              spellCheck={false}
              value={contentText}
              onChange={(e) => {
                setContentText(e.target.value);
                setInvalidJson(false);
              }}
              aria-invalid={invalidJson || Object.keys(contentServerErrors).length > 0}
              aria-describedby="edit-content-problems"
              className={`${inputClass} font-mono text-xs`}
            />
            <div id="edit-content-problems">
              {invalidJson && (
                <p
                  role="alert"
                  className="mt-2 rounded-md bg-red-50 p-2 text-sm font-medium text-red-800"
                >
                  Invalid JSON content
                </p>
              )}
              {Object.keys(contentServerErrors).length > 0 && (
                <div role="alert" className="mt-2 rounded-md bg-red-50 p-2 text-sm text-red-800">
                  <p className="font-medium">The content was not saved:</p>
                  <ul className="list-disc pl-5" data-testid="content-errors">
                    {Object.entries(contentServerErrors).map(([key, problems]) => (
                      <li key={key}>
                        <code>{key}</code> {problems.join('; ')}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </div>
          </div>
          <div className="flex justify-end gap-2">
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="primary" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </div>
        <Versions
          page={saved}
          currentText={contentText}
          onRestored={restored}
          onChanged={onChanged}
        />
      </form>
    </Modal>
  );
}

function Versions({
  page,
  currentText,
  onRestored,
  onChanged,
}: {
  page: LandingPage;
  currentText: string;
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
    <aside
      aria-labelledby="versions-heading"
      className="min-w-0 rounded-lg border border-slate-200 p-3"
    >
      <h3 id="versions-heading" className="text-sm font-semibold text-ink">
        Versions
      </h3>
      {versions.isPending && (
        <p role="status" className="mt-2 text-sm">
          Loading versions...
        </p>
      )}
      {versions.isError && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          The versions could not be loaded: {describeError(versions.error)}
        </p>
      )}
      {versions.data?.length === 0 && (
        <p className="mt-2 text-sm text-slate-600">
          No earlier versions yet. Each save keeps the previous content here.
        </p>
      )}
      {versions.data && versions.data.length > 0 && (
        <ol className="mt-2 grid gap-2" aria-label="Versions, newest first">
          {versions.data.map((version) => (
            <li
              key={version.versionId}
              data-testid="version"
              className="rounded-md bg-slate-50 p-2 text-sm"
            >
              <p className="font-medium">{formatTime(version.createdAt)}</p>
              <p className="text-slate-600">
                {REASONS[version.reason]} by {version.actor}
              </p>
              <div className="mt-1 flex gap-1">
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
                  onClick={() => restore.mutate(version)}
                >
                  Restore
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {loadError && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {loadError}
        </p>
      )}
      {compared && (
        <VersionDiff
          version={compared}
          currentText={currentText}
          onClose={() => setCompared(undefined)}
        />
      )}
    </aside>
  );
}

function VersionDiff({
  version,
  currentText,
  onClose,
}: {
  version: PageVersion;
  currentText: string;
  onClose: () => void;
}) {
  const parsed = parseJson(currentText);
  const current = parsed.ok ? pretty(parsed.value) : currentText;
  const parts = diffLines(pretty(version.content), current);
  const changed = parts.some((part) => part.added || part.removed);
  return (
    <section
      aria-label="Differences"
      className="mt-3 rounded-md border border-slate-200 p-2"
      data-testid="version-diff"
    >
      <div className="flex items-center justify-between">
        <h4 className="text-sm font-semibold">
          Version of {formatTime(version.createdAt)} vs. the editor
        </h4>
        <Button variant="ghost" className="px-2 py-1" onClick={onClose}>
          Hide
        </Button>
      </div>
      <p className="text-xs text-slate-600">
        Lines marked − are only in the version; lines marked + are only in the current content.
      </p>
      {!changed && <p className="mt-2 text-sm">No differences.</p>}
      <pre className="mt-2 max-h-72 overflow-auto text-xs">
        {parts
          .filter((part) => part.added || part.removed)
          .map((part, index) => (
            <span
              key={index}
              className={`block whitespace-pre-wrap ${part.added ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}
            >
              {part.value
                .replace(/\n$/, '')
                .split('\n')
                .map((line) => `${part.added ? '+' : '−'} ${line}`)
                .join('\n')}
            </span>
          ))}
      </pre>
    </section>
  );
}
