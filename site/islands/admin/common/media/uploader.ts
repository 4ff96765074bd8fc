// The Images tab's uploader (docs/requirements.md §4, §5, §9): an Uppy instance with @uppy/aws-s3 on
// the API's companion endpoints, plus what the plugin does not do itself in v6: retry
// delays per file, pausing while offline, and publishing each finished upload.
import AwsS3, { type AwsBody } from '@uppy/aws-s3';
import Uppy, { type Meta, type State, type UppyFile } from '@uppy/core';
import {
  MULTIPART_PART_BYTES,
  MULTIPART_THRESHOLD_BYTES,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILES,
  objectPathFromKey,
  type MediaRecord,
} from '../../../../../functions/shared/media.ts';
import { describeError, HttpError } from '../../api.ts';

/** docs/requirements.md §9: the pauses before the 1st to 4th retry of a failed file. */
export const RETRY_DELAYS_MS = [0, 1000, 3000, 5000] as const;
/** docs/requirements.md §9: files uploading at once. */
export const UPLOAD_CONCURRENCY = 6;
/** Answers of the publish call that mean "this file is not acceptable" (docs/requirements.md §10 (uploads)). */
const REFUSAL_STATUSES = new Set([413, 415, 422]);

export type ImageFile = UppyFile<Meta, AwsBody>;
export type ImageUppy = Uppy<Meta, AwsBody>;

/** What happened to a file after its bytes reached storage. */
export type Publication =
  | { state: 'publishing'; objectPath: string }
  | { state: 'published'; objectPath: string; media: MediaRecord }
  /** The server refused the file (type, size, pixels); its pending object is gone. */
  | { state: 'refused'; objectPath: string; message: string }
  /** Publishing failed for another reason (network, server error). */
  | { state: 'failed'; objectPath: string; message: string };

export interface RetryState {
  /** 1 to RETRY_DELAYS_MS.length */
  attempt: number;
  delayMs: number;
  /** Waiting for the connection to come back before retrying. */
  waitingForNetwork: boolean;
}

export interface UploaderState {
  uppy: State<Meta, AwsBody>;
  publications: Readonly<Record<string, Publication>>;
  retries: Readonly<Record<string, RetryState>>;
  /** Uppy's own messages for files it refused to add (docs/requirements.md §8), newest last. */
  notices: readonly string[];
  online: boolean;
  /** The most recently published image of this uploader. */
  lastPublished: MediaRecord | undefined;
}

export type PublishEvent =
  | { kind: 'published'; file: ImageFile; media: MediaRecord }
  | { kind: 'refused'; file: ImageFile; message: string }
  | { kind: 'failed'; file: ImageFile; objectPath: string; message: string };

export interface UploaderOptions {
  /** Makes the uploaded object public (or replaces an image with it) and returns its record. */
  publish: (objectPath: string) => Promise<MediaRecord>;
  maxFiles?: number;
}

/**
 * Whether a failed upload is worth retrying (docs/requirements.md §8): an expired URL (403 "Request has
 * expired"), a conflict (409), rate limiting (429), server errors and network errors are;
 * other 4xx are fatal. Signing calls that fail report no status and are retried.
 */
export function isRetryable(error: unknown): boolean {
  const xhr = (error as { request?: unknown } | null)?.request;
  if (!(xhr instanceof XMLHttpRequest)) return true;
  const { status } = xhr;
  if (status === 0 || status >= 500) return true;
  if (status === 403) return /request has expired/i.test(xhr.responseText);
  if (status === 409 || status === 429) return true;
  return !(status >= 400 && status < 500);
}

const without = <T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> =>
  Object.fromEntries(Object.entries(record).filter(([candidate]) => candidate !== key));

