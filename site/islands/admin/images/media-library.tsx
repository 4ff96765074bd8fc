// The media library: every published image, newest first, with its details, alt text
// edited in place, the pages using it, and copy, assign, replace and delete.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { MEDIA_ALT_MAX, type MediaRecord } from '../../../../functions/shared/media.ts';
import { describeError, formatTime, HttpError } from '../api.ts';
import { useToast } from '../toast.tsx';
import { Button, ConfirmDialog, FieldError, inputClass, Modal, Tooltip } from '../ui.tsx';
import { AssignPanel } from './assign-panel.tsx';
import { Icon, type IconName } from '../icons.tsx';
import {
  deleteMedia,
  formatBytes,
  mediaUsage,
  refreshAdopted,
  refreshMedia,
  updateMedia,
  useMediaLibrary,
  usageKey,
  variantFor,
} from '../common/media/media-api.ts';
import { ReplaceDialog } from './replace-dialog.tsx';
import { useCan } from '../permissions.ts';

/** Copies `text`; false when the browser refuses (no permission, not focused). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Copies an image URL and says so, or shows it to copy by hand when the browser refuses. */
export function useCopyUrl(): (path: string) => void {
  const toast = useToast();
  return (path) =>
    void copyText(path).then((copied) =>
      toast(
        copied
          ? { title: `URL copied to clipboard: ${path}` }
          : { title: `Copy this URL: ${path}`, duration: 8000 },
      ),
    );
}

export function MediaLibrary() {
  const library = useMediaLibrary();
  const items = library.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section
      aria-labelledby="media-library-heading"
      className="rounded-xl border border-slate-200 bg-white p-6"
    >
      <h3 id="media-library-heading" className="text-lg font-semibold text-ink">
        Media library
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Every published image, newest first. Alt text is what visitors using a screen reader hear on
        the landing pages; pages pick it up with their next rebuild.
      </p>
      {library.isPending && (
        <p role="status" className="mt-4 text-sm text-slate-600">
          Loading images...
        </p>
      )}
      {library.isError && (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-red-800">
          The images could not be loaded: {describeError(library.error)}
        </p>
      )}
      {library.isSuccess && items.length === 0 && (
        <p className="mt-4 text-slate-600">
          No images yet. Upload one with Upload Images; it appears here once published.
        </p>
      )}
      {items.length > 0 && (
        <ul aria-label="Images" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((media) => (
            <MediaCard key={media.id} media={media} />
          ))}
        </ul>
      )}
      {library.hasNextPage && (
        <div className="mt-4 text-center">
          <Button
            disabled={library.isFetchingNextPage}
            onClick={() => void library.fetchNextPage()}
          >
            {library.isFetchingNextPage ? 'Loading...' : 'Show older images'}
          </Button>
        </div>
      )}
    </section>
  );
}

function IconButton({
  icon,
  label,
  tip,
  onClick,
  danger = false,
}: {
  icon: IconName;
  label: string;
  tip: string;
  onClick: () => void;
  danger?: boolean;
}) {
  return (
    <Tooltip content={tip}>
      <Button
        variant="ghost"
        aria-label={label}
        onClick={onClick}
        className={`px-2 ${danger ? 'text-red-700 hover:bg-red-50' : ''}`}
      >
        <Icon name={icon} />
      </Button>
    </Tooltip>
  );
}

