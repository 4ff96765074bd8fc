// Changing an image that visitors see, while review is required (issue 33;
// docs/decisions/0301-image-changes-go-through-working-copies.md). A live page renders an
// image's record (bytes, size, alt text) at build time, so changing the record in place
// would change the live page without anyone signing it. Instead, while `approvalsRequired`
// >= 1, a new alt text or new bytes for an image a live page (or a running or paused
// experiment's variant) shows make a new record with a new id; every page whose working
// copy, or content when it has no copy, uses the old image gets the new one in its working
// copy, which is reviewed and published like any edit. Live pages keep the old record until
// then. An image nothing live shows changes in place, as before; its change counts in the
// settings item (live-guard.ts), so a publish that hashed the old image fails instead of
// publishing what nobody signed, and the working copies that show it are re-hashed.
import type { LandingPage } from '../data/landing-pages/page-item.ts';
import { newMediaId } from '../data/media/store.ts';
import type { UploadTicket } from '../data/media/tickets.ts';
import { StaleWorkingCopyError } from '../data/workflow/errors.ts';
import type { Services } from '../lib/context.ts';
import { CONTROL_ID } from '../shared/experiments.ts';
import type { LandingContent } from '../shared/landing-content.ts';
import { objectPathOf, type MediaChangeResponse, type MediaRecord } from '../shared/media.ts';
import { publicPath } from '../storage/object-store.ts';
import {
  fieldsReferring,
  MAIN_CACHE_CONTROL,
  mainKey,
  storeMain,
  storeVariants,
  VARIANT_CACHE_CONTROL,
  variantKey,
} from './library.ts';
import type { ProcessedImage } from './process.ts';

/** Where visitors see an image: live pages, and variants of running or paused experiments. */
export async function shownLive(
  services: Services,
  id: string,
): Promise<{ pages: LandingPage[]; experiments: string[] }> {
  const needle = objectPathOf(id);
  const pages = (await services.pages.list()).filter(
    (page) => page.isActive && fieldsReferring(page.content, needle).length > 0,
  );
  const experiments: string[] = [];
  // A paused experiment serves its variants again when it resumes, without a new review.
  for (const experiment of await services.experiments.list(undefined, 0)) {
    if (experiment.status !== 'running' && experiment.status !== 'paused') continue;
    for (const variant of experiment.variants) {
      if (variant.id === CONTROL_ID) continue;
      const content = await services.experiments.variantContent(experiment.id, variant.id);
      if (fieldsReferring(content, needle).length > 0) {
        experiments.push(experiment.name);
        break;
      }
    }
  }
  return { pages, experiments };
}

/** The new record of an image whose alt text (or caption) changes: the same bytes, copied. */
export async function copyWithText(
  services: Services,
  record: MediaRecord,
  text: { alt: string; caption: string },
  actor: string,
): Promise<MediaRecord> {
  const id = newMediaId();
  const { objects } = services;
  const variants = await Promise.all(
    record.variants.map(async (variant) => {
      const key = variantKey(id, 1, variant.width);
      const body = await objects.read(variantKey(record.id, record.version, variant.width));
      if (!body) throw new Error(`The image's ${variant.width} px size is missing from storage`);
      await objects.publish(key, body, {
        contentType: 'image/webp',
        cacheControl: VARIANT_CACHE_CONTROL,
      });
      return { ...variant, url: publicPath(key) };
    }),
  );
  const main = await objects.read(mainKey(record.id));
  if (!main) throw new Error('The image is missing from storage');
  await objects.publish(mainKey(id), main, {
    contentType: record.contentType,
    cacheControl: MAIN_CACHE_CONTROL,
  });
  const now = services.now().toISOString();
  const copy: MediaRecord = {
    ...withoutReplacedBy(record),
    id,
    objectPath: objectPathOf(id),
    url: objectPathOf(id),
    variants,
    alt: text.alt,
    caption: text.caption,
    uploadedBy: actor,
    uploadedAt: now,
    updatedAt: now,
    version: 1,
  };
  await services.media.insert(copy);
  return copy;
}

/** The new record of an image replaced by an upload: the upload's id, the old texts. */
export async function recordOfUpload(
  services: Services,
  record: MediaRecord,
  ticket: UploadTicket,
  image: ProcessedImage,
  actor: string,
): Promise<MediaRecord | undefined> {
  const content = await storeVariants(services, ticket.id, 1, image);
  await storeMain(services, ticket.id, image);
  const now = services.now().toISOString();
  const next: MediaRecord = {
    id: ticket.id,
    objectPath: objectPathOf(ticket.id),
    fileName: record.fileName,
    alt: record.alt,
    caption: record.caption,
    uploadedBy: actor,
    uploadedAt: now,
    updatedAt: now,
    version: 1,
    ...content,
  };
  const result = await services.media.publish(next, ticket);
  return result === 'published' ? next : undefined;
}

const withoutReplacedBy = (record: MediaRecord): MediaRecord => {
  const copy = { ...record };
  delete copy.replacedBy;
  return copy;
};

