// Replacing a library image: upload one new file whose bytes take the image's place. The id
// and path stay, so every page using it shows the new image after its rebuild; while review
// is required and live pages show it, the file becomes a new image that their working
// copies take instead (issue 33), and the toast says so.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { MediaRecord } from '../../../../functions/shared/media.ts';
import { useToast } from '../toast.tsx';
import { Modal } from '../ui.tsx';
import {
  adoptionOf,
  refreshAdopted,
  refreshMedia,
  replaceMedia,
} from '../common/media/media-api.ts';
import { UploadPanel } from '../common/media/upload-panel.tsx';
import { ImageUploader } from '../common/media/uploader.ts';

export function ReplaceDialog({ media, onClose }: { media: MediaRecord; onClose: () => void }) {
  // One uploader per opening, created outside render and ended with the dialog.
  const [uploader] = useState(
    () => new ImageUploader({ maxFiles: 1, publish: (path) => replaceMedia(media.id, path) }),
  );
  const toast = useToast();
  const client = useQueryClient();
  useEffect(() => () => uploader.destroy(), [uploader]);
  useEffect(
    () =>
      uploader.onPublish((event) => {
        if (event.kind === 'published') {
          const adoption = adoptionOf(event.media);
          if (adoption) {
            // Live pages show it and review is required: a new image, taken by working copies.
            refreshAdopted(client);
            toast({
              title: `The new ${media.fileName} is a new image`,
              description: adoption.message,
              duration: 12_000,
            });
            return;
          }
          refreshMedia(client);
          toast({ title: `Image replaced: ${media.fileName}` });
        } else {
          toast({
            title: `${event.file.name ?? 'The image'} did not replace ${media.fileName}`,
            description: event.message,
            variant: 'destructive',
          });
        }
      }),
    [uploader, client, toast, media.fileName],
  );
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Replace ${media.fileName}`}
      description="The new image keeps this one's address and alt text, so pages using it need no change. While publishing needs approval, an image live pages show becomes a new image instead, which their working copies take for review."
      wide
    >
      <UploadPanel uploader={uploader} maxFiles={1} onClose={onClose} />
    </Modal>
  );
}
