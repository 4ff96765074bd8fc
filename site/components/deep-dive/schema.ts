// Schema of a deep-dive page (content/deep-dives/{slug}.json), the data behind
// site/layouts/DeepDiveLayout.astro. The file name is the slug under /deep-dive/.
import { z } from 'astro/zod';

const text = z.string().trim().min(1);
const sitePath = z
  .string()
  .regex(/^\/[a-z0-9/._-]*$/, 'must be a site path starting with /')
  .describe('Internal path (no external links from deep dives)');

export const deepDiveActionSchema = z.strictObject({
  label: text.describe('Button label'),
  href: sitePath,
  download: z
    .boolean()
    .optional()
    .describe('The link is a file to download (adds the download attribute)'),
});

const listItemSchema = z.strictObject({
  title: text.describe('Short bold lead-in'),
  description: text.describe('One or two sentences'),
});

const imageMediaSchema = z.strictObject({
  kind: z.literal('image'),
  heading: text.describe('Heading of the media block'),
  text: text.describe('Paragraph beside the media'),
  src: z
    .string()
    .regex(/^\/screenshots\/[a-z-]+\.png$/)
    .describe(
      'PNG screenshot under /screenshots/; its WebP twins (full size and 800 px) are served too',
    ),
  alt: text.describe('Alternative text describing what the screenshot shows'),
  caption: text.describe('Caption under the image'),
});

const sampleMediaSchema = z.strictObject({
  kind: z.literal('sample'),
  heading: text.describe('Heading of the media block'),
  text: text.describe('Paragraph beside the media'),
  caption: text.describe('Caption (accessible name) of the sample table'),
  columns: z.tuple([text, text, text]).describe('Three column headings'),
  rows: z
    .array(z.tuple([text, text, text]))
    .min(2)
    .max(8)
    .describe('Sample rows: illustrative values only, identifiers shown as tokens'),
});

export const deepDiveSchema = z.strictObject({
  order: z.number().int().min(1).describe('Position in listings (docs hub, security links)'),
  eyebrow: z.enum(['Manufacturer', 'Supplier', 'Platform']).describe('Audience role badge'),
  alias: z
    .string()
    .regex(/^\/(foundations|workflow|security|identity|delivery)\/[a-z0-9-]+$/)
    .optional()
    .describe('Legacy path rendering the same page; its canonical URL is /deep-dive/{slug}'),
  title: text.describe('Hero heading (h1)'),
  metaTitle: text.max(70).describe('Document title'),
  description: text.max(170).describe('Meta description'),
  subtext: text.describe('Hero paragraph'),
  actions: z.array(deepDiveActionSchema).max(2).describe('Hero buttons, at most two'),
  highlights: z
    .strictObject({
      heading: text,
      items: z.array(text).min(3).max(8),
    })
    .describe('Bullet list of what the capability delivers'),
  steps: z
    .strictObject({
      heading: text,
      items: z.array(listItemSchema).min(3).max(6),
    })
    .describe('Numbered steps of how it works'),
  media: z.discriminatedUnion('kind', [imageMediaSchema, sampleMediaSchema]),
  options: z
    .strictObject({
      heading: text,
      intro: text,
      items: z.array(listItemSchema).min(2).max(6),
    })
    .optional()
    .describe('Optional list of options (e.g. ID linking methods)'),
  faq: z
    .strictObject({
      heading: text,
      items: z
        .array(z.strictObject({ question: text, answer: text }))
        .min(1)
        .max(6),
    })
    .optional()
    .describe('Optional collapsible questions'),
  closing: z
    .strictObject({
      heading: text,
      text: text,
      action: deepDiveActionSchema,
    })
    .describe('Closing call-to-action banner'),
});

export type DeepDive = z.infer<typeof deepDiveSchema>;
export type DeepDiveAction = z.infer<typeof deepDiveActionSchema>;
