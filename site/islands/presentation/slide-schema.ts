// Slide of docs/requirements.md §3 (content/slides.json). Validated by /presentation at build;
// the browser module (deck.ts) never imports it, so zod never ships to the browser.
import { z } from 'astro/zod';

const text = z.string().trim().min(1);
const column = z.strictObject({
  heading: text.describe('Column heading'),
  bullets: z.array(text).min(1).describe('Column bullet points'),
});

export const slideSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .describe('Stable identifier, also the DOM id of the slide'),
  type: z.enum(['title', 'content', 'image', 'two-column']).describe('Slide layout'),
  title: text.describe('Slide heading'),
  subtitle: text.optional().describe('Line under the heading'),
  caption: text.optional().describe('Caption of the image (image slides)'),
  bullets: z.array(text).optional().describe('Bullet points (content slides)'),
  imageUrl: z
    .string()
    .regex(/^\/screenshots\/[a-z-]+\.png$/)
    .optional()
    .describe('Screenshot under /screenshots/ (image slides)'),
  imageAlt: text.optional().describe('Alternative text of the image'),
  leftContent: column.optional().describe('Left column (two-column slides)'),
  rightContent: column.optional().describe('Right column (two-column slides)'),
});

export type Slide = z.infer<typeof slideSchema>;

/** The deck of docs/requirements.md §2: exactly six slides, in file order. */
export const deckSchema = z.array(slideSchema).length(6);
