// The block model of the page builder (issue 27, docs/decisions/0167-block-model.md). A page's
// content may carry `layout`: an ordered list of blocks `{id, type, hidden?, style?,
// ...fields}`. BLOCK_TYPES below is the one place a block type is declared: its fields
// (a zod shape; the campaign types' in block-fields.ts), its label and description for the
// block picker, the styles it takes, and, for the sections of docs/requirements.md §2, how its
// fields are read from a page without a layout (deriveLayout). Everything else of a type is in
// its folder site/islands/landing/blocks/<type>/ (renderer, picker thumbnail, starter; the
// recipe in docs/decisions/0380-block-type-folders.md), gathered by complete records keyed by
// BlockType, so the type checker names each one a type added here still lacks.
//
// The section schemas come from landing-sections.ts (which landing-content.ts re-exports),
// so this module and landing-content.ts, whose content schema holds the layout, do not
// import each other; the fields stay functions and the layout schema is built on first use.
import * as z from 'zod';
import * as sections from './landing-sections.ts';
import * as fields from './block-fields.ts';

export const BACKGROUNDS = ['white', 'tint', 'brand', 'dark'] as const;
export const SPACINGS = ['compact', 'normal'] as const;
export const ALIGNS = ['start', 'center'] as const;
export type Background = (typeof BACKGROUNDS)[number];
export type Spacing = (typeof SPACINGS)[number];
export type Align = (typeof ALIGNS)[number];

/** A block's look: only these choices, each pair of colours checked for AA contrast. */
export interface BlockStyle {
  background?: Background | undefined;
  spacing?: Spacing | undefined;
  align?: Align | undefined;
}

/** The styles a block type takes; null: none (the navigation, the hero, the footer). */
interface StyleRule {
  backgrounds: readonly Background[];
  align: boolean;
}

const ALL_STYLES: StyleRule = { backgrounds: BACKGROUNDS, align: true };
/** The sections of docs/requirements.md §2 are drawn dark on light: light backgrounds only. */
const LIGHT_SECTION: StyleRule = { backgrounds: ['white', 'tint'], align: false };

export const MAX_BLOCKS = 40;
/**
 * Types a layout holds at most once: the navigation, the hero (the page's one h1), the footer,
 * the References list (its entries' ids are the reference links' targets).
 */
export const SINGLE_BLOCK_TYPES: ReadonlySet<string> = new Set([
  'navigation',
  'hero',
  'footer',
  'references',
]);
export const BLOCK_ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;

type SectionsOf = {
  brand: z.infer<typeof sections.brandSchema>;
  hero: z.infer<typeof sections.heroSchema>;
  features: z.infer<typeof sections.featuresSchema>;
  supplierFeatures?: z.infer<typeof sections.supplierFeaturesSchema> | undefined;
  benefits: z.infer<typeof sections.benefitsSchema>;
  pricing: z.infer<typeof sections.pricingSchema>;
  finalCTA: z.infer<typeof sections.finalCtaSchema>;
};

interface BlockTypeSpec<S extends z.ZodRawShape> {
  /** The picker's name of the type. */
  label: string;
  /** One sentence for the picker. */
  description: string;
  /** The type's own fields (besides id, type, label, hidden and style). */
  fields: () => S;
  style: StyleRule | null;
  /**
   * Sections of docs/requirements.md §2 only: the block a page without a layout shows, from
   * its content (undefined: the page does not show it). Types without it are never derived.
   */
  fromContent?: (content: SectionsOf) => z.input<z.ZodObject<S>> | undefined;
  /** Rules across the type's fields, run on a block whose fields parsed (the event's venue). */
  // A method, so an entry's own block type fits the registry's wider one (bivariance).
  check?(block: z.infer<z.ZodObject<S>>, ctx: z.RefinementCtx): void;
  /** False while the landing page does not render the type yet (the picker hides it). */
  rendered: boolean;
}

const spec = <S extends z.ZodRawShape>(entry: BlockTypeSpec<S>) => entry;

