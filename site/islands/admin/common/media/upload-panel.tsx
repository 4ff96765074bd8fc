// The uploader's own accessible UI on Uppy's state (no Dashboard: its injected markup and
// styles do not fit the admin's CSP and axe rules): choose or drop images, see each file's
// progress, retries and the server's verdict, then upload.
import { useId, useState, useSyncExternalStore, type DragEvent } from 'react';
import { MEDIA_TYPES, UPLOAD_MAX_FILE_BYTES } from '../../../../../functions/shared/media.ts';
import { Button } from '../../ui.tsx';
import { formatBytes, variantFor } from './media-api.ts';
import { Icon } from '../../icons.tsx';
import {
  RETRY_DELAYS_MS,
  type ImageFile,
  type ImageUploader,
  type Publication,
  type RetryState,
} from './uploader.ts';

const TYPE_NAME: Record<(typeof MEDIA_TYPES)[number], string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/avif': 'AVIF',
  'image/gif': 'GIF',
};
const TYPE_NAMES = MEDIA_TYPES.map((type) => TYPE_NAME[type]);
const typeList = `${TYPE_NAMES.slice(0, -1).join(', ')} or ${TYPE_NAMES.at(-1)}`;

type Tone = 'neutral' | 'progress' | 'success' | 'error';

interface FileStatus {
  text: string;
  tone: Tone;
  /** 0 to 100 while the bytes travel; undefined when no bar is shown. */
  percent: number | undefined;
}

function fileStatus(
  uploader: ImageUploader,
  file: ImageFile,
  publication: Publication | undefined,
  retry: RetryState | undefined,
  online: boolean,
): FileStatus {
  if (publication?.state === 'publishing')
    return { text: 'Checking and publishing...', tone: 'progress', percent: 100 };
  if (publication?.state === 'published')
    // The record's path: a replacing upload keeps the image's own address.
    return { text: `Uploaded: ${publication.media.objectPath}`, tone: 'success', percent: 100 };
  if (publication?.state === 'refused')
    return { text: `Refused: ${publication.message}`, tone: 'error', percent: undefined };
  if (publication?.state === 'failed')
    return {
      text: `Uploaded but not published: ${publication.message}`,
      tone: 'error',
      percent: undefined,
    };
  const percent = file.progress.percentage ?? 0;
  if (file.error) {
    if (retry?.waitingForNetwork)
      return {
        text: `${uploader.uppy.i18n('noInternetConnection')}: retrying when the connection is back`,
        tone: 'progress',
        percent,
      };
    if (retry)
      return {
        text: `Retrying (attempt ${retry.attempt} of ${RETRY_DELAYS_MS.length})`,
        tone: 'progress',
        percent,
      };
    return {
      text: `${uploader.uppy.i18n('failedToUpload', { file: file.name ?? '' })}: ${file.error}`,
      tone: 'error',
      percent: undefined,
    };
  }
  if (file.isPaused)
    return {
      text: online ? 'Paused' : `Paused: ${uploader.uppy.i18n('noInternetConnection')}`,
      tone: 'neutral',
      percent,
    };
  if (file.progress.uploadStarted)
    return { text: `Uploading ${percent}%`, tone: 'progress', percent };
  return { text: 'Ready to upload', tone: 'neutral', percent: undefined };
}

const TONE_CLASS: Record<Tone, string> = {
  neutral: 'text-slate-600',
  progress: 'text-slate-700',
  success: 'text-brand-800',
  error: 'text-red-700',
};

