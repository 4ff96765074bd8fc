// The sections of the landing-page content of docs/requirements.md §3 (brand, hero, features,
// benefits, pricing, ...), each a zod schema with its editor metadata. landing-content.ts
// puts them together into the page's content schema and re-exports them; the block model
// (blocks.ts) reuses them as block types. Kept apart so blocks.ts and landing-content.ts
// do not import each other.
import * as z from 'zod';
import { dynamicTextProblem } from './dynamic-text.ts';
import { formIdSchema } from './forms/form-id.ts';

/** The content schema's check of dynamic-text tokens, shared with block-fields.ts. */
export function refuseBadTokens(value: string, ctx: z.RefinementCtx<string>): void {
  const problem = dynamicTextProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
}

/** How a field is edited when its type alone does not say it. */
/** `asset`: a gated download's private PDF (functions/shared/assets.ts), chosen or uploaded. */
export type FieldWidget = 'multiline' | 'image' | 'icon' | 'lines' | 'asset' | 'form';

/**
 * Where a section shows up. `everyPage`: on the landing page of any page that has it.
 * `defaultPage`: pages that read only the default page's content (/faq, /pricing, ...).
 */
export interface SectionPlacement {
  everyPage?: string;
  defaultPage?: string;
}

declare module 'zod' {
  interface GlobalMeta {
    /** Editor: how the field is edited (text fields default to one line). */
    widget?: FieldWidget;
    /** Editor: what a list item is called ("Question", "Plan"). */
    itemLabel?: string;
    /** Editor: which field of a list item names it in the list ("title"). */
    itemTitleKey?: string;
    /** Editor: where a section appears on the public site. */
    placement?: SectionPlacement;
    /** Editor, an optional `form` field: what leaving it empty means (the select's first choice). */
    emptyChoice?: string;
  }
}

// Every text field may hold dynamic-text tokens; a malformed one is refused (dynamic-text.ts).
const text = (max: number) =>
  z.string().trim().max(max, `must be at most ${max} characters`).superRefine(refuseBadTokens);
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

/**
 * The form a call-to-action button opens in the dialog (issue 35,
 * docs/decisions/0401-buttons-open-a-chosen-form.md); absent: the page's contact form
 * (`content.formId`, else the built-in demo request).
 */
const buttonForm = (description: string) =>
  formIdSchema.optional().meta({
    title: 'Button form',
    description,
    widget: 'form',
    emptyChoice: 'The page’s contact form',
  });

const imageUrl = (title: string, description: string) =>
  safeUrl.optional().meta({ title, description, widget: 'image' });

const list = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item).max(max, `must have at most ${max} items`);

export const ROLES = ['manufacturer', 'supplier', 'platform'] as const;
export const roleSchema = z.enum(ROLES);

export const brandSchema = z
  .strictObject({
    name: text(60)
      .min(1, 'is required')
      .meta({ title: 'Brand name', description: 'Shown in the navigation bar and the page title' }),
  })
  .meta({
    title: 'Brand',
    description: 'The name in the landing page navigation.',
    placement: { everyPage: 'Landing page: navigation bar and browser tab title' },
  });

export const heroSchema = z
  .strictObject({
    headline: headline.meta({ title: 'Headline', description: 'First part of the hero headline' }),
    highlight: headline.meta({
      title: 'Highlight',
      description: 'Continuation of the headline, shown in the brand colour',
    }),
    subheadline: paragraph.meta({
      title: 'Subheadline',
      description: 'One or two sentences under the headline',
      widget: 'multiline',
    }),
    primaryCTA: label.meta({
      title: 'Primary button label',
      description: 'Opens the contact dialog (Request Demo)',
    }),
    formId: buttonForm('The form the primary button opens in the dialog'),
    secondaryCTA: label.meta({
      title: 'Secondary button label',
      description: 'Scrolls to How It Works',
    }),
    features: list(text(120), 8).meta({
      title: 'Feature points',
      description: 'Short reassurance points under the buttons, one per line',
      widget: 'lines',
    }),
    heroImage: imageUrl('Hero image', 'Image beside the hero text'),
  })
  .meta({
    title: 'Hero',
    description: 'The first screen: headline, buttons and image.',
    placement: {
      everyPage: 'Landing page: top of the page',
      defaultPage: 'also the marketing home (/site)',
    },
  });

export const socialSchema = z.strictObject({
  headline: headline.meta({
    title: 'Social-proof line',
    description: 'Kept with the content; no page shows it at the moment',
  }),
});