function MediaCard({ media }: { media: MediaRecord }) {
  const [assigning, setAssigning] = useState(false);
  const [replacing, setReplacing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>();
  const toast = useToast();
  const client = useQueryClient();
  const usage = useQuery({ queryKey: usageKey(media.id), queryFn: () => mediaUsage(media.id) });

  const remove = useMutation({
    mutationFn: () => deleteMedia(media.id),
    onSuccess: () => {
      setDeleting(false);
      refreshMedia(client);
      toast({ title: `Image deleted: ${media.fileName}` });
    },
    onError: (error) => {
      setDeleting(false);
      if (error instanceof HttpError && error.status === 409) {
        // Still used: say where, and show the current list of pages.
        setRefusal(describeError(error));
        void client.invalidateQueries({ queryKey: usageKey(media.id) });
      }
      toast({
        title: 'Failed to delete image',
        description: describeError(error),
        variant: 'destructive',
      });
    },
  });

  const copyUrl = useCopyUrl();

  const pagesUsing = usage.data?.pages ?? [];
  const inUse = pagesUsing.length > 0;
  const canEdit = useCan('edit');
  return (
    <li
      data-testid="media-card"
      className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <img
        src={variantFor(media, 480)}
        alt={media.alt}
        width={media.width}
        height={media.height}
        loading="lazy"
        decoding="async"
        className="aspect-video w-full bg-slate-100 object-contain"
      />
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h4 className="truncate text-sm font-semibold text-ink" title={media.fileName}>
          {media.fileName}
        </h4>
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs text-slate-600">
          <dt>Size</dt>
          <dd>
            {media.width} × {media.height} px, {formatBytes(media.bytes)}
          </dd>
          <dt>Uploaded</dt>
          <dd className="truncate" title={media.uploadedBy}>
            {formatTime(media.uploadedAt)} by {media.uploadedBy}
          </dd>
          <dt>Used on</dt>
          <dd data-testid="media-usage">
            {usage.isPending
              ? 'Checking...'
              : usage.isError
                ? 'Unknown (could not be checked)'
                : pagesUsing.length === 0
                  ? 'No page'
                  : pagesUsing
                      .map(
                        (page) =>
                          `${page.title} (/${page.slug}${page.workingCopy ? ', working copy' : ''})`,
                      )
                      .join(', ')}
          </dd>
        </dl>
        {media.replacedBy && (
          <p
            className="rounded-md bg-amber-50 p-2 text-xs text-amber-900"
            data-testid="replaced-note"
          >
            A newer version of this image waits in pages&rsquo; working copies; live pages show this
            one until those are approved and published.
          </p>
        )}
        {canEdit && <AltTextField key={media.updatedAt} media={media} />}
        {refusal && (
          <p role="alert" className="rounded-md bg-red-50 p-2 text-xs text-red-800">
            Not deleted: {refusal}
          </p>
        )}
        <div className="mt-auto flex flex-wrap gap-1 border-t border-slate-100 pt-2">
          <IconButton
            icon="copy"
            label={`Copy URL of ${media.fileName}`}
            tip="Copy the image URL"
            onClick={() => copyUrl(media.objectPath)}
          />
          {canEdit && (
            <IconButton
              icon="assign"
              label={`Assign ${media.fileName} to a page`}
              tip="Use on a page (hero image or a feature item)"
              onClick={() => setAssigning(true)}
            />
          )}
          {canEdit && (
            <IconButton
              icon="replace"
              label={`Replace ${media.fileName}`}
              tip="Replace with another image; pages using it keep it and show the new one"
              onClick={() => setReplacing(true)}
            />
          )}
          {canEdit && (
            <IconButton
              icon="trash"
              label={`Delete ${media.fileName}`}
              tip={inUse ? 'In use on a page, so it cannot be deleted yet' : 'Delete this image'}
              onClick={() => {
                setRefusal(undefined);
                setDeleting(true);
              }}
              danger={!inUse}
            />
          )}
        </div>
      </div>
      <Modal
        open={assigning}
        onOpenChange={setAssigning}
        title={`Assign ${media.fileName}`}
        description="Pick the page, then the slot that should show this image."
        wide
      >
        <AssignPanel objectPath={media.objectPath} />
      </Modal>
      {replacing && <ReplaceDialog media={media} onClose={() => setReplacing(false)} />}
      {inUse ? (
        // Deletion is impossible while pages use the image: no red Delete button, only why.
        <Modal
          open={deleting}
          onOpenChange={setDeleting}
          role="alertdialog"
          title={`${media.fileName} cannot be deleted`}
          description={`It is used on ${pagesUsing.map((page) => `${page.title} (/${page.slug})`).join(', ')}. Assign another image to those places, or remove it there in the page editor, then delete it.`}
        >
          <div className="flex justify-end">
            <Button variant="primary" onClick={() => setDeleting(false)}>
              OK
            </Button>
          </div>
        </Modal>
      ) : (
        <ConfirmDialog
          open={deleting}
          onOpenChange={setDeleting}
          title={`Delete ${media.fileName}`}
          message="The image and its sizes are removed from storage. This cannot be undone."
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={() => remove.mutate()}
        />
      )}
    </li>
  );
}

function AltTextField({ media }: { media: MediaRecord }) {
  const [value, setValue] = useState(media.alt);
  const [saved, setSaved] = useState(media.alt);
  const [errors, setErrors] = useState<string[] | undefined>();
  const id = useId();
  const toast = useToast();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (alt: string) => updateMedia(media.id, { alt }),
    onSuccess: (record) => {
      setErrors(undefined);
      if (record.adoption) {
        // Live pages show this image and review is required (issue 33): the new alt text is
        // on a new image, first in the library; this one keeps its own until they publish.
        setValue(media.alt);
        refreshAdopted(client);
        toast({
          title: `The new alt text of ${record.fileName} is on a new image`,
          description: record.adoption.message,
          duration: 12_000,
        });
        return;
      }
      setSaved(record.alt);
      setValue(record.alt);
      refreshMedia(client);
      toast({ title: `Alt text saved for ${record.fileName}` });
    },
    onError: (error) => {
      setErrors(
        error instanceof HttpError && error.fields['alt']
          ? error.fields['alt']
          : [describeError(error)],
      );
    },
  });
  // Leaving the field saves, and so does the Save button that click leaves it for: one
  // save for both, marked at once (isPending shows only after a render). A second save
  // would make a second new image while review is required (issue 33).
  const sending = useRef(false);
  const submit = (event?: SyntheticEvent) => {
    event?.preventDefault();
    if (value.trim() === saved || sending.current) return;
    sending.current = true;
    save.mutate(value.trim(), {
      onSettled: () => {
        sending.current = false;
      },
    });
  };
  return (
    <form onSubmit={submit}>
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        Alt text
      </label>
      <div className="flex gap-1">
        <input
          id={id}
          value={value}
          maxLength={MEDIA_ALT_MAX}
          aria-invalid={Boolean(errors)}
          aria-describedby={errors ? `${id}-error` : undefined}
          onChange={(event) => setValue(event.target.value)}
          onBlur={() => submit()}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && value !== saved) {
              // Escape reverts the field; it must not also close a surrounding dialog.
              event.stopPropagation();
              setValue(saved);
            }
          }}
          placeholder="Describe the image"
          className={`${inputClass} mt-0 py-1.5`}
        />
        <Button type="submit" disabled={value.trim() === saved || save.isPending}>
          Save
        </Button>
      </div>
      <FieldError id={`${id}-error`} messages={errors} />
    </form>
  );
}
