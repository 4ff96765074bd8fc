// The image slots of a landing page (hero image, Features and Supplier Features items) and
// how an image is assigned to one (docs/requirements.md §2, §7): set the field, keep everything else.
import { setAt } from '../common/editor/values.ts';

export type SlotSection = 'hero' | 'features' | 'supplierFeatures';

export interface ImageSlot {
  section: SlotSection;
  /** The content field, in the usage API's notation: `features.items.2.image`. */
  field: string;
  path: (string | number)[];
  /** The item's title ('Hero image' for the hero). */
  title: string;
  /** What the assignment button and its toast say: the title cut to LABEL_MAX (docs/requirements.md §9). */
  label: string;
  /** The image the slot shows now, if any. */
  current: string | undefined;
}

/** docs/requirements.md §9: labels longer than 40 characters are cut to 40 plus an ellipsis. */
export const LABEL_MAX = 40;

export const truncateLabel = (title: string) =>
  title.length > LABEL_MAX ? `${title.slice(0, LABEL_MAX)}...` : title;

export const SECTION_NAMES: Record<SlotSection, string> = {
  hero: 'Hero',
  features: 'Features Section',
  supplierFeatures: 'Supplier Features Section',
};

const record = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export const HERO_IMAGE_TITLE = 'Hero image';

/** Every slot of `content` an image can be assigned to, in page order. */
export function imageSlots(content: unknown): ImageSlot[] {
  const root = record(content);
  if (!root) return [];
  const slots: ImageSlot[] = [];
  if (record(root['hero'])) {
    slots.push({
      section: 'hero',
      field: 'hero.heroImage',
      path: ['hero', 'heroImage'],
      title: HERO_IMAGE_TITLE,
      label: HERO_IMAGE_TITLE,
      current: text(record(root['hero'])?.['heroImage']),
    });
  }
  for (const section of ['features', 'supplierFeatures'] as const) {
    const items = record(root[section])?.['items'];
    if (!Array.isArray(items)) continue;
    items.forEach((item: unknown, index) => {
      const title = text(record(item)?.['title']) || `Item ${index + 1}`;
      slots.push({
        section,
        field: `${section}.items.${index}.image`,
        path: [section, 'items', index, 'image'],
        title,
        label: truncateLabel(title),
        current: text(record(item)?.['image']),
      });
    });
  }
  return slots;
}

/**
 * `content` with `objectPath` in `target`'s slot, or undefined when that slot no longer
 * holds the same item (the page was edited since the buttons were drawn): an image never
 * lands on another item that moved into its place.
 */
export function withImage(
  content: unknown,
  target: Pick<ImageSlot, 'field' | 'title'>,
  objectPath: string,
): Record<string, unknown> | undefined {
  const slot = imageSlots(content).find(
    (candidate) => candidate.field === target.field && candidate.title === target.title,
  );
  if (!slot) return undefined;
  return setAt(content, slot.path, objectPath) as Record<string, unknown>;
}
