// The media library's repository: every layer of functions/data/media/ in one object,
// `ctx.media` (functions/lib/context.ts).
import { MediaChanges } from './changes.ts';

/** The media records, the library and the upload tickets. */
export class MediaRepository extends MediaChanges {}
