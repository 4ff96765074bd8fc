// Choosing an image from the media library, for any form that stores an image path (the
// structured editor's image fields): `onPick` gets the record, whose `objectPath` is what
// page content stores. "Upload new image" (or a file dropped on the picker) runs the Images
// tab's upload pipeline and picks the new image once it has its alt text; images whose alt
// text says nothing get a warning badge (docs/decisions/0058-image-picker-uploads.md).
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type DragEvent } from 'react';
import type { MediaRecord } from '../../../../../functions/shared/media.ts';
import { mediaIdFromObjectPath } from '../../../../../functions/shared/media-paths.ts';
import { describeError } from '../../api.ts';
import { useCan } from '../../permissions.ts';
import { Button, Modal, Tooltip } from '../../ui.tsx';
import { Icon } from '../../icons.tsx';
import { ALT_TEXT_ADVICE, ALT_TEXT_BADGES, altTextProblem } from './alt-text.ts';
// Not media-library.tsx: the picker must not bring the uploader (Uppy) into the editor, so
// the upload view is its own chunk, loaded when an upload starts.
import { formatBytes, getMedia, mediaKey, useMediaLibrary, variantFor } from './media-api.ts';

const PickerUpload = lazy(() =>
  import('./picker-upload.tsx').then((module) => ({ default: module.PickerUpload })),
);

export function ImagePicker({
  open,
  onOpenChange,
  onPick,
  current,
  title = 'Choose an image',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (media: MediaRecord) => void;
  /** The path the field holds now, marked in the grid. */
  current?: string | undefined;
  title?: string;
}) {
  const canUpload = useCan('edit');
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={
        canUpload
          ? 'Pick an image from the library, or upload a new one. Alt text is edited in the Images tab.'
          : 'Images are uploaded and managed in the Images tab.'
      }
      wide
    >
      {open && (
        <PickerBody
          current={current}
          canUpload={canUpload}
          onPick={(media) => {
            onPick(media);
            onOpenChange(false);
          }}
        />
      )}
    </Modal>
  );
}

/** The library grid, or the upload view; files dropped anywhere on it start an upload. */
function PickerBody({
  current,
  canUpload,
  onPick,
}: {
  current: string | undefined;
  canUpload: boolean;
  onPick: (media: MediaRecord) => void;
}) {
  // undefined: the grid; an array: the upload view, with the files dropped to start it.
  const [upload, setUpload] = useState<readonly File[] | undefined>();
  const [dragging, setDragging] = useState(false);
  const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');
  const dropProps = canUpload
    ? {
        onDragOver: (event: DragEvent) => {
          if (!hasFiles(event) || upload) return;
          event.preventDefault();
          setDragging(true);
        },
        onDragLeave: (event: DragEvent) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        },
        onDrop: (event: DragEvent) => {
          if (!hasFiles(event) || upload) return;
          event.preventDefault();
          setDragging(false);
          setUpload([...event.dataTransfer.files]);
        },
      }
    : {};
  return (
    <div
      {...dropProps}
      className={`relative grid grid-cols-1 gap-4 rounded-lg ${dragging ? 'ring-2 ring-brand-600 ring-offset-4' : ''}`}
    >
      {upload ? (
        <Suspense fallback={<p role="status">Loading the uploader...</p>}>
          <PickerUpload initialFiles={upload} onUse={onPick} onBack={() => setUpload(undefined)} />
        </Suspense>
      ) : (
        <>
          {canUpload && (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-3">
              <p className="text-sm text-slate-700">
                {dragging
                  ? 'Drop the image to upload it.'
                  : 'Not in the library yet? Drop an image here, or'}
              </p>
              <Button variant="primary" onClick={() => setUpload([])}>
                <Icon name="upload" />
                Upload new image
              </Button>
            </div>
          )}
          <PickerGrid current={current} canUpload={canUpload} onPick={onPick} />
        </>
      )}
    </div>
  );
}