export class ImageUploader {
  readonly uppy: ImageUppy;
  private readonly options: UploaderOptions;
  private publications: Record<string, Publication> = {};
  private retries: Record<string, RetryState> = {};
  private attempts = new Map<string, number>();
  private timers = new Map<string, ReturnType<typeof setTimeout>>();
  private notices: string[] = [];
  private online = typeof navigator === 'undefined' ? true : navigator.onLine;
  private lastPublished: MediaRecord | undefined;
  private listeners = new Set<() => void>();
  private publishListeners = new Set<(event: PublishEvent) => void>();
  private cached: UploaderState | undefined;

  constructor(options: UploaderOptions) {
    this.options = options;
    this.uppy = new Uppy<Meta, AwsBody>({
      autoProceed: false,
      restrictions: {
        maxNumberOfFiles: options.maxFiles ?? UPLOAD_MAX_FILES,
        maxFileSize: UPLOAD_MAX_FILE_BYTES,
        // "Images only" (docs/requirements.md §5): which image types are acceptable is the server's
        // call, made from the bytes; an SVG is sent and refused with its reason.
        allowedFileTypes: ['image/*'],
      },
    });
    this.uppy.use(AwsS3<Meta, AwsBody>, {
      companionEndpoint: '/api',
      shouldUseMultipart: (file) => (file.size ?? 0) > MULTIPART_THRESHOLD_BYTES,
      getChunkSize: () => MULTIPART_PART_BYTES,
      limit: UPLOAD_CONCURRENCY,
    });
    this.uppy.store.subscribe(() => this.changed());
    this.uppy.on('restriction-failed', (_file, error) => {
      this.notices = [...this.notices, error.message];
      this.changed();
    });
    this.uppy.on('upload-error', (file, error) => {
      if (file) this.scheduleRetry(file, error);
    });
    this.uppy.on('upload-success', (file, response) => {
      if (file) void this.published(file, response.body?.key);
    });
    this.uppy.on('file-removed', (file) => this.forget(file.id));
    this.uppy.on('is-offline', () => {
      this.online = false;
      this.uppy.pauseAll();
      this.changed();
    });
    this.uppy.on('back-online', () => {
      this.online = true;
      this.uppy.resumeAll();
      for (const [id, retry] of Object.entries(this.retries)) {
        if (retry.waitingForNetwork) this.retryNow(id);
      }
      this.changed();
    });
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** A stable snapshot for useSyncExternalStore: a new object only after a change. */
  getSnapshot = (): UploaderState => {
    const uppy = this.uppy.getState();
    if (this.cached?.uppy !== uppy) this.cached = this.compose(uppy);
    return this.cached;
  };

  /** Called once per published, refused or failed upload (toasts, clipboard). */
  onPublish(listener: (event: PublishEvent) => void): () => void {
    this.publishListeners.add(listener);
    return () => {
      this.publishListeners.delete(listener);
    };
  }

  /** Adds chosen files; Uppy refuses those breaking a restriction and says why. */
  addFiles(files: Iterable<File>): void {
    this.notices = [];
    const descriptors = [...files].map((file) => ({
      name: file.name,
      type: file.type,
      data: file,
      source: 'Local',
    }));
    try {
      this.uppy.addFiles(descriptors);
    } catch (error) {
      // Not a restriction (those are reported through restriction-failed): say what broke.
      this.notices = [...this.notices, describeError(error)];
    }
    this.changed();
  }

  upload(): void {
    this.notices = [];
    this.changed();
    this.uppy.upload().catch((error: unknown) => {
      this.notices = [...this.notices, describeError(error)];
      this.changed();
    });
  }

  /** Retries every failed file at once (the button; automatic retries follow the required delays). */
  retryFailed(): void {
    for (const file of this.uppy.getFiles()) {
      if (file.error) this.retryNow(file.id);
      const publication = this.publications[file.id];
      if (publication?.state === 'failed' && publication.objectPath) {
        void this.publishUpload(file, publication.objectPath);
      }
    }
  }

  removeFile(id: string): void {
    this.uppy.removeFile(id);
  }

  /** Forgets every file (those uploading are cancelled); published images stay published. */
  clear(): void {
    this.uppy.cancelAll();
    this.publications = {};
    this.notices = [];
    this.changed();
  }

  destroy(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.uppy.destroy();
    this.listeners.clear();
    this.publishListeners.clear();
  }

  private compose(uppy: State<Meta, AwsBody>): UploaderState {
    return {
      uppy,
      publications: this.publications,
      retries: this.retries,
      notices: this.notices,
      online: this.online,
      lastPublished: this.lastPublished,
    };
  }

  private changed() {
    this.cached = this.compose(this.uppy.getState());
    for (const listener of this.listeners) listener();
  }

  private forget(id: string) {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
    this.attempts.delete(id);
    this.retries = without(this.retries, id);
    this.changed();
  }

  private scheduleRetry(file: ImageFile, error: unknown) {
    const attempt = this.attempts.get(file.id) ?? 0;
    if (!isRetryable(error) || attempt >= RETRY_DELAYS_MS.length) {
      this.retries = without(this.retries, file.id);
      this.changed();
      return;
    }
    const delayMs = RETRY_DELAYS_MS[attempt]!;
    this.attempts.set(file.id, attempt + 1);
    this.retries = {
      ...this.retries,
      [file.id]: { attempt: attempt + 1, delayMs, waitingForNetwork: false },
    };
    this.changed();
    clearTimeout(this.timers.get(file.id));
    this.timers.set(
      file.id,
      setTimeout(() => {
        this.timers.delete(file.id);
        if (!this.uppy.getFile(file.id)?.error) return;
        if (typeof navigator !== 'undefined' && !navigator.onLine) {
          // Paused while offline (docs/requirements.md §4): the retry runs on reconnect.
          this.retries = {
            ...this.retries,
            [file.id]: { attempt: attempt + 1, delayMs, waitingForNetwork: true },
          };
          this.changed();
          return;
        }
        this.retryNow(file.id);
      }, delayMs),
    );
  }

  private retryNow(id: string) {
    if (!this.uppy.getFile(id)) return;
    const retry = this.retries[id];
    if (retry) this.retries = { ...this.retries, [id]: { ...retry, waitingForNetwork: false } };
    this.uppy.retryUpload(id).catch((error: unknown) => {
      this.notices = [...this.notices, describeError(error)];
      this.changed();
    });
  }

  private async published(file: ImageFile, key: string | undefined) {
    this.attempts.delete(file.id);
    this.retries = without(this.retries, file.id);
    const objectPath = key ? objectPathFromKey(key) : undefined;
    if (!objectPath) {
      const message = 'The upload finished but the server did not say where it is stored';
      this.setPublication(file.id, { state: 'failed', objectPath: '', message });
      this.emit({ kind: 'failed', file, objectPath: '', message });
      return;
    }
    await this.publishUpload(file, objectPath);
  }

  private async publishUpload(file: ImageFile, objectPath: string) {
    this.setPublication(file.id, { state: 'publishing', objectPath });
    try {
      const media = await this.options.publish(objectPath);
      this.lastPublished = media;
      this.setPublication(file.id, { state: 'published', objectPath, media });
      this.emit({ kind: 'published', file, media });
    } catch (error) {
      if (error instanceof HttpError && REFUSAL_STATUSES.has(error.status)) {
        this.setPublication(file.id, {
          state: 'refused',
          objectPath,
          message: describeError(error),
        });
        this.emit({ kind: 'refused', file, message: describeError(error) });
      } else {
        const message = describeError(error);
        this.setPublication(file.id, { state: 'failed', objectPath, message });
        this.emit({ kind: 'failed', file, objectPath, message });
      }
    }
  }

  private setPublication(id: string, publication: Publication) {
    if (!this.uppy.getFile(id)) return;
    this.publications = { ...this.publications, [id]: publication };
    this.changed();
  }

  private emit(event: PublishEvent) {
    for (const listener of this.publishListeners) listener(event);
  }
}
