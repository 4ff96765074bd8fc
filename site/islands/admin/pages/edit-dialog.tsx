// The page editor: Title, URL Slug, Published, the content as generated section forms and
// as JSON (one object, kept in sync), a live preview beside them, and the page's versions.
// Saves carry the revision the form started from, so a save on a page someone else saved
// meanwhile opens the conflict dialog instead of overwriting. Edits are guarded: closing
// asks before discarding them, and they are kept in this browser until saved
// (pages/local-drafts.ts) and offered back after a crash or an expired session.
import * as Dialog from '@radix-ui/react-dialog';
import * as Tabs from '@radix-ui/react-tabs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type SyntheticEvent,
} from 'react';
import { fieldErrors } from '../../../../functions/shared/field-errors.ts';
import type { UpdatePageRequest } from '../../../../functions/shared/api.ts';
import {
  landingContentSchema,
  type LandingContent,
} from '../../../../functions/shared/landing-content.ts';
import {
  DEFAULT_SLUG,
  livePath,
  normalizeSlug,
  publicPath,
} from '../../../../functions/shared/slug.ts';
import { sameJson } from '../../../../functions/shared/stable-json.ts';
import { authGate, describeError, formatTime, HttpError, type FieldErrors } from '../api.ts';
import { ConflictDialog } from './conflict-dialog.tsx';
import { DiscardDialog } from './discard-dialog.tsx';
import { parseJsonText, prettyContent } from './json-text.ts';
import {
  cachePage,
  fetchPage,
  pageKey,
  updatePage,
  versionsKey,
  type LandingPage,
} from './pages-api.ts';
import { LivePreview } from './live-preview.tsx';
import { loadDraft, removeDraft, saveDraft, type LocalDraft } from './local-drafts.ts';
import { useUnsavedGuard } from './unsaved.ts';
import { VersionsPanel } from './versions-panel.tsx';
import { StructuredEditor, type ContentErrors } from './structured-editor.tsx';
import { useToast } from '../toast.tsx';
import { Button, FieldError, inputClass, useReturnFocus } from '../ui.tsx';
import { useDialogCloser } from '../dialog-stack.ts';

interface Form {
  title: string;
  slug: string;
  isActive: boolean;
  contentText: string;
}

const formOf = (page: LandingPage): Form => ({
  title: page.title,
  slug: page.slug,
  isActive: page.isActive,
  contentText: prettyContent(page.content),
});

/** How long typing may pause before the local draft is written. */
const DRAFT_DELAY_MS = 400;