function PickerGrid({
  current,
  canUpload,
  onPick,
}: {
  current: string | undefined;
  canUpload: boolean;
  onPick: (media: MediaRecord) => void;
}) {
  const library = useMediaLibrary();
  const items = library.data?.pages.flatMap((page) => page.items) ?? [];
  if (library.isPending) return <p role="status">Loading images...</p>;
  if (library.isError) {
    return (
      <p role="alert" className="text-red-700">
        The images could not be loaded: {describeError(library.error)}
      </p>
    );
  }
  if (items.length === 0) {
    return (
      <p className="text-slate-600">
        {canUpload
          ? 'No images yet: upload the first one.'
          : 'No images yet. Upload one in the Images tab first.'}
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      <ul
        aria-label="Library images"
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
      >
        {items.map((media) => {
          const chosen = media.objectPath === current;
          const problem = altTextProblem(media.alt, media.fileName);
          return (
            <li key={media.id} data-testid="picker-image" className="relative">
              <button
                type="button"
                onClick={() => onPick(media)}
                className={`block w-full overflow-hidden rounded-lg border text-left hover:border-brand-600 ${
                  chosen ? 'border-brand-700 ring-2 ring-brand-700' : 'border-slate-200'
                }`}
              >
                <img
                  src={variantFor(media, 320)}
                  alt=""
                  width={media.width}
                  height={media.height}
                  loading="lazy"
                  className="aspect-video w-full bg-slate-100 object-contain"
                />
                <span className="flex items-center gap-1 p-2 text-xs">
                  {chosen && <Icon name="check" className="h-3.5 w-3.5 shrink-0 text-brand-700" />}
                  <span className="truncate font-medium text-ink">{media.fileName}</span>
                  <span className="sr-only">
                    , {problem ? ALT_TEXT_BADGES[problem].toLowerCase() : `alt text: ${media.alt}`}
                    {chosen ? ', in use here' : ''}
                  </span>
                </span>
                <span className="block px-2 pb-2 text-xs text-slate-600">
                  {media.width} × {media.height}, {formatBytes(media.bytes)}
                </span>
              </button>
              {problem && (
                // Beside the card's button, not in it: a button cannot hold another.
                <span className="absolute top-1.5 left-1.5">
                  <AltTextBadge label={ALT_TEXT_BADGES[problem]} about={media.fileName} />
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {library.hasNextPage && (
        <div className="text-center">
          <Button
            disabled={library.isFetchingNextPage}
            onClick={() => void library.fetchNextPage()}
          >
            Show older images
          </Button>
        </div>
      )}
    </div>
  );
}

/** The warning on a thumbnail: focusable, so keyboard users get its tooltip too. */
function AltTextBadge({ label, about }: { label: string; about: string }) {
  return (
    <Tooltip content={ALT_TEXT_ADVICE}>
      <button
        type="button"
        data-testid="alt-text-badge"
        aria-label={`${label} on ${about}. ${ALT_TEXT_ADVICE}`}
        className="inline-flex items-center gap-1 rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 shadow-sm"
      >
        <WarningMark />
        {label}
      </button>
    </Tooltip>
  );
}

function WarningMark() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="h-3.5 w-3.5 shrink-0"
    >
      <path d="M12 3 2 20h20L12 3zM12 10v4M12 17h.01" />
    </svg>
  );
}

/**
 * Under an image field of the page editor: the same warning as the picker's badge when the
 * library image the field holds has alt text that says nothing. Nothing for an image by URL.
 */
export function ImageAltWarning({ path }: { path: string }) {
  const id = mediaIdFromObjectPath(path);
  const media = useQuery({
    queryKey: mediaKey(id ?? ''),
    queryFn: () => getMedia(id!),
    enabled: Boolean(id),
  });
  const problem = media.data && altTextProblem(media.data.alt, media.data.fileName);
  if (!problem) return null;
  return (
    <p
      data-testid="image-alt-warning"
      className="mt-1 flex items-start gap-1.5 rounded-md bg-amber-50 px-2 py-1.5 text-xs text-amber-900"
    >
      <WarningMark />
      <span>
        {ALT_TEXT_BADGES[problem]}. {ALT_TEXT_ADVICE}
      </span>
    </p>
  );
}

/** A "Choose from library" button with its picker, for a form field holding an image path. */
export function ImagePickerButton({
  onPick,
  current,
  label = 'Choose from library',
  fieldName,
}: {
  onPick: (media: MediaRecord) => void;
  current?: string | undefined;
  label?: string;
  /** Names the field for screen readers: "Choose from library for Hero image". */
  fieldName: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} aria-label={`${label} for ${fieldName}`}>
        {label}
      </Button>
      <ImagePicker
        open={open}
        onOpenChange={setOpen}
        onPick={onPick}
        current={current}
        title={`Choose the ${fieldName.toLowerCase()}`}
      />
    </>
  );
}
