// Media ids and where an upload lives (`/objects/uploads/<id>`, `pending/<id>`). Apart
// from media.ts so the public Lambda function, which only reads image references, does
// not build the media library's schemas at start.
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';
export const MEDIA_ID_RE = new RegExp(`^${UUID}$`);
export const OBJECT_PATH_RE = new RegExp(`^/objects/uploads/(${UUID})$`);
const PENDING_KEY_RE = new RegExp(`^pending/(${UUID})$`);

export const objectPathOf = (id: string) => `/objects/uploads/${id}`;

export function mediaIdFromObjectPath(path: string): string | undefined {
  return OBJECT_PATH_RE.exec(path)?.[1];
}

/** The storage key the server handed out for an upload: `pending/<id>`. */
export const pendingKeyOf = (id: string) => `pending/${id}`;

export function mediaIdFromPendingKey(key: string): string | undefined {
  return PENDING_KEY_RE.exec(key)?.[1];
}
