// The page editor: Title, URL Slug, Published, the content as blocks (blocks/block-editor.tsx),
// as JSON (one object, kept in sync), a live preview beside them, and the page's versions.
// Saves carry the revision the form started from, so a save on a page someone else saved
// meanwhile opens the conflict dialog instead of overwriting. Edits are guarded: closing
// asks before discarding them, and they are kept in this browser until saved
// (local-drafts.ts) and offered back after a crash or an expired session. The state is
// use-page-editor.ts's; this file is the dialog's layout.
import * as Dialog from '@radix-ui/react-dialog';
import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useRef, useState } from 'react';
import { normalizeSlug, publicPath } from '../../../../functions/shared/slug.ts';
import { useDialogCloser } from '../dialog-stack.ts';
import { Button, FieldError, inputClass, useReturnFocus } from '../ui.tsx';
import { ConflictDialog } from './conflict-dialog.tsx';
import { ContentFields } from './content-fields.tsx';
import { DiscardDialog } from '../common/discard-dialog.tsx';
import { DraftOffer } from './draft-offer.tsx';
import { editorStatus, STATUS_TONES, useEditorAccess } from './editor-status.ts';
import { LivePreview } from '../common/editor/live-preview.tsx';
import { ReadOnlyView } from './read-only-view.tsx';
import { usePageEditor, type PageEditorProps } from './use-page-editor.ts';
import { VersionsPanel } from './versions-panel.tsx';
import { WorkflowPanel } from './workflow-panel.tsx';
import { LanguagesPanel } from './locales/languages-panel.tsx';
import { LOCALE_PARAM, TRANSLATE_PARAM } from './locales/locale-url.ts';
import { useCan } from '../permissions.ts';
import {
  BLOCK_PARAM,
  EDIT_PARAM,
  setEditorParams,
  TAB_PARAM,
  THREAD_PARAM,
  useEditorParam,
} from '../common/editor/blocks/editor-url.ts';

