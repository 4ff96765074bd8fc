// The fields of the block types added with the page builder (issue 27,
// docs/decisions/0167-block-model.md), one zod shape per type, each a function: BLOCK_TYPES in
// blocks.ts, the one registry of block types, names them as its entries' `fields`. The section
// types of docs/requirements.md §2 reuse their section's schema there instead. Functions,
// called only when the layout schema is built, because the section helpers come from
// landing-sections.ts, which blocks.ts's header explains.
import * as z from 'zod';
import * as sections from './landing-sections.ts';
import { ASSET_PATH_RE } from './assets.ts';
import { formIdSchema } from './forms/form-id.ts';
import { HTML_TAG, linkHrefsIn, safeHref } from './rich-text.ts';

// Field helpers: bounded strings and lists, every text refusing malformed dynamic-text tokens.
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .superRefine(sections.refuseBadTokens);
const required = (max: number) => text(max).min(1, 'is required');
const list = <T extends z.ZodType>(item: T, min: number, max: number) =>
  z
    .array(item)
    .min(min, min === 1 ? 'must have at least one item' : `must have at least ${min} items`)
    .max(max, `must have at most ${max} items`);
const image = (title: string, description?: string) =>
  sections.safeUrl.meta({ title, description, widget: 'image' });

/** Markdown of the subset rich-text.ts renders; HTML and unsafe links are refused here. */
const markdown = (max: number) =>
  required(max)
    .refine((value) => !HTML_TAG.test(value), {
      message: 'must not contain HTML tags: write Markdown (## heading, **bold**, [text](address))',
    })
    .superRefine((value, ctx) => {
      for (const href of linkHrefsIn(value)) {
        if (!safeHref(href)) {
          ctx.addIssue({
            code: 'custom',
            message: `has a link to "${href.slice(0, 60)}": links must be http(s), mailto or a relative address`,
          });
        }
      }
    })
    .meta({
      title: 'Text',
      description: 'Markdown: ## headings, lists, **bold**, *italic*, [links](https://…)',
      widget: 'multiline',
    });

/** A calendar date and wall-clock time, read in the event's time zone. */
const LOCAL_DATE_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/;
const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const isHttpsUrl = (value: string) => {
  try {
    return new URL(value).protocol === 'https:' && !/\s/.test(value);
  } catch {
    return false;
  }
};

/** The venue fields of an event block, in the order they are written out. */
export const VENUE_FIELDS = [
  'venueName',
  'venueStreet',
  'venuePostalCode',
  'venueCity',
  'venueCountry',
] as const;
const VENUE_REQUIRED = ['venueName', 'venueCity', 'venueCountry'] as const;

/**
 * An event block's venue is all or nothing: once any venue field is filled, its name, city and
 * country are required (a schema.org PostalAddress needs the locality and the country).
 */
export function eventVenueCheck(
  block: Partial<Record<(typeof VENUE_FIELDS)[number], string | undefined>>,
  ctx: z.RefinementCtx,
): void {
  if (!VENUE_FIELDS.some((key) => block[key])) return;
  for (const key of VENUE_REQUIRED) {
    if (!block[key]) {
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: 'is required for a venue (its name, city and country code)',
      });
    }
  }
}

export const richText = () => ({ markdown: markdown(20_000) });

export const event = () => ({
  title: required(200).meta({ title: 'Title' }),
  startsAt: z
    .string()
    .regex(LOCAL_DATE_TIME, 'must be a date and time like 2026-03-14T16:00')
    .meta({ title: 'Starts', description: 'Date and time in the event’s time zone' }),
  timeZone: z
    .string()
    .max(64, 'must be at most 64 characters')
    .refine(isTimeZone, 'must be a time zone like Europe/Berlin or America/New_York')
    .meta({ title: 'Time zone' }),
  durationMinutes: z
    .number()
    .int('must be whole minutes')
    .min(5, 'must be at least 5 minutes')
    .max(24 * 60, 'must be at most 1440 minutes (a day)')
    .meta({ title: 'Duration (minutes)' }),
  location: text(200).optional().meta({
    title: 'Location',
    description:
      'Shown as written, e.g. "Hall 3, Messe Frankfurt"; search engines read the venue and online URL below',
  }),
  // The venue, for schema.org's Place with a PostalAddress (event/renderer.tsx) and the .ics
  // LOCATION (ics.ts). Flat fields, not one optional object: the block form (ObjectFields,
  // site/islands/admin/common/editor/structured-editor.tsx) cannot leave out an object once
  // started; eventVenueCheck asks for name, city and country once any of them is filled.
  venueName: text(200).optional().meta({ title: 'Venue name', description: 'Venue: its name' }),
  venueStreet: text(200)
    .optional()
    .meta({ title: 'Street', description: 'Venue: street and number' }),
  venueCity: text(120).optional().meta({ title: 'City', description: 'Venue: its city' }),
  venuePostalCode: text(20).optional().meta({ title: 'Postal code', description: 'Venue' }),
  venueCountry: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code like DE')
    .optional()
    .meta({ title: 'Country code', description: 'Venue: ISO 3166-1 code, e.g. DE, GB, US' }),
  onlineUrl: z
    .string()
    .trim()
    .max(500, 'must be at most 500 characters')
    .refine(isHttpsUrl, 'must be an https:// address')
    .optional()
    .meta({ title: 'Online event URL', description: 'Where attendees join or register online' }),
  description: text(2000).optional().meta({ title: 'Description', widget: 'multiline' }),
  agenda: list(
    z.strictObject({
      time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time like 09:30'),
      title: required(200),
      description: text(1000).optional(),
    }),
    0,
    30,
  ).meta({ title: 'Agenda', itemLabel: 'Agenda item', itemTitleKey: 'title' }),
  speakers: list(
    z.strictObject({
      name: required(120).meta({ title: 'Name' }),
      // Stored as `title`: schema.org's jobTitle (event/renderer.tsx).
      title: text(160).optional().meta({
        title: 'Role',
        description: 'Job title and organisation, e.g. "Head of Data, Acme Pharma"',
      }),
      photo: image('Photo').optional(),
    }),
    0,
    20,
  ).meta({ title: 'Speakers', itemLabel: 'Speaker', itemTitleKey: 'name' }),
});

