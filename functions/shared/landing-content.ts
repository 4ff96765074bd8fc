// The landing-page content schema of SPEC.md §3: one zod schema used by the API, the
// site build and the admin editor. Objects are strict so a typo in the JSON editor is
// reported instead of silently dropped.
import { z } from 'zod';

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const label = text(80);
const headline = text(200);
const paragraph = text(2000);

/** http(s) URLs, site-relative paths and in-page anchors; never javascript: or data:. */
export const safeUrl = z
  .string()
  .trim()
  .max(2048, 'must be at most 2048 characters')
  .refine(
    (value) =>
      /^https?:\/\/[^\s]+$/i.test(value) ||
      /^\/(?!\/)[^\s]*$/.test(value) ||
      /^#[\w-]*$/.test(value),
    'must be an http(s) URL, a path starting with / or an #anchor',
  );

const list = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item).max(max, `must have at most ${max} items`);

export const ROLES = ['manufacturer', 'supplier', 'platform'] as const;
export const roleSchema = z.enum(ROLES);

export const brandSchema = z.strictObject({
  name: text(60).min(1, 'is required').describe('Brand name shown in the navigation and footer'),
});

export const heroSchema = z.strictObject({
  headline: headline.describe('First part of the hero headline'),
  highlight: headline.describe('Highlighted continuation of the headline'),
  subheadline: paragraph,
  primaryCTA: label.describe('Label of the hero button that opens the contact dialog'),
  secondaryCTA: label.describe('Label of the secondary hero link'),
  features: list(text(120), 8).describe('Short reassurance points under the hero buttons'),
  heroImage: safeUrl.optional().describe('Image shown beside the hero text'),
});

export const socialSchema = z.strictObject({
  headline: headline.describe('Line above the social-proof strip'),
});

export const featureItemSchema = z.strictObject({
  title: text(120).min(1, 'is required'),
  description: paragraph,
  image: safeUrl
    .optional()
    .describe('Screenshot for this feature (/objects/uploads/... or /screenshots/...)'),
});

export const featuresSchema = z.strictObject({
  headline: headline,
  highlight: headline,
  subheadline: paragraph,
  items: list(featureItemSchema, 12),
});

export const benefitItemSchema = z.strictObject({
  badge: text(40).describe('Audience badge, e.g. Manufacturer, Supplier or Platform'),
  icon: text(40).describe('Icon name from the site icon set'),
  title: text(120).min(1, 'is required'),
  description: paragraph,
});

export const roleStyleSchema = z.strictObject({
  label: text(40),
  tone: z.enum(['blue', 'green', 'purple', 'slate']),
});

export const benefitsSchema = z.strictObject({
  headline: headline,
  subheadline: paragraph,
  items: list(benefitItemSchema, 12),
  role_styles: z
    .partialRecord(roleSchema, roleStyleSchema)
    .optional()
    .describe('Badge label and colour per audience role'),
  card_signature: text(120).optional().describe('Small line closing every benefit card'),
});

export const testimonialSchema = z.strictObject({
  quote: text(1000).min(1, 'is required'),
  author: text(120).min(1, 'is required'),
  title: text(160),
});

export const testimonialsSchema = z.strictObject({
  headline: headline,
  subheadline: paragraph,
  items: list(testimonialSchema, 12),
});

export const planSchema = z.strictObject({
  name: text(60).min(1, 'is required'),
  price: text(40).describe('Display price, e.g. $2,500 or Custom'),
  period: text(40).describe('Billing period, e.g. /month; empty for custom plans'),
  description: paragraph,
  features: list(text(160), 20),
  cta: label,
  popular: z.boolean().default(false),
});

export const pricingSchema = z.strictObject({
  headline: headline,
  subheadline: paragraph,
  plans: list(planSchema, 6),
});

export const faqItemSchema = z.strictObject({
  question: text(300).min(1, 'is required'),
  answer: text(4000).min(1, 'is required'),
});

export const faqSchema = z.strictObject({
  headline: headline,
  subheadline: paragraph,
  items: list(faqItemSchema, 50),
});

export const finalCtaSchema = z.strictObject({
  headline: headline,
  subheadline: paragraph,
  primaryCTA: label.optional().describe('Primary button label; the button is hidden when empty'),
  secondaryCTA: label,
  features: list(text(120), 8).describe('Reassurance texts under the buttons'),
});

export const STEP_THEMES = ['manufacturer', 'platform', 'supplier', 'complete'] as const;

export const howItWorksStepSchema = z.strictObject({
  title: text(120).min(1, 'is required'),
  description: paragraph,
  badge: text(40),
  theme: z.enum(STEP_THEMES),
});

export const howItWorksSchema = z.strictObject({
  steps: list(howItWorksStepSchema, 10),
});

export const landingContentSchema = z.strictObject({
  brand: brandSchema,
  hero: heroSchema,
  social: socialSchema,
  features: featuresSchema,
  supplierFeatures: featuresSchema.optional(),
  benefits: benefitsSchema,
  testimonials: testimonialsSchema,
  pricing: pricingSchema,
  faq: faqSchema,
  finalCTA: finalCtaSchema,
  howItWorks: howItWorksSchema,
});

export type LandingContent = z.infer<typeof landingContentSchema>;
export type LandingContentInput = z.input<typeof landingContentSchema>;

/**
 * Content of a page created without content (SPEC.md §3): every section present with
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
