// A variant's content, over the whole window as the page editor is (pages/edit-dialog.tsx):
// the same block editor (common/editor/blocks/block-editor.tsx) beside the same live preview
// (common/editor/live-preview.tsx), with the state of use-variant-editor.ts. A variant of a draft
// is edited by roles that edit; the control (the page's live version) and the variants of
// a started experiment are shown read-only, as the preview alone.
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect } from 'react';
import { useDialogCloser } from '../dialog-stack.ts';
import { DiscardDialog } from '../common/discard-dialog.tsx';
import { LivePreview } from '../common/editor/live-preview.tsx';
import { BlockEditor } from '../common/editor/blocks/block-editor.tsx';
import {
  BLOCK_PARAM,
  setEditorParams,
  useEditorParam,
} from '../common/editor/blocks/editor-url.ts';
import { Button, useReturnFocus } from '../ui.tsx';
import type { ExperimentDetail, VariantDetail } from '../common/experiments-api.ts';
import { useVariantEditor } from './use-variant-editor.ts';

export function VariantViewer({
  experiment,
  variant,
  editable,
  isDefaultPage,
  onClose,
}: {
  experiment: ExperimentDetail;
  variant: VariantDetail;
  /** A variant of a draft, for a role that edits: the section forms; else the preview alone. */
  editable: boolean;
  isDefaultPage: boolean;
  onClose: () => void;
}) {
  return editable ? (
    <VariantEditor
      experiment={experiment}
      variant={variant}
      isDefaultPage={isDefaultPage}
      onClose={onClose}
    />
  ) : (
    <ReadOnlyVariant experiment={experiment} variant={variant} onClose={onClose} />
  );
}

function Frame({
  title,
  subtitle,
  onRequestClose,
  children,
  footer,
  initialFocus,
}: {
  title: string;
  subtitle: React.ReactNode;
  onRequestClose: () => void;
  children: React.ReactNode;
  footer: React.ReactNode;
  /** Where focus goes on opening (the dialog's first field otherwise). */
  initialFocus?: () => HTMLElement | null | undefined;
}) {
  const returnFocus = useReturnFocus(true);
  useDialogCloser(true, onRequestClose);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onRequestClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          aria-describedby="variant-editor-subtitle"
          onOpenAutoFocus={(event) => {
            const target = initialFocus?.();
            if (target) {
              event.preventDefault();
              target.focus();
            }
          }}
          data-testid="variant-editor"
          className="fixed inset-0 z-50 flex flex-col bg-white shadow-xl sm:inset-3 sm:rounded-xl"
        >
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-slate-200 py-3 pr-14 pl-4">
            <Dialog.Title className="text-lg font-semibold text-ink">{title}</Dialog.Title>
            <p id="variant-editor-subtitle" className="text-sm text-slate-600">
              {subtitle}
            </p>
          </div>
          {children}
          <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 px-4 py-3">
            {footer}
          </div>
          <button
            type="button"
            aria-label="Close"
            onClick={onRequestClose}
            className="absolute top-2.5 right-3 rounded p-1 text-2xl leading-none text-slate-500 hover:text-slate-900"
          >
            ×
          </button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function VariantEditor({
  experiment,
  variant,
  onClose,
}: {
  experiment: ExperimentDetail;
  variant: VariantDetail;
  isDefaultPage: boolean;
  onClose: () => void;
}) {
  const editor = useVariantEditor({ experiment, variant, onClose });
  // The selected block is in the URL (?block=, as in the page editor); it goes with the editor.
  const selectedBlock = useEditorParam(BLOCK_PARAM);
  useEffect(() => () => setEditorParams({ [BLOCK_PARAM]: undefined }), []);
  return (
    <Frame
      title={`Edit variant ${variant.name}`}
      subtitle={
        <>
          {experiment.name} <span className="whitespace-nowrap">· revision {editor.revision}</span>
          {editor.dirty && (
            <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
              Unsaved changes
            </span>
          )}
        </>
      }
      onRequestClose={() => void editor.requestClose()}
      footer={
        <>
          <Button onClick={() => void editor.requestClose()}>Cancel</Button>
          <Button
            type="submit"
            form="variant-editor-form"
            variant="primary"
            disabled={editor.save.isPending}
          >
            {editor.save.isPending ? 'Saving...' : 'Save variant'}
          </Button>
        </>
      }
    >
      <div className="min-h-0 flex-1 overflow-y-auto lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:overflow-hidden">
        <form
          id="variant-editor-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            editor.submit();
          }}
          className="grid content-start gap-4 p-4 lg:overflow-y-auto"
        >
          <p className="rounded-md bg-sky-50 p-3 text-sm text-sky-900">
            Visitors who get {variant.name} see this content at the page's own address while the
            experiment runs. The live page itself does not change.
          </p>
          {editor.conflict && (
            <div role="alert" className="grid gap-2 rounded-md bg-red-50 p-3 text-sm text-red-800">
              <p>{editor.conflict}</p>
              <div className="flex flex-wrap gap-2">
                <Button variant="primary" disabled={editor.reloading} onClick={editor.reloadTheirs}>
                  Reload their version
                </Button>
                <Button onClick={editor.keepEditing}>Keep my edits</Button>
              </div>
            </div>
          )}
          {editor.error && (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
              {editor.error}
            </p>
          )}
          <BlockEditor
            content={editor.content}
            errors={editor.errors}
            onChange={editor.setContent}
          />
        </form>
        <div className="border-t border-slate-200 p-4 lg:overflow-y-auto lg:border-t-0 lg:border-l">
          <LivePreview
            content={editor.previewContent}
            stale={!editor.valid}
            focusBlock={selectedBlock}
            locale={experiment.locale}
          />
        </div>
      </div>
      <DiscardDialog
        open={editor.discardAsked}
        description={`Your edits to ${variant.name} have not been saved. Discarding them cannot be undone.`}
        onKeep={() => editor.answerDiscard(false)}
        onDiscard={() => editor.answerDiscard(true)}
      />
    </Frame>
  );
}

function ReadOnlyVariant({
  experiment,
  variant,
  onClose,
}: {
  experiment: ExperimentDetail;
  variant: VariantDetail;
  onClose: () => void;
}) {
  const note = variant.control
    ? "The control is the page's live version: it is edited in the page editor, and cannot change while an experiment runs or is paused."
    : experiment.status === 'draft'
      ? 'Your role does not edit variants: this is how visitors will see it.'
      : "Visitors have seen this content, so it can no longer change. Promote it to make it the page's content.";
  return (
    <Frame
      title={variant.control ? `${variant.name}: the live version` : `Variant ${variant.name}`}
      subtitle={`${experiment.name} · read-only`}
      onRequestClose={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <div className="min-h-0 flex-1 overflow-y-auto p-4">
        <p
          className="mb-3 rounded-md bg-slate-100 p-3 text-sm text-slate-800"
          data-testid="read-only-note"
        >
          {note}
        </p>
        <LivePreview
          content={variant.content}
          stale={false}
          note="(as saved: read-only)"
          locale={experiment.locale}
        />
      </div>
    </Frame>
  );
}
