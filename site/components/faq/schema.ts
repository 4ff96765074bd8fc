// Schema of a static FAQ group (content/faq/{group}.json) shown on /resources/faq.
import { z } from 'astro/zod';

const text = z.string().trim().min(1);

export const faqGroupSchema = z.strictObject({
  order: z.number().int().min(1).describe('Position of the group on the page'),
  title: text.describe('Group heading (h2)'),
  items: z
    .array(
      z.strictObject({
        question: text.describe('Question, shown as the summary of a collapsible item'),
        answer: text.describe('Answer paragraph, consistent with the marketing claims'),
      }),
    )
    .length(3)
    .describe('Exactly three questions per group'),
});