export const gatedAsset = () => ({
  headline: required(200).meta({ title: 'Headline' }),
  description: text(2000).optional().meta({ title: 'Description', widget: 'multiline' }),
  // Optional: a template ships the block without a file; until one is chosen the
  // landing page does not show it (render.tsx).
  asset: z.string().regex(ASSET_PATH_RE, 'must be an uploaded PDF (/assets/…)').optional().meta({
    title: 'File',
    description: 'A private PDF: never linked on the page, its link is sent after the form',
    widget: 'asset',
  }),
  formId: formIdSchema.optional().meta({
    title: 'Form',
    description: 'The form visitors fill in for the file (Forms tab)',
    widget: 'form',
  }),
  buttonLabel: required(80).meta({ title: 'Button label' }),
});

/**
 * A form of the Forms tab inline on the page (issue 35, docs/decisions/0400-form-block.md): any
 * form, built-in or custom (the API refuses an id that names none, functions/routes/support/form-references.ts),
 * under an optional headline.
 */
export const form = () => ({
  formId: formIdSchema.meta({
    title: 'Form',
    description: 'The form visitors fill in on the page (Forms tab)',
    widget: 'form',
  }),
  headline: text(200).optional().meta({ title: 'Headline' }),
});

export const logoStrip = () => ({
  headline: text(200).optional().meta({ title: 'Headline' }),
  logos: list(
    z.strictObject({
      image: image('Logo'),
      name: required(120).meta({ title: 'Name', description: 'The logo’s alt text' }),
      href: sections.safeUrl.optional().meta({ title: 'Link' }),
    }),
    1,
    24,
  ).meta({ title: 'Logos', itemLabel: 'Logo', itemTitleKey: 'name' }),
});

export const faq = () => ({
  headline: required(200).meta({ title: 'Headline' }),
  subheadline: text(2000).optional().meta({ title: 'Subheadline', widget: 'multiline' }),
  items: list(sections.faqItemSchema, 1, 50).meta({
    title: 'Questions',
    itemLabel: 'Question',
    itemTitleKey: 'question',
  }),
});

export const video = () => ({
  provider: z.enum(['youtube', 'vimeo']).meta({ title: 'Provider' }),
  videoId: z
    .string()
    .regex(/^[\w-]{6,20}$/, 'must be the video’s id (letters, digits, - and _)')
    .meta({ title: 'Video id' }),
  title: required(200).meta({
    title: 'Title',
    description: 'Names the video for screen readers',
  }),
  poster: image('Poster image', 'Shown until the video is played'),
});

export const stats = () => ({
  headline: text(200).optional().meta({ title: 'Headline' }),
  items: list(
    z.strictObject({
      value: required(20).meta({ title: 'Figure', description: 'e.g. 98% or 3x' }),
      label: required(120).meta({ title: 'Label' }),
    }),
    2,
    6,
  ).meta({ title: 'Figures', itemLabel: 'Figure', itemTitleKey: 'label' }),
});

export const imageCaption = () => ({
  image: image('Image'),
  alt: required(300).meta({ title: 'Alt text', description: 'What the image shows' }),
  caption: text(300).optional().meta({ title: 'Caption' }),
});

export const twoColumns = () => ({
  markdown: markdown(8_000),
  image: image('Image'),
  alt: required(300).meta({ title: 'Alt text', description: 'What the image shows' }),
  imageSide: z.enum(['start', 'end']).optional().meta({
    title: 'Image side',
    description: 'Where the image sits on wide screens (start: left)',
  }),
});

/** The References list's place (issue 36, docs/decisions/0523-claims-rendered.md). */
export const references = () => ({
  heading: text(120).optional().meta({
    title: 'Heading',
    description: 'Above the list; References when empty',
  }),
});