export const BLOCK_TYPES = {
  navigation: spec({
    label: 'Navigation',
    description: 'The bar at the top: brand name, Platform, FAQs, Pricing and Contact Us.',
    fields: () => sections.brandSchema.shape,
    style: null,
    fromContent: (content) => ({ ...content.brand }),
    rendered: true,
  }),
  hero: spec({
    label: 'Hero',
    description: 'The first screen: headline, buttons and image. Holds the page’s one h1.',
    fields: () => sections.heroSchema.shape,
    style: null,
    fromContent: (content) => structuredClone(content.hero),
    rendered: true,
  }),
  howItWorks: spec({
    label: 'How It Works',
    description: 'The five role steps from a data contract to delivered data.',
    fields: () => ({}),
    style: LIGHT_SECTION,
    fromContent: () => ({}),
    rendered: true,
  }),
  features: spec({
    label: 'Features',
    description: 'Features with screenshots, then cards, and See it in action.',
    fields: () => sections.featuresSchema.shape,
    style: LIGHT_SECTION,
    fromContent: (content) => structuredClone(content.features),
    rendered: true,
  }),
  supplierFeatures: spec({
    label: 'Supplier features',
    description: 'The supplier features and View supplier portal.',
    fields: () => sections.supplierFeaturesSchema.shape,
    style: LIGHT_SECTION,
    fromContent: (content) => content.supplierFeatures && structuredClone(content.supplierFeatures),
    rendered: true,
  }),
  benefits: spec({
    label: 'Benefits',
    description: 'The benefits grid with audience badges and icons.',
    fields: () => sections.benefitsSchema.shape,
    style: LIGHT_SECTION,
    fromContent: (content) => structuredClone(content.benefits),
    rendered: true,
  }),
  pricing: spec({
    label: 'Pricing',
    description: 'Headline, Reach Out for Pricing and See All Plans.',
    fields: () => sections.pricingSchema.shape,
    style: LIGHT_SECTION,
    fromContent: (content) => structuredClone(content.pricing),
    rendered: true,
  }),
  finalCTA: spec({
    label: 'Final call to action',
    description: 'The closing call to action on a dark band.',
    fields: () => sections.finalCtaSchema.shape,
    style: { backgrounds: ['dark'], align: false },
    fromContent: (content) => structuredClone(content.finalCTA),
    rendered: true,
  }),
  testimonials: spec({
    label: 'Testimonials',
    description: 'Customer quotes with their authors.',
    fields: () => sections.testimonialsSchema.shape,
    style: LIGHT_SECTION,
    rendered: true,
  }),
  footer: spec({
    label: 'Footer',
    description: 'The site footer: copyright, Privacy Policy and Terms of Service.',
    fields: () => ({}),
    style: null,
    fromContent: () => ({}),
    rendered: true,
  }),
  richText: spec({
    label: 'Rich text',
    description: 'Headings, paragraphs, lists and links, written in Markdown.',
    fields: fields.richText,
    style: ALL_STYLES,
    rendered: true,
  }),
  event: spec({
    label: 'Event',
    description: 'Date and time, Add to calendar, agenda and speakers.',
    fields: fields.event,
    check: fields.eventVenueCheck,
    style: ALL_STYLES,
    rendered: true,
  }),
  gatedAsset: spec({
    label: 'Gated download',
    description: 'A form; the file’s signed, expiring link is sent once the lead is stored.',
    fields: fields.gatedAsset,
    style: ALL_STYLES,
    rendered: true,
  }),
  form: spec({
    label: 'Form',
    description: 'A form of the Forms tab on the page, with its consent and success message.',
    fields: fields.form,
    style: ALL_STYLES,
    rendered: true,
  }),
  logoStrip: spec({
    label: 'Logo strip',
    description: 'A row of customer or partner logos.',
    fields: fields.logoStrip,
    style: ALL_STYLES,
    rendered: true,
  }),
  faq: spec({
    label: 'FAQ',
    description: 'Questions and answers, with FAQPage structured data for search engines.',
    fields: fields.faq,
    style: ALL_STYLES,
    rendered: true,
  }),
  video: spec({
    label: 'Video',
    description: 'A YouTube or Vimeo video that loads only when played (privacy-enhanced).',
    fields: fields.video,
    style: ALL_STYLES,
    rendered: true,
  }),
  stats: spec({
    label: 'Stats row',
    description: 'Two to six key figures with their labels.',
    fields: fields.stats,
    style: ALL_STYLES,
    rendered: true,
  }),
  imageCaption: spec({
    label: 'Image with caption',
    description: 'One image with its alt text and an optional caption.',
    fields: fields.imageCaption,
    style: ALL_STYLES,
    rendered: true,
  }),
  twoColumns: spec({
    label: 'Text and image',
    description: 'Rich text beside an image.',
    fields: fields.twoColumns,
    style: ALL_STYLES,
    rendered: true,
  }),
  references: spec({
    label: 'References',
    description:
      'The evidence behind the page’s claims, numbered as their superscripts. Without it, the list ends the page.',
    fields: fields.references,
    style: null,
    rendered: true,
  }),
};

