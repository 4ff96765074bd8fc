// The image picker's "Upload new image" (docs/decisions/0058-image-picker-uploads.md): the
// Images tab's own pipeline (uploader.ts on the companion endpoints, then publishUpload,
// shown by upload-panel.tsx) for one image, then its alt text, then the image is picked.
// A chunk of its own, loaded when an upload starts: the editor does not carry Uppy.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { MEDIA_ALT_MAX, type MediaRecord } from '../../../../../functions/shared/media.ts';
import { describeError, HttpError } from '../../api.ts';
import { Button, FieldError, inputClass } from '../../ui.tsx';
import { ALT_TEXT_ERRORS, altTextProblem } from './alt-text.ts';
import { mediaKey, publishUpload, refreshMedia, updateMedia, variantFor } from './media-api.ts';
import { UploadPanel } from './upload-panel.tsx';
import { ImageUploader } from './uploader.ts';

export function PickerUpload({
  initialFiles,
  onUse,
  onBack,
}: {
  /** Files dropped on the picker before this chunk had loaded. */
  initialFiles: readonly File[];
  /** The new image, described: the picker picks it. */
  onUse: (media: MediaRecord) => void;
  onBack: () => void;
}) {
  // One uploader per upload view, ended with it (as the Replace dialog's).
  const [uploader] = useState(() => new ImageUploader({ maxFiles: 1, publish: publishUpload }));
  const state = useSyncExternalStore(uploader.subscribe, uploader.getSnapshot);
  const client = useQueryClient();
  const root = useRef<HTMLDivElement>(null);
  const added = useRef(false);

  useEffect(() => () => uploader.destroy(), [uploader]);
  useEffect(() => {
    if (added.current) return;
    added.current = true;
    if (initialFiles.length > 0) uploader.addFiles(initialFiles);
    else root.current?.querySelector<HTMLInputElement>('input[type="file"]')?.focus();
  }, [uploader, initialFiles]);
  useEffect(
    () =>
      uploader.onPublish((event) => {
        if (event.kind === 'published') refreshMedia(client);
      }),
    [uploader, client],
  );

  const published = Object.values(state.publications).find(
    (publication) => publication.state === 'published',
  );
  return (
    <div ref={root} className="grid grid-cols-1 gap-4">
      {published?.state === 'published' ? (
        <DescribeUpload media={published.media} onUse={onUse} />
      ) : (
        <UploadPanel uploader={uploader} maxFiles={1} onClose={onBack} />
      )}
      {published && (
        <p className="text-right">
          <Button variant="ghost" onClick={onBack}>
            Back to the library (describe it later)
          </Button>
        </p>
      )}
    </div>
  );
}

/** The alt text of the image just uploaded, asked before it can be used (saved with PATCH). */
function DescribeUpload({
  media,
  onUse,
}: {
  media: MediaRecord;
  onUse: (media: MediaRecord) => void;
}) {
  const client = useQueryClient();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [alt, setAlt] = useState(media.alt);
  const [errors, setErrors] = useState<string[] | undefined>();
  const [saving, setSaving] = useState(false);
  useEffect(() => input.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // React bubbles events through portals: the page editor's own form must not submit.
    event.stopPropagation();
    const problem = altTextProblem(alt, media.fileName);
    if (problem) {
      setErrors([ALT_TEXT_ERRORS[problem]]);
      input.current?.focus();
      return;
    }
    setSaving(true);
    try {
      const record = await updateMedia(media.id, { alt: alt.trim() });
      client.setQueryData(mediaKey(record.id), record);
      refreshMedia(client);
      onUse(record);
    } catch (error) {
      setSaving(false);
      setErrors(
        error instanceof HttpError && error.fields['alt']
          ? error.fields['alt']
          : [describeError(error)],
      );
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-heading`}
      className="grid gap-3 rounded-lg border border-slate-200 p-4"
    >
      <h3 id={`${id}-heading`} className="text-base font-semibold text-ink">
        Uploaded: now describe it
      </h3>
      <div className="flex flex-wrap items-start gap-4">
        <img
          src={variantFor(media, 320)}
          alt=""
          width={media.width}
          height={media.height}
          className="h-24 w-40 shrink-0 rounded bg-slate-100 object-contain"
        />
        <div className="min-w-0 flex-1 basis-60">
          <p className="text-sm break-all text-slate-700">{media.fileName}</p>
          <label htmlFor={id} className="mt-2 block text-sm font-medium text-slate-800">
            Alt text
          </label>
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            What a visitor who cannot see the image should hear, e.g. &quot;Pharmacist checking a
            delivery against the order&quot;.
          </p>
          <input
            ref={input}
            id={id}
            value={alt}
            maxLength={MEDIA_ALT_MAX}
            aria-invalid={Boolean(errors)}
            aria-describedby={`${id}-hint${errors ? ` ${id}-error` : ''}`}
            onChange={(event) => {
              setAlt(event.target.value);
              setErrors(undefined);
            }}
            className={inputClass}
          />
          <FieldError id={`${id}-error`} messages={errors} label="The alt text" />
        </div>
      </div>
      <div className="flex justify-end">
        <Button type="submit" variant="primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save alt text and use this image'}
        </Button>
      </div>
    </form>
  );
}