export function EditPageDialog(props: PageEditorProps) {
  const { page, onChanged } = props;
  // The editor is in the URL (?edit=<id>&block=<id>, blocks/editor-url.ts) while it is open.
  useEffect(() => setEditorParams({ [EDIT_PARAM]: page.id }), [page.id]);
  const onClose = () => {
    setEditorParams({
      [EDIT_PARAM]: undefined,
      [BLOCK_PARAM]: undefined,
      [THREAD_PARAM]: undefined,
      [TAB_PARAM]: undefined,
      [LOCALE_PARAM]: undefined,
      [TRANSLATE_PARAM]: undefined,
    });
    props.onClose();
  };
  const editor = usePageEditor({ ...props, onClose });
  const selectedBlock = useEditorParam(BLOCK_PARAM);
  const mayPublish = useCan('publish');
  // Reviewers and sales read the page: no inputs, no Save (issue 35, read-only-view.tsx).
  const access = useEditorAccess();
  const readOnly = access !== undefined && access !== 'edit';
  const { base, form, serverErrors, isDefault, requestClose, save } = editor;
  const status = editorStatus({
    access: access ?? 'edit',
    copyMode: editor.copyMode,
    live: base.isActive,
    makesLive: form.isActive,
  });
  // The side tab is in the URL (?tab=review|versions|languages) when it is not the first one,
  // so a reload, or a page card's link to its check errors (page-card.tsx), shows it.
  const urlTab = useEditorParam(TAB_PARAM);
  const urlTabs = ['review', 'versions', 'languages'];
  const [chosenTab, setChosenTab] = useState(
    urlTab && urlTabs.includes(urlTab) ? urlTab : readOnly ? 'review' : 'preview',
  );
  const setSideTab = (tab: string) => {
    setChosenTab(tab);
    setEditorParams({ [TAB_PARAM]: urlTabs.includes(tab) ? tab : undefined });
  };
  // The read-only view shows the page itself: its side has the Review and Versions tabs.
  const sideTab = readOnly && chosenTab === 'preview' ? 'review' : chosenTab;
  // A comment thread in the URL (a block's pin, a mention e-mail's link) opens the Review tab.
  // (Set while rendering, as React advises for state that follows a changed input.)
  const thread = useEditorParam(THREAD_PARAM);
  const [shownThread, setShownThread] = useState<string>();
  if (thread !== shownThread) {
    setShownThread(thread);
    if (thread) setChosenTab('review');
  }
  const titleInput = useRef<HTMLInputElement>(null);
  const sideTabs = useRef<HTMLDivElement>(null);
  const returnFocus = useReturnFocus(true);
  useDialogCloser(true, () => void requestClose());

  return (
    <Dialog.Root open onOpenChange={(open) => !open && void requestClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          aria-describedby="edit-page-address"
          onOpenAutoFocus={(event) => {
            // The title field for editors; the first control of the read-only view otherwise.
            if (!titleInput.current) return;
            event.preventDefault();
            titleInput.current.focus();
          }}
          className="fixed inset-0 z-50 flex flex-col bg-white shadow-xl sm:inset-3 sm:rounded-xl"
        >
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-slate-200 py-3 pr-14 pl-4">
            <Dialog.Title className="text-lg font-semibold text-ink">
              {readOnly ? 'View Landing Page' : 'Edit Landing Page'}
            </Dialog.Title>
            <p
              id="edit-page-address"
              className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600"
            >
              <span className="font-mono">{publicPath(base.slug)}</span>{' '}
              <span className="whitespace-nowrap" data-testid="editor-revision">
                · revision {editor.revision}
              </span>
              {/* The one status line (editor-status.ts). */}
              <span
                data-testid="edited-copy"
                className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONES[status.tone]}`}
              >
                {status.text}
              </span>
              {editor.dirty && (
                <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                  Unsaved changes
                </span>
              )}
            </p>
          </div>

          <div className="min-h-0 flex-1 overflow-y-auto lg:grid lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:overflow-hidden">
            {access === undefined && (
              <p role="status" className="p-4 text-sm text-slate-600">
                Loading...
              </p>
            )}
            {readOnly && (
              <div className="p-4 lg:overflow-y-auto">
                <ReadOnlyView
                  editor={editor}
                  access={access}
                  onReview={() => {
                    setSideTab('review');
                    // On a phone the tab is below the page: bring it into view.
                    sideTabs.current?.querySelector<HTMLElement>('[data-tab="review"]')?.focus();
                  }}
                />
              </div>
            )}
            {access === 'edit' && (
              <form
                id="edit-page-form"
                onSubmit={editor.submit}
                noValidate
                className="grid content-start gap-4 p-4 lg:overflow-y-auto"
              >
                {editor.draftOffer && (
                  <DraftOffer
                    draft={editor.draftOffer}
                    baseRevision={base.revision}
                    onRestore={editor.restoreDraft}
                    onDiscard={editor.discardDraft}
                  />
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
                      onChange={(e) => editor.edit({ title: e.target.value })}
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
                      onChange={(e) => editor.edit({ slug: normalizeSlug(e.target.value) })}
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
                    disabled={editor.copyMode || !mayPublish}
                    onClick={() => editor.edit({ isActive: !form.isActive })}
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
                    {(editor.copyMode || !mayPublish) && (
                      <span className="block text-slate-600">
                        Publishing and unpublishing are in the Review tab
                        {mayPublish ? '' : ', for roles that publish'}.
                      </span>
                    )}
                    {/* The switch says where the page is seen; the header says the status. */}
                    {form.isActive ? (
                      <>
                        <span className="font-medium">Active</span>: visitors open it at{' '}
                        <span className="font-mono">{editor.address}</span>
                        {base.isActive ? '.' : ' once the site is rebuilt after the save.'}
                      </>
                    ) : (
                      <>
                        <span className="font-medium">Inactive</span>: only signed-in administrators
                        can preview it, at <span className="font-mono">{editor.address}</span>.
                      </>
                    )}
                  </p>
                </div>

                <ContentFields editor={editor} />
              </form>
            )}

            <div className="border-t border-slate-200 p-4 lg:overflow-y-auto lg:border-t-0 lg:border-l">
              <Tabs.Root value={sideTab} onValueChange={setSideTab}>
                <Tabs.List
                  ref={sideTabs}
                  aria-label="Preview and history"
                  className="inline-flex rounded-lg bg-slate-100 p-1"
                >
                  {[
                    ...(readOnly ? [] : [['preview', 'Preview']]),
                    ['review', 'Review'],
                    ['versions', 'Versions'],
                    ['languages', 'Languages'],
                  ].map(([value, label]) => (
                    <Tabs.Trigger
                      key={value}
                      data-tab={value}
                      value={value!}
                      className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow"
                    >
                      {label}
                    </Tabs.Trigger>
                  ))}
                </Tabs.List>
                <Tabs.Content value="preview" className="pt-3">
                  {readOnly ? null : editor.previewContent ? (
                    <LivePreview
                      content={editor.previewContent}
                      stale={!editor.valid || !editor.parsed.ok}
                      focusBlock={selectedBlock}
                    />
                  ) : (
                    <p className="text-sm text-slate-600">
                      The preview appears once the content passes the checks: fix the marked fields.
                    </p>
                  )}
                </Tabs.Content>
                <Tabs.Content value="review" className="pt-3">
                  <WorkflowPanel page={page} editor={editor} />
                </Tabs.Content>
                <Tabs.Content value="languages" className="pt-3">
                  <LanguagesPanel page={page} />
                </Tabs.Content>
                <Tabs.Content value="versions" className="pt-3">
                  <VersionsPanel
                    page={base}
                    current={editor.mine}
                    beforeRestore={editor.confirmDiscard}
                    onRestored={editor.resetTo}
                    onChanged={onChanged}
                  />
                </Tabs.Content>
              </Tabs.Root>
            </div>
          </div>

          <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 px-4 py-3">
            <Button onClick={() => void requestClose()}>{readOnly ? 'Close' : 'Cancel'}</Button>
            {access === 'edit' && (
              <Button
                type="submit"
                form="edit-page-form"
                variant="primary"
                disabled={save.isPending || !editor.ready}
              >
                {save.isPending
                  ? 'Saving...'
                  : editor.copyMode
                    ? 'Save working copy'
                    : 'Save Changes'}
              </Button>
            )}
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
            open={editor.discardAsked}
            onKeep={() => editor.answerDiscard(false)}
            onDiscard={() => editor.answerDiscard(true)}
          />
          {editor.conflict !== undefined && (
            <ConflictDialog
              pageId={page.id}
              message={editor.conflict}
              mine={editor.mine}
              busy={save.isPending}
              onCancel={editor.cancelConflict}
              onReload={editor.reloadTheirs}
              onOverwrite={editor.overwrite}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
