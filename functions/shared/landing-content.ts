// The landing-page content schema of docs/requirements.md §3: one zod schema used by the API, the
// site build and the admin editor. Objects are strict so a typo in the JSON editor is
// reported instead of silently dropped. Every field carries its editor metadata
// (`.meta()`: a label, a help text, how it is edited): the admin's structured editor is
// generated from it (site/islands/admin/common/editor/structured-editor.tsx), so a field added here is
// editable there without touching the admin.
import * as z from 'zod';
import { formIdSchema } from './forms/form-id.ts';
import { layoutSchema } from './blocks.ts';
import {
  benefitsSchema,
  brandSchema,
  faqSchema,
  featuresSchema,
  finalCtaSchema,
  heroSchema,
  howItWorksSchema,
  pricingSchema,
  seoSchema,
  socialSchema,
  supplierFeaturesSchema,
  testimonialsSchema,
} from './landing-sections.ts';

export * from './landing-sections.ts';

export const landingContentSchema = z.strictObject({
  brand: brandSchema,
  hero: heroSchema,
  social: socialSchema,
  features: featuresSchema,
  supplierFeatures: supplierFeaturesSchema.optional(),
  benefits: benefitsSchema,
  testimonials: testimonialsSchema,
  pricing: pricingSchema,
  faq: faqSchema,
  finalCTA: finalCtaSchema,
  howItWorks: howItWorksSchema,
  seo: seoSchema.optional(),
  /** The form of the page's contact dialog (issue 26); absent: the built-in demo-request. */
  formId: formIdSchema.optional().meta({
    title: 'Contact form',
    description:
      "The form of this page's Request Demo dialog; the pricing dialog always uses the pricing form",
  }),
  /**
   * The page's blocks in order (functions/shared/blocks.ts, docs/decisions/0167-block-model.md).
   * Absent: the page shows the sections above in docs/requirements.md §2's order, as it always did.
   * The structured editor leaves it to the JSON tab for now (it is not in EDITOR_SECTIONS).
   */
  layout: z
    .lazy(() => layoutSchema)
    .optional()
    .meta({ title: 'Layout', description: 'The blocks of the page, in order' }),
});

export type LandingContent = z.infer<typeof landingContentSchema>;

/**
 * The sections the structured editor shows, in the order visitors meet them on the
 * landing page, then those only other pages read. `social` is left out: no page shows
 * it, so editing it would change nothing a visitor sees (the JSON tab still has it).
 */
export const EDITOR_SECTIONS = [
  'brand',
  'hero',
  'features',
  'supplierFeatures',
  'benefits',
  'pricing',
  'finalCTA',
  'testimonials',
  'faq',
  'howItWorks',
  'seo',
] as const satisfies readonly (keyof LandingContent)[];

/**
 * Content of a page created without content (docs/requirements.md §3): every section present with
 * placeholder copy and empty item lists. supplierFeatures is optional and its block is
 * only rendered when present, so a new page leaves it out.
 */
export function placeholderContent(): LandingContent {
  return {
    brand: { name: 'Your Platform' },
    hero: {
      headline: 'Transform Your Business',
      highlight: 'with Our Platform',
      subheadline: 'Describe the value your product delivers in one or two sentences.',
      primaryCTA: 'Request Demo',
      secondaryCTA: 'See How It Works',
      features: [],
    },
    social: { headline: 'Trusted by teams like yours' },
    features: {
      headline: 'Features',
      highlight: 'that matter',
      subheadline: 'Explain what your product does.',
      items: [],
    },
    benefits: { headline: 'Benefits', subheadline: 'Why customers choose you.', items: [] },
    testimonials: { headline: 'What Our Customers Say', subheadline: '', items: [] },
    pricing: {
      headline: 'Simple, Transparent Pricing',
      subheadline: 'Plans that grow with you.',
      plans: [],
    },
    faq: { headline: 'Frequently Asked Questions', subheadline: '', items: [] },
    finalCTA: {
      headline: 'Ready to get started?',
      subheadline: 'Talk to our team.',
      secondaryCTA: 'Contact Us',
      features: [],
    },
    howItWorks: { steps: [] },
  };
}