export type BlockTypes = typeof BLOCK_TYPES;
export type BlockType = keyof BlockTypes;
export const BLOCK_TYPE_NAMES = Object.keys(BLOCK_TYPES) as BlockType[];

type FieldsOf<T extends BlockType> = ReturnType<BlockTypes[T]['fields']>;
interface Common<T extends BlockType> {
  id: string;
  type: T;
  /** The editor's name of the block (the block list shows it instead of the type's label). */
  label?: string | undefined;
  hidden?: boolean | undefined;
  style?: BlockStyle | undefined;
}
// A type without fields (the footer) has only the common ones (zod's empty object type
// would forbid every key).
type Out<T extends BlockType> = keyof FieldsOf<T> extends never
  ? unknown
  : z.infer<z.ZodObject<FieldsOf<T>>>;
type In<T extends BlockType> = keyof FieldsOf<T> extends never
  ? unknown
  : z.input<z.ZodObject<FieldsOf<T>>>;
export type BlockOf<T extends BlockType> = Common<T> & Out<T>;
export type BlockInputOf<T extends BlockType> = Common<T> & In<T>;
export type Block = { [T in BlockType]: BlockOf<T> }[BlockType];
export type BlockInput = { [T in BlockType]: BlockInputOf<T> }[BlockType];

function styleSchemaOf(rule: StyleRule) {
  return z.strictObject({
    background: z.enum(rule.backgrounds).optional(),
    spacing: z.enum(SPACINGS).optional(),
    ...(rule.align ? { align: z.enum(ALIGNS).optional() } : {}),
  });
}

function blockSchemaOf(type: BlockType) {
  const entry: BlockTypeSpec<z.ZodRawShape> = BLOCK_TYPES[type];
  const schema = z.strictObject({
    id: z.string().regex(BLOCK_ID_PATTERN, 'must be 1 to 32 lowercase letters, digits and hyphens'),
    type: z.literal(type),
    label: z
      .string()
      .trim()
      .min(1, 'must not be empty: leave it out for the type’s name')
      .max(60, 'must be at most 60 characters')
      .optional(),
    hidden: z.boolean().optional(),
    ...(entry.style ? { style: styleSchemaOf(entry.style).optional() } : {}),
    ...entry.fields(),
  });
  return entry.check ? schema.superRefine((block, ctx) => entry.check?.(block, ctx)) : schema;
}