export const featureItemSchema = z
  .strictObject({
    title: text(120).min(1, 'is required').meta({ title: 'Title' }),
    description: paragraph.meta({ title: 'Description', widget: 'multiline' }),
    image: imageUrl(
      'Screenshot',
      'Items with an image are shown large, beside their text; the others as cards',
    ),
  })
  .meta({ title: 'Feature' });

const featuresShape = {
  headline: headline.meta({ title: 'Headline' }),
  highlight: headline.meta({ title: 'Highlight', description: 'Shown in the brand colour' }),
  subheadline: paragraph.meta({ title: 'Subheadline', widget: 'multiline' }),
  items: list(featureItemSchema, 12).meta({
    title: 'Features',
    itemLabel: 'Feature',
    itemTitleKey: 'title',
  }),
};

export const featuresSchema = z.strictObject(featuresShape).meta({
  title: 'Features',
  description: 'The manufacturer features with their screenshots, then supporting cards.',
  placement: { everyPage: 'Landing page: Platform section (#features)' },
});

/** The same shape as features; optional, and its block is shown only while it exists. */
export const supplierFeaturesSchema = z.strictObject(featuresShape).meta({
  title: 'Supplier features',
  description: 'The supplier block. Remove the section to hide the whole block.',
  placement: { everyPage: 'Landing page: after the features, only while the section exists' },
});

export const benefitItemSchema = z
  .strictObject({
    badge: text(40).meta({
      title: 'Badge',
      description: 'Audience badge: Manufacturer, Supplier or Platform (coloured by role styles)',
    }),
    icon: text(40).meta({
      title: 'Icon',
      description: 'Icon name from the site icon set',
      widget: 'icon',
    }),
    title: text(120).min(1, 'is required').meta({ title: 'Title' }),
    description: paragraph.meta({ title: 'Description', widget: 'multiline' }),
  })
  .meta({ title: 'Benefit' });

export const TONES = ['blue', 'green', 'purple', 'slate'] as const;

export const roleStyleSchema = z
  .strictObject({
    label: text(40).meta({ title: 'Badge text' }),
    tone: z.enum(TONES).meta({ title: 'Colour' }),
  })
  .meta({ title: 'Role style' });

export const benefitsSchema = z
  .strictObject({
    headline: headline.meta({ title: 'Headline' }),
    subheadline: paragraph.meta({ title: 'Subheadline', widget: 'multiline' }),
    items: list(benefitItemSchema, 12).meta({
      title: 'Benefits',
      itemLabel: 'Benefit',
      itemTitleKey: 'title',
    }),
    role_styles: z.partialRecord(roleSchema, roleStyleSchema).optional().meta({
      title: 'Role styles',
      description: 'Badge text and colour per audience role; a badge naming a role uses its style',
    }),
    card_signature: text(120).optional().meta({
      title: 'Card signature',
      description: 'Small line closing every benefit card; empty shows none',
    }),
  })
  .meta({
    title: 'Benefits',
    description: 'The benefits grid with audience badges and icons.',
    placement: { everyPage: 'Landing page: benefits grid' },
  });

export const testimonialSchema = z
  .strictObject({
    quote: text(1000).min(1, 'is required').meta({ title: 'Quote', widget: 'multiline' }),
    author: text(120).min(1, 'is required').meta({ title: 'Author' }),
    title: text(160).meta({ title: 'Author title', description: 'Role and organisation' }),
  })
  .meta({ title: 'Testimonial' });

export const testimonialsSchema = z
  .strictObject({
    headline: headline.meta({ title: 'Headline' }),
    subheadline: paragraph.meta({ title: 'Subheadline', widget: 'multiline' }),
    items: list(testimonialSchema, 12).meta({
      title: 'Testimonials',
      itemLabel: 'Testimonial',
      itemTitleKey: 'author',
    }),
  })
  .meta({
    title: 'Testimonials',
    description: 'Customer quotes.',
    placement: {
      defaultPage: 'Marketing home (/site), at most 3; one on /product/suppliers',
    },
  });

export const planSchema = z
  .strictObject({
    name: text(60).min(1, 'is required').meta({ title: 'Name' }),
    price: text(40).meta({ title: 'Price', description: 'Display price, e.g. $2,500 or Custom' }),
    period: text(40).meta({
      title: 'Period',
      description: 'Billing period, e.g. /month; empty for custom plans',
    }),
    description: paragraph.meta({ title: 'Description', widget: 'multiline' }),
    features: list(text(160), 20).meta({
      title: 'Included',
      description: 'One per line',
      widget: 'lines',
    }),
    cta: label.meta({ title: 'Button label' }),
    popular: z.boolean().default(false).meta({ title: 'Mark as popular' }),
  })
  .meta({ title: 'Plan' });