/**
 * `content` with every reference to `from` (its path, or one of its sizes, relative or
 * absolute) pointing at `to`: a size `to` has, else its main image.
 */
export function withImage(content: LandingContent, from: MediaRecord, to: MediaRecord) {
  const pattern = new RegExp(
    `/objects/uploads/${from.id}(?:\\.v\\d+\\.w(\\d+)\\.webp)?(?![0-9a-f-])`,
    'g',
  );
  const swap = (value: unknown): unknown => {
    if (typeof value === 'string') {
      return value.replace(pattern, (_match, width: string | undefined) => {
        const size = width && to.variants.find((variant) => variant.width === Number(width));
        return size ? size.url : to.objectPath;
      });
    }
    if (Array.isArray(value)) return value.map(swap);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, swap(inner)]));
    }
    return value;
  };
  return swap(content) as LandingContent;
}

/**
 * Every page whose working copy (or, without one, its content) shows `from` gets `to`
 * there instead, saved as a working copy by the person who changed the image. Answers the
 * response's `adoption`: the pages, and the sentence the admin shows.
 */
export async function adopt(
  services: Services,
  actor: { email: string; ip?: string | undefined },
  from: MediaRecord,
  to: MediaRecord,
  shown: { experiments: string[] },
): Promise<NonNullable<MediaChangeResponse['adoption']>> {
  const needle = from.objectPath;
  const pages = await services.pages.list();
  const copies = await services.workflow.workingCopies(pages.map((page) => page.id));
  const adopted: { id: string; title: string; slug: string }[] = [];
  const failed: string[] = [];
  for (const listed of pages) {
    if (fieldsReferring((copies.get(listed.id) ?? listed).content, needle).length === 0) continue;
    const outcome = await adoptOne(services, actor, listed.id, from, to);
    if (outcome === 'adopted')
      adopted.push({ id: listed.id, title: listed.title, slug: listed.slug });
    if (outcome === 'failed') failed.push(`${listed.title} (/${listed.slug})`);
  }
  await services.media.markReplaced(from.id, to.id);
  const names = adopted.map((page) => `${page.title} (/${page.slug})`).join(', ');
  const message = [
    `Live pages show this image, and publishing needs review, so the change made a new image.`,
    adopted.length
      ? `${names} ${adopted.length === 1 ? 'gets' : 'get'} it through ${adopted.length === 1 ? 'its' : 'their'} working cop${adopted.length === 1 ? 'y' : 'ies'}; visitors keep seeing the old one until ${adopted.length === 1 ? 'it is' : 'they are'} approved and published.`
      : '',
    failed.length
      ? `${failed.join(', ')} changed meanwhile: assign the new image there by hand.`
      : '',
    shown.experiments.length
      ? `Running experiments (${shown.experiments.join(', ')}) keep the old image.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
  return { previousId: from.id, pages: adopted, message };
}

/**
 * One page takes `to`: read afresh, its working copy (or content) with the references
 * swapped is saved. A save by someone else meanwhile only means reading again: the swap is
 * applied to whatever the copy holds then, so nothing of theirs is lost.
 */
async function adoptOne(
  services: Services,
  actor: { email: string; ip?: string | undefined },
  pageId: string,
  from: MediaRecord,
  to: MediaRecord,
): Promise<'adopted' | 'unused' | 'failed'> {
  for (let attempt = 1; ; attempt++) {
    const [page, copy] = await Promise.all([
      services.pages.getById(pageId),
      services.workflow.workingCopy(pageId),
    ]);
    const edited = copy ?? page;
    if (!page || !edited || fieldsReferring(edited.content, from.objectPath).length === 0) {
      return 'unused';
    }
    try {
      await services.workflow.saveDraft(
        page,
        { title: edited.title, slug: edited.slug, content: withImage(edited.content, from, to) },
        edited.revision,
        actor,
        { summary: `image ${from.fileName} replaced by its new version (${to.objectPath})` },
      );
      return 'adopted';
    } catch (error) {
      if (error instanceof StaleWorkingCopyError && attempt < 3) continue;
      // The image is changed everywhere else, and this page is named so that it can be
      // done there by hand.
      services.log.warn('a working copy did not take the new image', {
        pageId,
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      });
      return 'failed';
    }
  }
}

/** After an in-place change: the working copies showing the image hash it anew. */
export async function rehashCopiesShowing(services: Services, record: MediaRecord) {
  const pages = await services.pages.list();
  const copies = await services.workflow.workingCopies(pages.map((page) => page.id));
  for (const [pageId, copy] of copies) {
    if (fieldsReferring(copy.content, record.objectPath).length === 0) continue;
    await services.workflow.refreshHash(pageId, copy).catch((error: unknown) => {
      // A save meanwhile hashed the image as it is now; a publish re-checks it anyway.
      services.log.warn('a working copy was not re-hashed', {
        pageId,
        error: error instanceof Error ? error.message : String(error),
      });
    });
  }
}
