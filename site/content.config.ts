// Astro content collections: the marketing site's copy, kept as data in content/ and
// validated with strict zod schemas (every field described). Each page family adds its
// collection here.
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { deepDiveSchema } from './components/deep-dive/schema.ts';
import { faqGroupSchema } from './components/faq/schema.ts';

// Marketing site copy (site/views): About page and the legal pages.
const siteLeadership = defineCollection({
  loader: file('content/site/leadership.json'),
  schema: z.strictObject({
    name: z.string().min(1).describe('Invented, plausible name of the leader (no real people)'),
    role: z.string().min(1).describe('Job title shown under the name'),
    bio: z.string().min(1).describe('Two sentences on background and remit'),
  }),
});

const siteMilestones = defineCollection({
  loader: file('content/site/milestones.json'),
  schema: z.strictObject({
    year: z
      .string()
      .regex(/^\d{4}$/)
      .describe('Year of the milestone, 2021-2024'),
    title: z.string().min(1).describe('Short milestone headline'),
    description: z.string().min(1).describe('One or two sentences on what happened'),
  }),
});

const legalSection = z.strictObject({
  heading: z.string().min(1).describe('Section heading (h2)'),
  paragraphs: z.array(z.string().min(1)).optional().describe('Paragraphs before the list'),
  bullets: z.array(z.string().min(1)).optional().describe('Bulleted list items'),
  closing: z.string().optional().describe('Paragraph after the list'),
});

const siteLegal = defineCollection({
  loader: file('content/site/legal.json'),
  schema: z.strictObject({
    title: z.string().min(1).describe('Page title and h1'),
    description: z.string().min(1).describe('Meta description'),
    updated: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .describe('Last updated date, ISO format'),
    intro: z.string().min(1).describe('Opening paragraph'),
    sections: z.array(legalSection).min(1).describe('Policy sections in order'),
  }),
});

// Deep dives (/deep-dive/{slug} and aliases) and the static FAQ groups (/resources/faq).
const deepDives = defineCollection({
  loader: glob({ pattern: '*.json', base: 'content/deep-dives' }),
  schema: deepDiveSchema,
});

const faqGroups = defineCollection({
  loader: glob({ pattern: '*.json', base: 'content/faq' }),
  schema: faqGroupSchema,
});

export const collections = {
  siteLeadership,
  siteMilestones,
  siteLegal,
  deepDives,
  faqGroups,
};

// Referenced so the imports above stay available to the collections added below.
void defineCollection;
void file;
void z;
