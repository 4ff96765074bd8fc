// Choosing an image from the media library, for any form that stores an image path (the
// structured editor's image fields): `onPick` gets the record, whose `objectPath` is what
// page content stores.
import { useState } from 'react';
import type { MediaRecord } from '../../../../functions/shared/media.ts';
import { describeError } from '../api.ts';
import { Button, Modal } from '../ui.tsx';
import { Icon } from '../icons.tsx';
// Not media-library.tsx: the picker must not bring the uploader (Uppy) into the editor.
import { formatBytes, useMediaLibrary, variantFor } from './media-api.ts';

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
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description="Images are uploaded and managed in the Images tab."
      wide
    >
      {open && (
        <PickerGrid
          current={current}
          onPick={(media) => {
            onPick(media);
            onOpenChange(false);
          }}
        />
      )}
    </Modal>
  );
}

function PickerGrid({
  current,
  onPick,
}: {
  current: string | undefined;
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
    return <p className="text-slate-600">No images yet. Upload one in the Images tab first.</p>;
  }
  return (
    <div className="grid gap-4">
      <ul
        aria-label="Library images"
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
      >
        {items.map((media) => {
          const chosen = media.objectPath === current;
          return (
            <li key={media.id}>
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
                    , {media.alt ? `alt text: ${media.alt}` : 'no alt text'}
                    {chosen ? ', in use here' : ''}
                  </span>
                </span>
                <span className="block px-2 pb-2 text-xs text-slate-600">
                  {media.width} × {media.height}, {formatBytes(media.bytes)}
                </span>
              </button>
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
