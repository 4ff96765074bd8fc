// The Images tab (docs/requirements.md §2, §4, §8): 'Image Management', the uploader dialog, the last
// uploaded image with its assignment buttons, and the media library.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { UPLOAD_MAX_FILES, type MediaRecord } from '../../../../functions/shared/media.ts';
import { useToast } from '../toast.tsx';
import { Button, Modal, Tooltip } from '../ui.tsx';
import { AssignPanel } from './assign-panel.tsx';
import { Icon } from '../icons.tsx';
import { copyText, MediaLibrary, useCopyUrl } from './media-library.tsx';
import { publishUpload, refreshMedia, variantFor } from '../common/media/media-api.ts';
import { UploadPanel } from '../common/media/upload-panel.tsx';
import { useCan } from '../permissions.ts';
import { ImageUploader } from '../common/media/uploader.ts';

/** docs/requirements.md §8, §9: the upload toasts stay 8 seconds. */
export const UPLOAD_TOAST_MS = 8000;

let tabUploader: ImageUploader | undefined;

/**
 * One uploader for the tab, made on first use and kept for the page's life: switching
 * tabs unmounts the tab, and uploads in flight must go on (and stay listed) meanwhile.
 */
function sharedUploader(): ImageUploader {
  tabUploader ??= new ImageUploader({ publish: publishUpload });
  return tabUploader;
}

export function ImagesTab() {
  const [uploader] = useState(sharedUploader);
  const state = useSyncExternalStore(uploader.subscribe, uploader.getSnapshot);
  const [open, setOpen] = useState(false);
  const toast = useToast();
  // Uploading, replacing and deleting images are the edit permission's (roles.ts).
  const canEdit = useCan('edit');
  const client = useQueryClient();

  useEffect(
    () =>
      uploader.onPublish((event) => {
        const name = event.file.name ?? 'image';
        if (event.kind === 'published') {
          refreshMedia(client);
          const path = event.media.objectPath;
          void copyText(path).then((copied) =>
            toast({
              title: copied
                ? `Image uploaded successfully! URL copied to clipboard: ${path}`
                : `Image uploaded: ${name}. URL: ${path}`,
              duration: UPLOAD_TOAST_MS,
            }),
          );
        } else if (event.kind === 'failed') {
          // docs/requirements.md §8: the access call failed; the path is still shown.
          toast({
            title: `Image uploaded: ${name}. URL: ${event.objectPath}`,
            duration: UPLOAD_TOAST_MS,
          });
        } else {
          toast({
            title: `${name} was not uploaded`,
            description: event.message,
            variant: 'destructive',
            duration: UPLOAD_TOAST_MS,
          });
        }
      }),
    [uploader, client, toast],
  );

  return (
    <div className="grid gap-6">
      <section
        aria-labelledby="images-heading"
        className="rounded-xl border border-slate-200 bg-white p-6"
      >
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h2 id="images-heading" className="text-xl font-semibold text-ink">
            Image Management
          </h2>
          {canEdit && (
            <Button variant="primary" onClick={() => setOpen(true)}>
              <Icon name="upload" />
              Upload Images
            </Button>
          )}
        </div>
        <p className="mt-2 text-sm text-slate-600">
          Upload images for the landing pages, then assign them to the hero or to a feature. Each
          image is checked, stripped of its metadata and resized for phones and desktops.
        </p>
        {state.lastPublished && <LastUploaded media={state.lastPublished} />}
      </section>
      <MediaLibrary />
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Upload Images"
        description="Choose up to five images, then upload them. Each gets its own address to use on a page."
        wide
      >
        <UploadPanel
          uploader={uploader}
          maxFiles={UPLOAD_MAX_FILES}
          onClose={() => setOpen(false)}
          continuesInBackground
        />
      </Modal>
    </div>
  );
}

function LastUploaded({ media }: { media: MediaRecord }) {
  const copyUrl = useCopyUrl();
  return (
    <section
      aria-labelledby="last-uploaded-heading"
      data-testid="last-uploaded"
      className="mt-6 grid gap-4 border-t border-slate-200 pt-6"
    >
      <h3 id="last-uploaded-heading" className="text-lg font-semibold text-ink">
        Last uploaded image
      </h3>
      <div className="flex flex-wrap items-center gap-4">
        <img
          src={variantFor(media, 240)}
          alt={media.alt}
          width={media.width}
          height={media.height}
          className="h-20 w-32 rounded bg-slate-100 object-contain"
        />
        <div className="min-w-0 flex-1 basis-56">
          <p className="text-sm break-all text-slate-700">{media.fileName}</p>
          <p className="flex items-center gap-1">
            <code data-testid="last-uploaded-path" className="min-w-0 text-sm break-all text-ink">
              {media.objectPath}
            </code>
            <Tooltip content="Copy the image URL">
              <Button
                variant="ghost"
                className="px-2"
                aria-label="Copy URL of the last uploaded image"
                onClick={() => copyUrl(media.objectPath)}
              >
                <Icon name="copy" />
              </Button>
            </Tooltip>
          </p>
        </div>
      </div>
      <AssignPanel objectPath={media.objectPath} />
    </section>
  );
}