function buildLayoutSchema() {
  const [first, ...rest] = BLOCK_TYPE_NAMES.map(blockSchemaOf);
  if (!first) throw new Error('BLOCK_TYPES is empty');
  const known = BLOCK_TYPE_NAMES.map((name) => JSON.stringify(name)).join(', ');
  // The type is checked first, on its own, so an unknown one is named as such instead of
  // as a mismatch with every type.
  const block = z
    .looseObject({
      type: z
        .string({ error: `must be one of ${known}` })
        .refine((type) => Object.hasOwn(BLOCK_TYPES, type), `must be one of ${known}`),
    })
    .pipe(
      // Cast kept: pipe() wants the union to take any string type, which the check above
      // ensures at run time but no type can say (the union's input names each type).
      z.discriminatedUnion('type', [first, ...rest]) as unknown as z.ZodType<
        unknown,
        { type: string }
      >,
    );
  return z
    .array(block)
    .max(MAX_BLOCKS, `must have at most ${MAX_BLOCKS} blocks`)
    .superRefine(
      (blocks, ctx) => {
        const seen = new Set<string>();
        blocks.forEach((entry, index) => {
          // Also run when a block is invalid (see `when`): read what is there.
          const { id, type } = (entry ?? {}) as { id?: unknown; type?: unknown };
          if (typeof id !== 'string') return;
          if (seen.has(id)) {
            ctx.addIssue({
              code: 'custom',
              path: [index, 'id'],
              message: `is used by an earlier block: ids must be unique`,
            });
          }
          seen.add(id);
          if (
            type === 'hero' &&
            blocks.findIndex((other) => (other as { type?: unknown } | null)?.type === 'hero') !==
              index
          ) {
            ctx.addIssue({
              code: 'custom',
              path: [index, 'type'],
              message: 'hero is already on the page: a page has one hero (it holds the page’s h1)',
            });
          }
          if (
            type === 'references' &&
            blocks.findIndex(
              (other) => (other as { type?: unknown } | null)?.type === 'references',
            ) !== index
          ) {
            ctx.addIssue({
              code: 'custom',
              path: [index, 'type'],
              message: 'references is already on the page: a page has one References list',
            });
          }
          if (type === 'navigation' && index !== 0) {
            ctx.addIssue({
              code: 'custom',
              path: [index, 'type'],
              message: 'navigation must be the first block, and there is only one',
            });
          }
          if (type === 'footer' && index !== blocks.length - 1) {
            ctx.addIssue({
              code: 'custom',
              path: [index, 'type'],
              message: 'footer must be the last block, and there is only one',
            });
          }
        });
      },
      { when: (payload) => Array.isArray(payload.value) },
    );
}

let built: z.ZodType<Block[], BlockInput[]> | undefined;

/** `content.layout`: at most 40 blocks, unique ids, navigation first and footer last, one hero. */
export const layoutSchema: z.ZodType<Block[], BlockInput[]> = z.lazy(
  // Cast kept: the schema is built from the BLOCK_TYPES registry at run time, so its inferred
  // type is the registry's widest; Block and BlockInput are the same registry's mapped types.
  () => (built ??= buildLayoutSchema() as unknown as z.ZodType<Block[], BlockInput[]>),
);

/**
 * The layout of a page without one: the sections of docs/requirements.md §2 in their order,
 * each only if the page shows it today (supplier features only while the section exists;
 * testimonials, the FAQ and the How It Works steps of the content feed other pages and are
 * not derived). Renders the same HTML as the page did before layouts (blocks.test.ts).
 * A pure function: nothing is written back, a stored page stays as it was.
 */
export function deriveLayout(content: SectionsOf): Block[] {
  const layout: Block[] = [];
  for (const type of BLOCK_TYPE_NAMES) {
    const entry: BlockTypeSpec<z.ZodRawShape> = BLOCK_TYPES[type];
    const fields = entry.fromContent?.(content);
    if (fields === undefined) continue;
    layout.push({ ...fields, id: DERIVED_IDS[type] ?? type, type } as Block);
  }
  return layout;
}

/** Ids of the derived blocks: the section's anchor where it has one. */
const DERIVED_IDS: Partial<Record<BlockType, string>> = {
  howItWorks: 'how-it-works',
  supplierFeatures: 'supplier-features',
  finalCTA: 'final-cta',
};

/** The blocks the landing page renders, in order: its layout, or the derived one. */
export function blocksOf(content: SectionsOf & { layout?: Block[] | undefined }): Block[] {
  return (content.layout ?? deriveLayout(content)).filter((entry) => !entry.hidden);
}

/**
 * Whether the page ends with the site footer: always without a layout (§2), else only while
 * its layout has a footer block that is not hidden (LandingLayout.astro draws it).
 */
export function showsFooter(content: { layout?: Block[] | undefined }): boolean {
  return (
    !content.layout || content.layout.some((entry) => entry.type === 'footer' && !entry.hidden)
  );
}

/** The styles a type takes (null: none), for the renderer and the future block editor. */
export const styleRuleOf = (type: BlockType): StyleRule | null => BLOCK_TYPES[type].style;