export function EditPageDialog({
  page,
  onClose,
  onChanged,
}: {
  page: LandingPage;
  onClose: () => void;
  onChanged: () => void;
}) {
  const email = authGate.email ?? '';
  /** The server's version this form is based on. */
  const [base, setBase] = useState(page);
  /** The revision a save is based on (an offered-back draft keeps its own). */
  const [baseRevision, setBaseRevision] = useState(page.revision);
  const [form, setForm] = useState<Form>(() => formOf(page));
  const [draftOffer, setDraftOffer] = useState<LocalDraft | undefined>(() => {
    const draft = loadDraft(page.id, email);
    if (!draft) return undefined;
    const initial = formOf(page);
    const same =
      draft.title === initial.title &&
      draft.slug === initial.slug &&
      draft.isActive === initial.isActive &&
      draft.contentText === initial.contentText;
    if (same) removeDraft(page.id);
    return same ? undefined : draft;
  });
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [showJsonAlert, setShowJsonAlert] = useState(false);
  const [conflict, setConflict] = useState<string | undefined>();
  const [discardAsk, setDiscardAsk] = useState<((discard: boolean) => void) | undefined>();
  const [contentTab, setContentTab] = useState('sections');
  const [sideTab, setSideTab] = useState('preview');
  const [section, setSection] = useState<keyof LandingContent | undefined>();
  const toast = useToast();
  const client = useQueryClient();
  const titleInput = useRef<HTMLInputElement>(null);

  const parsed = useMemo(() => parseJsonText(form.contentText), [form.contentText]);
  // The structured editor and the preview keep working while the JSON text is broken:
  // they show the last text that parsed (state derived while rendering, as React advises
  // for values that depend on earlier renders).
  const [lastParsed, setLastParsed] = useState<unknown>(page.content);
  if (parsed.ok && parsed.value !== lastParsed) setLastParsed(parsed.value);
  const contentValue = parsed.ok ? parsed.value : lastParsed;
  const checked = useMemo(() => landingContentSchema.safeParse(contentValue), [contentValue]);
  // The preview shows the last content the schema accepted.
  const [lastValid, setLastValid] = useState<LandingContent | undefined>(undefined);
  if (checked.success && checked.data !== lastValid) setLastValid(checked.data);
  const previewContent = useDeferredValue(checked.success ? checked.data : lastValid);
  // Live field errors from the shared schema, as the server will judge the content.
  const liveErrors = useMemo<ContentErrors>(
    () => (checked.success ? {} : fieldErrors(checked.error.issues)),
    [checked],
  );
  const contentServerErrors = Object.fromEntries(
    Object.entries(serverErrors)
      .filter(([key]) => key.startsWith('content.') || key === 'content')
      .map(([key, problems]) => [key.replace(/^content\.?/, '') || '(content)', problems]),
  );

  const dirty =
    form.title !== base.title ||
    form.slug !== base.slug ||
    form.isActive !== base.isActive ||
    !parsed.ok ||
    !sameJson(parsed.value, base.content);

  // A fresher copy of the page than the list's, taken while nothing is edited yet.
  const fresh = useQuery<LandingPage>({
    queryKey: pageKey(page.id),
    queryFn: () => fetchPage(page.id),
    gcTime: 0,
  });
  const latest = fresh.data;
  if (latest && latest.revision > base.revision && !dirty && !draftOffer) {
    setBase(latest);
    setBaseRevision(latest.revision);
    setForm(formOf(latest));
  }

  // Keep unsaved edits in this browser; an offered draft stays until it is answered.
  useEffect(() => {
    if (draftOffer) return;
    const timer = setTimeout(() => {
      if (!dirty) removeDraft(page.id);
      else {
        saveDraft({
          pageId: page.id,
          email,
          savedAt: new Date().toISOString(),
          baseRevision,
          ...form,
        });
      }
    }, DRAFT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [form, dirty, draftOffer, baseRevision, page.id, email]);

  /** Resolves true to discard the edits, false to keep editing. */
  const askDiscard = useCallback(
    () => new Promise<boolean>((resolve) => setDiscardAsk(() => resolve)),
    [],
  );
  const confirmDiscard = useCallback(async () => {
    if (!dirty) return true;
    const discard = await askDiscard();
    if (discard) removeDraft(page.id);
    return discard;
  }, [dirty, askDiscard, page.id]);
  useUnsavedGuard(dirty, confirmDiscard);

  const requestClose = async () => {
    if (await confirmDiscard()) {
      if (!draftOffer) removeDraft(page.id);
      onClose();
    }
  };
  const returnFocus = useReturnFocus(true);
  useDialogCloser(true, () => void requestClose());

  const resetTo = (next: LandingPage) => {
    setBase(next);
    setBaseRevision(next.revision);
    setForm(formOf(next));
    setServerErrors({});
    setShowJsonAlert(false);
  };

  const save = useMutation({
    mutationFn: ({ revision, content }: { revision: number; content: unknown }) =>
      updatePage(page.id, {
        title: form.title,
        slug: form.slug,
        isActive: form.isActive,
        content,
        revision,
        // The content as typed: the server judges it (the editor shows its schema errors).
      } as UpdatePageRequest),
    onSuccess: (saved) => {
      removeDraft(page.id);
      setConflict(undefined);
      setBase(saved);
      setBaseRevision(saved.revision);
      cachePage(client, saved);
      toast({ title: 'Landing page updated successfully' });
      onChanged();
      void client.invalidateQueries({ queryKey: versionsKey(page.id) });
      onClose();
    },
    onError: (error) => {
      if (error instanceof HttpError && error.status === 409 && error.fields['revision']) {
        setConflict(describeError(error));
        return;
      }
      setConflict(undefined);
      setServerErrors(error instanceof HttpError ? error.fields : {});
      toast({
        title: 'Failed to update landing page',
        description: describeError(error),
        variant: 'destructive',
      });
    },
  });

  const submit = (event?: SyntheticEvent) => {
    event?.preventDefault();
    setServerErrors({});
    if (!parsed.ok) {
      setShowJsonAlert(true);
      return;
    }
    setShowJsonAlert(false);
    const missing: FieldErrors = {};
    if (!form.title.trim()) missing['title'] = ['is required'];
    if (!form.slug.trim()) missing['slug'] = ['is required'];
    if (Object.keys(missing).length) {
      setServerErrors(missing);
      return;
    }
    save.mutate({ revision: baseRevision, content: parsed.value });
  };

  const setContent = (next: unknown) => {
    setForm((current) => ({ ...current, contentText: JSON.stringify(next, null, 2) }));
    setShowJsonAlert(false);
  };

  const mine = {
    title: form.title,
    slug: form.slug,
    isActive: form.isActive,
    content: contentValue,
  };
  const jsonProblem = parsed.ok
    ? undefined
    : `line ${parsed.line}, column ${parsed.column}: ${parsed.message}`;
  const isDefault = base.slug === DEFAULT_SLUG;
  const address = form.isActive ? publicPath(form.slug || base.slug) : livePath(base.slug);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && void requestClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          aria-describedby="edit-page-address"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            titleInput.current?.focus();
          }}
          className="fixed inset-0 z-50 flex flex-col bg-white shadow-xl sm:inset-3 sm:rounded-xl"
        >
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-slate-200 py-3 pr-14 pl-4">
            <Dialog.Title className="text-lg font-semibold text-ink">
              Edit Landing Page
            </Dialog.Title>
            <p id="edit-page-address" className="text-sm text-slate-600">
              <span className="font-mono">{publicPath(base.slug)}</span>{' '}
              <span className="whitespace-nowrap">· revision {baseRevision}</span>
              {dirty && (
                <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                  Unsaved changes
                </span>
              )}
            </p>
          </div>

          <div className="min-h-0 flex-1 overflow-y-auto lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:overflow-hidden">
            <form
              id="edit-page-form"
              onSubmit={submit}
              noValidate
              className="grid content-start gap-4 p-4 lg:overflow-y-auto"
            >
              {draftOffer && (
                <div
                  role="region"
                  aria-label="Unsaved edits kept in this browser"
                  className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
                  data-testid="draft-offer"
                >
                  <p className="font-medium">
                    You have unsaved edits to this page from {formatTime(draftOffer.savedAt)}.
                  </p>
                  <p className="mt-1">
                    They were kept in this browser when the window closed or the session ended
                    before they were saved.
                    {draftOffer.baseRevision !== base.revision &&
                      ' The page has been saved since; saving them will ask how to combine the two.'}
                  </p>
                  <div className="mt-2 flex flex-wrap gap-2">
                    <Button
                      variant="primary"
                      onClick={() => {
                        setForm({
                          title: draftOffer.title,
                          slug: draftOffer.slug,
                          isActive: draftOffer.isActive,
                          contentText: draftOffer.contentText,
                        });
                        setBaseRevision(draftOffer.baseRevision);
                        setDraftOffer(undefined);
                      }}
                    >
                      Restore my edits
                    </Button>
                    <Button
                      onClick={() => {
                        removeDraft(page.id);
                        setDraftOffer(undefined);
                      }}
                    >
                      Discard them
                    </Button>
                  </div>
                </div>
              )}
              <div className="grid gap-4 sm:grid-cols-2">
                <div>
                  <label htmlFor="edit-title" className="text-sm font-medium">
                    Title
                  </label>
                  <input
                    id="edit-title"
                    ref={titleInput}
                    required
                    value={form.title}
                    onChange={(e) => setForm({ ...form, title: e.target.value })}
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
                    value={form.slug}
                    readOnly={isDefault}
                    onChange={(e) => setForm({ ...form, slug: normalizeSlug(e.target.value) })}
                    aria-invalid={Boolean(serverErrors['slug'])}
                    aria-describedby={
                      [
                        isDefault ? 'edit-slug-hint' : '',
                        serverErrors['slug'] ? 'edit-slug-error' : '',
                      ]
                        .join(' ')
                        .trim() || undefined
                    }
                    className={`${inputClass} read-only:bg-slate-100`}
                  />
                  {isDefault && (
                    <p id="edit-slug-hint" className="mt-1 text-xs text-slate-600">
                      The default page is the home page (/); its slug cannot change.
                    </p>
                  )}
                  <FieldError id="edit-slug-error" messages={serverErrors['slug']} />
                </div>
              </div>
              <div className="flex items-start gap-3">
                <button
                  id="edit-active"
                  type="button"
                  role="switch"
                  aria-checked={form.isActive}
                  aria-describedby="edit-active-state"
                  onClick={() => setForm({ ...form, isActive: !form.isActive })}
                  className={`relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors ${
                    form.isActive ? 'bg-brand-700' : 'bg-slate-400'
                  }`}
                >
                  <span
                    aria-hidden="true"
                    className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${
                      form.isActive ? 'translate-x-5' : 'translate-x-0.5'
                    }`}
                  />
                  <span className="sr-only">Active</span>
                </button>
                <p id="edit-active-state" className="text-sm">
                  {form.isActive ? (
                    <>
                      <span className="font-medium">Live</span>: visitors can open it at{' '}
                      <span className="font-mono">{address}</span> once the site is rebuilt.
                    </>
                  ) : (
                    <>
                      <span className="font-medium">Draft</span>: only signed-in administrators can
                      preview it, at <span className="font-mono">{address}</span>.
                    </>
                  )}
                </p>
              </div>

              <Tabs.Root value={contentTab} onValueChange={setContentTab}>
                <Tabs.List
                  aria-label="Content editor"
                  className="inline-flex rounded-lg bg-slate-100 p-1"
                >
                  <Tabs.Trigger
                    value="sections"
                    className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow"
                  >
                    Sections
                  </Tabs.Trigger>
                  <Tabs.Trigger
                    value="json"
                    className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow"
                  >
                    JSON
                    {!parsed.ok && (
                      <span className="ml-1 rounded-full bg-red-700 px-1.5 text-xs text-white">
                        !<span className="sr-only"> invalid</span>
                      </span>
                    )}
                  </Tabs.Trigger>
                </Tabs.List>
                <Tabs.Content value="sections" className="pt-3">
                  {jsonProblem && (
                    <p
                      role="status"
                      className="mb-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900"
                    >
                      Invalid JSON content ({jsonProblem}). These fields show the last valid JSON;
                      changing one replaces the JSON text with them.
                    </p>
                  )}
                  <StructuredEditor
                    content={contentValue}
                    errors={{ ...contentServerErrors, ...liveErrors }}
                    onChange={setContent}
                    isDefaultPage={isDefault}
                    onSectionChange={setSection}
                  />
                </Tabs.Content>
                <Tabs.Content value="json" className="grid gap-2 pt-3">
                  <label htmlFor="edit-content" className="text-sm font-medium">
                    Content (JSON)
                  </label>
                  <textarea
                    id="edit-content"
                    rows={24}
                    spellCheck={false}
                    value={form.contentText}
                    onChange={(e) => {
                      setForm({ ...form, contentText: e.target.value });
                      setShowJsonAlert(false);
                    }}
                    aria-invalid={!parsed.ok || Object.keys(contentServerErrors).length > 0}
                    aria-describedby="edit-content-problems"
                    className={`${inputClass} font-mono text-xs`}
                  />
                  <div id="edit-content-problems" aria-live="polite">
                    {jsonProblem && (
                      <p
                        {...(showJsonAlert ? { role: 'alert' } : {})}
                        data-testid="json-problem"
                        className="rounded-md bg-red-50 p-2 text-sm text-red-800"
                      >
                        <span className="font-medium">Invalid JSON content</span> ({jsonProblem})
                      </p>
                    )}
                  </div>
                </Tabs.Content>
              </Tabs.Root>
              {(showJsonAlert && contentTab === 'sections' && jsonProblem) ||
              Object.keys(contentServerErrors).length > 0 ? (
                <div role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
                  {showJsonAlert && jsonProblem && contentTab === 'sections' && (
                    <p className="font-medium">
                      Invalid JSON content ({jsonProblem}). Nothing was saved.
                    </p>
                  )}
                  {Object.keys(contentServerErrors).length > 0 && (
                    <>
                      <p className="font-medium">The content was not saved:</p>
                      <ul className="list-disc pl-5" data-testid="content-errors">
                        {Object.entries(contentServerErrors).map(([key, problems]) => (
                          <li key={key}>
                            <code>{key}</code> {problems.join('; ')}
                          </li>
                        ))}
                      </ul>
                    </>
                  )}
                </div>
              ) : null}
            </form>

            <div className="border-t border-slate-200 p-4 lg:overflow-y-auto lg:border-t-0 lg:border-l">
              <Tabs.Root value={sideTab} onValueChange={setSideTab}>
                <Tabs.List
                  aria-label="Preview and history"
                  className="inline-flex rounded-lg bg-slate-100 p-1"
                >
                  {[
                    ['preview', 'Preview'],
                    ['versions', 'Versions'],
                  ].map(([value, label]) => (
                    <Tabs.Trigger
                      key={value}
                      value={value!}
                      className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow"
                    >
                      {label}
                    </Tabs.Trigger>
                  ))}
                </Tabs.List>
                <Tabs.Content value="preview" className="pt-3">
                  {previewContent ? (
                    <LivePreview
                      content={previewContent}
                      stale={!checked.success || !parsed.ok}
                      focusSection={section}
                    />
                  ) : (
                    <p className="text-sm text-slate-600">
                      The preview appears once the content passes the checks: fix the marked fields.
                    </p>
                  )}
                </Tabs.Content>
                <Tabs.Content value="versions" className="pt-3">
                  <VersionsPanel
                    page={base}
                    current={mine}
                    beforeRestore={confirmDiscard}
                    onRestored={resetTo}
                    onChanged={onChanged}
                  />
                </Tabs.Content>
              </Tabs.Root>
            </div>
          </div>

          <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 px-4 py-3">
            <Button onClick={() => void requestClose()}>Cancel</Button>
            <Button type="submit" form="edit-page-form" variant="primary" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
          <button
            type="button"
            aria-label="Close"
            onClick={() => void requestClose()}
            className="absolute top-2.5 right-3 rounded p-1 text-2xl leading-none text-slate-500 hover:text-slate-900"
          >
            ×
          </button>

          <DiscardDialog
            open={discardAsk !== undefined}
            onKeep={() => {
              discardAsk?.(false);
              setDiscardAsk(undefined);
            }}
            onDiscard={() => {
              discardAsk?.(true);
              setDiscardAsk(undefined);
            }}
          />
          {conflict !== undefined && (
            <ConflictDialog
              pageId={page.id}
              message={conflict}
              mine={mine}
              busy={save.isPending}
              onCancel={() => setConflict(undefined)}
              onReload={(theirs) => {
                setConflict(undefined);
                removeDraft(page.id);
                resetTo(theirs);
                toast({
                  title: 'Their version is loaded',
                  description: 'Your edits were discarded.',
                });
              }}
              onOverwrite={(theirs) => {
                if (parsed.ok) save.mutate({ revision: theirs.revision, content: parsed.value });
              }}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