export function UploadPanel({
  uploader,
  maxFiles,
  onClose,
  continuesInBackground = false,
}: {
  uploader: ImageUploader;
  maxFiles: number;
  onClose: () => void;
  /** Whether uploads go on once the dialog is closed (the tab's uploader outlives it). */
  continuesInBackground?: boolean;
}) {
  const state = useSyncExternalStore(uploader.subscribe, uploader.getSnapshot);
  const inputId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const files = Object.values(state.uppy.files);
  const ready = files.filter((file) => !file.progress.uploadStarted && !file.error);
  const failed = files.filter(
    (file) =>
      (file.error && !state.retries[file.id]) || state.publications[file.id]?.state === 'failed',
  );
  const busy = files.some(
    (file) =>
      (file.progress.uploadStarted && !file.progress.uploadComplete && !file.error) ||
      state.publications[file.id]?.state === 'publishing' ||
      Boolean(state.retries[file.id]),
  );
  const done = files.filter((file) => state.publications[file.id]?.state === 'published').length;
  const single = maxFiles === 1;

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    uploader.addFiles(event.dataTransfer.files);
  };

  return (
    <div className="grid grid-cols-1 gap-4">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={`grid justify-items-center gap-3 rounded-lg border-2 border-dashed p-6 text-center ${
          dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50'
        }`}
      >
        <Icon name="upload" className="h-8 w-8 text-slate-500" />
        <p className="text-sm text-slate-700">Drop {single ? 'an image' : 'images'} here, or</p>
        <div>
          <input
            id={inputId}
            type="file"
            accept="image/*"
            multiple={!single}
            aria-describedby={hintId}
            className="peer sr-only"
            onChange={(event) => {
              if (event.target.files) uploader.addFiles(event.target.files);
              // The same file can be chosen again after it was removed.
              event.target.value = '';
            }}
          />
          <label
            htmlFor={inputId}
            className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700"
          >
            {single ? 'Choose an image' : 'Choose images'}
          </label>
        </div>
        <p id={hintId} className="text-xs text-slate-600">
          {single ? 'One image' : `Up to ${maxFiles} images`}, at most{' '}
          {formatBytes(UPLOAD_MAX_FILE_BYTES)} each: {typeList}. Metadata such as the camera
          location is removed.
        </p>
      </div>

      {!state.online && (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {uploader.uppy.i18n('noInternetConnection')}. Uploads are paused and resume when the
          connection is back.
        </p>
      )}

      {state.notices.length > 0 && (
        <ul role="alert" className="grid gap-1 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {state.notices.map((notice, index) => (
            <li key={index}>{notice}</li>
          ))}
        </ul>
      )}

      {files.length > 0 && (
        <ul aria-label="Chosen images" className="grid grid-cols-1 gap-2">
          {files.map((file) => {
            const publication = state.publications[file.id];
            const status = fileStatus(
              uploader,
              file,
              publication,
              state.retries[file.id],
              state.online,
            );
            const name = file.name ?? 'image';
            return (
              <li
                key={file.id}
                data-testid="upload-file"
                className="flex items-center gap-3 rounded-md border border-slate-200 p-3"
              >
                {publication?.state === 'published' ? (
                  <img
                    src={variantFor(publication.media, 96)}
                    alt=""
                    width={48}
                    height={48}
                    className="h-12 w-12 shrink-0 rounded bg-slate-100 object-cover"
                  />
                ) : (
                  <span
                    aria-hidden="true"
                    className="flex h-12 w-12 shrink-0 items-center justify-center rounded bg-slate-100 text-slate-500"
                  >
                    <Icon name="upload" className="h-5 w-5" />
                  </span>
                )}
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                    <span className="min-w-0 truncate font-medium text-ink">{name}</span>
                    <span className="text-slate-600">{formatBytes(file.size ?? 0)}</span>
                  </p>
                  {status.percent !== undefined && (
                    <progress
                      max={100}
                      value={status.percent}
                      aria-label={`Upload progress of ${name}`}
                      className="mt-1 h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-600"
                    />
                  )}
                  <p
                    data-testid="upload-status"
                    className={`mt-1 text-sm break-words ${TONE_CLASS[status.tone]}`}
                  >
                    {status.text}
                  </p>
                </div>
                {!file.progress.uploadStarted && !publication && (
                  <Button
                    variant="ghost"
                    aria-label={`Remove ${name}`}
                    onClick={() => uploader.removeFile(file.id)}
                  >
                    Remove
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}

      <p role="status" className="sr-only">
        {files.length > 0 ? `${done} of ${files.length} uploaded` : ''}
      </p>

      <div className="flex flex-wrap justify-end gap-2">
        {files.length > 0 && !busy && <Button onClick={() => uploader.clear()}>Clear list</Button>}
        {failed.length > 0 && !busy && (
          <Button onClick={() => uploader.retryFailed()}>Retry failed</Button>
        )}
        <Button onClick={onClose}>
          {busy && continuesInBackground ? 'Hide (uploads continue)' : 'Done'}
        </Button>
        <Button variant="primary" disabled={ready.length === 0} onClick={() => uploader.upload()}>
          {ready.length > 1 ? `Upload ${ready.length} images` : 'Upload'}
        </Button>
      </div>
    </div>
  );
}
