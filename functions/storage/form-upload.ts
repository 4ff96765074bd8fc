// A streaming reader for the multipart/form-data POST that @uppy/aws-s3 sends for a
// non-multipart file (an S3 POST policy upload): text fields first, then the `file` part,
// whose bytes go to a sink as they arrive, never held whole in memory. Like S3, fields
// after the file are ignored. Small limits on everything that is not the file.

const MAX_HEADER_BYTES = 8 * 1024;
const MAX_FIELD_BYTES = 8 * 1024;
const MAX_FIELDS = 32;

export class FormUploadError extends Error {
  override name = 'FormUploadError';
}

/** The boundary of a multipart/form-data Content-Type, or undefined. */
export function formBoundary(contentType: string | null | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

export interface FormUpload {
  fields: Record<string, string>;
  /** The file part's own Content-Type, when it named one. */
  fileType: string | undefined;
}

/**
 * Reads `body`: calls `onFields` with the fields before the first byte of the file (it may
 * throw to refuse), then `onFileChunk` for each piece of the file.
 */
export async function readFormUpload(
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
  boundary: string,
  onFields: (fields: Record<string, string>) => void | Promise<void>,
  onFileChunk: (chunk: Buffer) => Promise<void>,
): Promise<FormUpload> {
  const first = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  let fileType: string | undefined;
  let buffer = Buffer.alloc(0);
  let state: 'preamble' | 'after-delimiter' | 'headers' | 'field' | 'file' | 'done' = 'preamble';
  let fieldName = '';
  let fieldCount = 0;

  const step = async (): Promise<boolean> => {
    switch (state) {
      case 'preamble': {
        const at = buffer.indexOf(first);
        if (at < 0) {
          if (buffer.length > MAX_HEADER_BYTES) throw new FormUploadError('No form boundary found');
          return false;
        }
        buffer = buffer.subarray(at + first.length);
        state = 'after-delimiter';
        return true;
      }
      case 'after-delimiter': {
        if (buffer.length < 2) return false;
        if (buffer[0] === 0x2d && buffer[1] === 0x2d) {
          throw new FormUploadError('The form has no file');
        }
        if (buffer[0] !== 0x0d || buffer[1] !== 0x0a) throw new FormUploadError('Malformed form');
        buffer = buffer.subarray(2);
        state = 'headers';
        return true;
      }
      case 'headers': {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) {
          if (buffer.length > MAX_HEADER_BYTES)
            throw new FormUploadError('Form part headers too long');
          return false;
        }
        const headers = buffer.subarray(0, end).toString('utf8');
        buffer = buffer.subarray(end + 4);
        const disposition = /^content-disposition:\s*form-data\s*;(.*)$/im.exec(headers)?.[1];
        const name = disposition && /(?:^|;)\s*name="([^"]*)"/i.exec(disposition)?.[1];
        if (!name) throw new FormUploadError('A form part has no name');
        if (name === 'file') {
          fileType = /^content-type:\s*([^\r\n]+)$/im.exec(headers)?.[1]?.trim();
          await onFields({ ...fields });
          state = 'file';
        } else {
          if (++fieldCount > MAX_FIELDS) throw new FormUploadError('Too many form fields');
          fieldName = name;
          state = 'field';
        }
        return true;
      }
      case 'field': {
        const at = buffer.indexOf(delimiter);
        if (at < 0) {
          if (buffer.length > MAX_FIELD_BYTES)
            throw new FormUploadError(`Form field ${fieldName} too long`);
          return false;
        }
        // Field names are matched case-insensitively, as S3 does.
        fields[fieldName.toLowerCase()] = buffer.subarray(0, at).toString('utf8');
        buffer = buffer.subarray(at + delimiter.length);
        state = 'after-delimiter';
        return true;
      }
      case 'file': {
        const at = buffer.indexOf(delimiter);
        if (at >= 0) {
          if (at > 0) await onFileChunk(buffer.subarray(0, at));
          buffer = Buffer.alloc(0);
          state = 'done';
          return false;
        }
        // Keep back what could be the start of the delimiter.
        const safe = buffer.length - (delimiter.length - 1);
        if (safe > 0) {
          await onFileChunk(buffer.subarray(0, safe));
          buffer = Buffer.from(buffer.subarray(safe));
        }
        return false;
      }
      case 'done':
        return false;
    }
  };

  for await (const chunk of chunks(body)) {
    buffer = buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([buffer, chunk]);
    while (await step());
    // (step() changes state; TypeScript does not follow that into the closure.)
    if ((state as string) === 'done') break;
  }
  if ((state as string) !== 'done') throw new FormUploadError('The form ended before the file did');
  return { fields, fileType };
}

/** The chunks of a web ReadableStream (whose async iteration the DOM typings omit) or an iterable. */
export async function* chunks(
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  if (!('getReader' in body)) {
    yield* body;
    return;
  }
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // Stopping early (a refused upload) leaves the rest unread, not cancelled: cancelling
    // would destroy the Node request and its socket before the 413 is answered; the
    // server drains what is left once the answer is sent (@hono/node-server does).
    reader.releaseLock();
  }
}