export const pricingSchema = z
  .strictObject({
    headline: headline.meta({ title: 'Headline' }),
    subheadline: paragraph.meta({ title: 'Subheadline', widget: 'multiline' }),
    plans: list(planSchema, 6).meta({ title: 'Plans', itemLabel: 'Plan', itemTitleKey: 'name' }),
  })
  .meta({
    title: 'Pricing',
    description: 'Headline and subheadline of the pricing block; the plans feed /pricing.',
    placement: {
      everyPage: 'Landing page: pricing block (headline and subheadline)',
      defaultPage: 'plans on /pricing',
    },
  });

export const faqItemSchema = z
  .strictObject({
    question: text(300).min(1, 'is required').meta({ title: 'Question' }),
    answer: text(4000).min(1, 'is required').meta({ title: 'Answer', widget: 'multiline' }),
  })
  .meta({ title: 'Question' });

export const faqSchema = z
  .strictObject({
    headline: headline.meta({ title: 'Headline' }),
    subheadline: paragraph.meta({ title: 'Subheadline', widget: 'multiline' }),
    items: list(faqItemSchema, 50).meta({
      title: 'Questions',
      itemLabel: 'Question',
      itemTitleKey: 'question',
    }),
  })
  .meta({
    title: 'FAQ',
    description: 'Questions and answers.',
    placement: { defaultPage: 'Shown on /faq' },
  });

export const finalCtaSchema = z
  .strictObject({
    headline: headline.meta({ title: 'Headline' }),
    subheadline: paragraph.meta({ title: 'Subheadline', widget: 'multiline' }),
    primaryCTA: label.optional().meta({
      title: 'Primary button label',
      description: 'Goes to /demo; the button is hidden when empty',
    }),
    secondaryCTA: label.meta({
      title: 'Secondary button label',
      description: 'Opens the contact dialog',
    }),
    formId: buttonForm('The form the buttons open in the dialog'),
    features: list(text(120), 8).meta({
      title: 'Reassurance texts',
      description: 'Shown under the buttons, one per line',
      widget: 'lines',
    }),
  })
  .meta({
    title: 'Final CTA',
    description: 'The closing call to action.',
    placement: {
      everyPage: 'Landing page: closing call to action',
      defaultPage: 'also the marketing home (/site)',
    },
  });

export const STEP_THEMES = ['manufacturer', 'platform', 'supplier', 'complete'] as const;

export const howItWorksStepSchema = z
  .strictObject({
    title: text(120).min(1, 'is required').meta({ title: 'Title' }),
    description: paragraph.meta({ title: 'Description', widget: 'multiline' }),
    badge: text(40).meta({ title: 'Badge', description: 'Small label above the title' }),
    theme: z.enum(STEP_THEMES).meta({ title: 'Colour theme' }),
  })
  .meta({ title: 'Step' });

export const howItWorksSchema = z
  .strictObject({
    steps: list(howItWorksStepSchema, 10).meta({
      title: 'Steps',
      itemLabel: 'Step',
      itemTitleKey: 'title',
    }),
  })
  .meta({
    title: 'How It Works',
    description:
      'The steps of the How It Works page. The landing page shows its own five role steps.',
    placement: { defaultPage: 'Shown on /how-it-works' },
  });

/** Limits search engines show: longer titles and descriptions are cut in results. */
export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 200;

/** Per-page search and sharing settings; each falls back to the hero when empty. */
export const seoSchema = z
  .strictObject({
    title: text(SEO_TITLE_MAX).optional().meta({
      title: 'Search title',
      description: 'The <title> and link-preview title; empty uses the hero headline',
    }),
    description: text(SEO_DESCRIPTION_MAX).optional().meta({
      title: 'Search description',
      description: 'Shown under the title in search results; empty uses the hero subheadline',
      widget: 'multiline',
    }),
    image: imageUrl(
      'Sharing image',
      'Shown in link previews (Open Graph, Twitter); empty uses the hero image',
    ),
    noindex: z.boolean().optional().meta({
      title: 'Hide from search engines',
      description: 'Adds robots noindex and leaves the page out of the sitemap',
    }),
  })
  .meta({
    title: 'SEO',
    description: 'Title, description and image for search engines and link previews.',
    placement: { everyPage: "The page's <head>: search results and link previews" },
  });
