// The built-in page templates (issue 27, docs/decisions/0176-page-templates.md): where a new page
// starts when the create form's "Start from" picks a template. Each one is a complete content
// (every section of docs/requirements.md §3, so landingContentSchema accepts it) with a `layout` of
// blocks (functions/shared/blocks.ts); the sections its layout does not show keep
// placeholderContent()'s copy, and syncSections (block-sync.ts) copies the layout's hero, final
// call to action and brand name into their sections, which the SEO fallback and other pages read.
// The hero's secondary button always scrolls to How It Works, which only the product pitch has: the
// others leave its label empty, so it is not shown. "Product pitch" is the PharmaBridge template of
// content/landing-template.json without a layout, so it renders exactly as pages did. The Webinar
// and Event templates name their speakers' roles and leave their names to fill
// (SPEAKER_NAME_PLACEHOLDER); the Webinar's event has its online address and the Event's its venue,
// so their Event data has a location (docs/decisions/0565-event-venue-and-navigation.md). Templates the
// team saves from a page are stored (functions/data/page-templates.ts); the API lists both,
// built-ins first (functions/routes/admin/templates.ts).
import { deriveLayout, type BlockInput } from './blocks.ts';
import { syncSections } from './block-sync.ts';
import {
  landingContentSchema,
  placeholderContent,
  type LandingContent,
} from './landing-content.ts';
import { landingTemplate } from './template.ts';
import type { TemplateSummary } from './api/templates.ts';

export const BUILT_IN_TEMPLATE_IDS = [
  'product-pitch',
  'webinar',
  'gated-asset',
  'event',
  'blank',
] as const;
export type BuiltInTemplateId = (typeof BUILT_IN_TEMPLATE_IDS)[number];

/** The template a create request with `startFrom: 'template'` and no templateId gets. */
export const DEFAULT_TEMPLATE_ID: BuiltInTemplateId = 'product-pitch';

export interface BuiltInTemplate {
  id: BuiltInTemplateId;
  name: string;
  /** One line for the create form. */
  description: string;
  /** A new page's content; dates are computed from `now` (the moment the page is created). */
  content: (now: Date) => LandingContent;
}

/** The calendar date `days` after `now` in `timeZone`, as YYYY-MM-DD. */
export function dateIn(now: Date, days: number, timeZone: string): string {
  const later = new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(later);
}

/** Tuesday and Wednesday (0 is Sunday): the days B2B webinars draw the most registrants. */
const WEBINAR_WEEKDAYS = [2, 3];

/**
 * The first date on or after `dateIn(now, days, timeZone)` that falls on one of `weekdays`
 * (0 = Sunday), as YYYY-MM-DD: a template's event never lands on a weekend.
 */
export function weekdayOnOrAfter(
  now: Date,
  days: number,
  timeZone: string,
  weekdays: readonly number[],
): string {
  const [year, month, day] = dateIn(now, days, timeZone).split('-').map(Number) as [
    number,
    number,
    number,
  ];
  // A calendar date's weekday does not depend on the zone: count on UTC noon.
  const date = new Date(Date.UTC(year, month - 1, day, 12));
  while (!weekdays.includes(date.getUTCDay())) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

const BERLIN = 'Europe/Berlin';
/** The site's own screenshot (site/public/screenshots), as the product pitch's hero uses. */
const HERO_IMAGE = '/screenshots/platform-overview.png';
const BRAND = 'PharmaBridge';

/** Placeholder sections with the brand, plus the layout; sections follow the layout's blocks. */
function fromLayout(layout: BlockInput[]): LandingContent {
  const content = { ...placeholderContent(), brand: { name: BRAND }, layout };
  // Parsed so the result is the schema's output (defaults applied), then synced.
  return syncSections(landingContentSchema.parse(content));
}

const navigation: BlockInput = { id: 'navigation', type: 'navigation', name: BRAND };

/**
 * A speaker's name the marketer fills in: an obvious placeholder, which the checks before
 * publishing report as unfilled. The role beside it (schema.org jobTitle) is written out.
 */
export const SPEAKER_NAME_PLACEHOLDER = 'Speaker name';

/**
 * Where attendees join the Webinar, on the company's own site (the address .env.example gives
 * SITE_URL): a registration page the marketer replaces with the webinar platform's link.
 */
const WEBINAR_URL = 'https://www.pharmabridge.example/webinars/data-contract-to-validated-data';
const footer: BlockInput = { id: 'footer', type: 'footer' };

function webinar(now: Date): LandingContent {
  return fromLayout([
    navigation,
    {
      id: 'hero',
      type: 'hero',
      headline: 'Live Webinar: From Data Contract',
      highlight: 'to Validated Supplier Data',
      subheadline:
        'In 45 minutes, see how pharma manufacturers turn their data contracts into machine-readable rules that validate every supplier file at upload, and deliver tokenized, contract-clean data to their teams.',
      primaryCTA: 'Save My Seat',
      secondaryCTA: '',
      features: [
        'Free to attend',
        '45 minutes, with live Q&A',
        'Recording sent to every registrant',
      ],
      heroImage: HERO_IMAGE,
    },
    {
      id: 'webinar',
      type: 'event',
      title: 'From Data Contract to Validated Supplier Data',
      startsAt: `${weekdayOnOrAfter(now, 30, BERLIN, WEBINAR_WEEKDAYS)}T16:00`,
      timeZone: BERLIN,
      durationMinutes: 45,
      location: 'Online',
      onlineUrl: WEBINAR_URL,
      description:
        'A practical session for data operations, privacy and commercial analytics teams who receive data from specialty pharmacies, hubs and distributors.',
      agenda: [
        {
          time: '16:00',
          title: 'Why supplier data breaks',
          description:
            'The contract terms that get lost between legal, suppliers and your data team, and what they cost each month.',
        },
        {
          time: '16:15',
          title: 'Live demo: validation at upload',
          description:
            'A contract becomes machine-readable rules; a supplier file is checked, flagged and fixed before it reaches you.',
        },
        { time: '16:35', title: 'Questions and answers' },
      ],
      speakers: [
        { name: SPEAKER_NAME_PLACEHOLDER, title: 'Head of Data Partnerships, PharmaBridge' },
        {
          name: SPEAKER_NAME_PLACEHOLDER,
          title: 'Privacy and Tokenization Architect, PharmaBridge',
        },
      ],
    },
    {
      id: 'what-you-will-learn',
      type: 'richText',
      markdown: [
        '## What you will learn',
        '',
        '- How to turn the terms of your data contracts into rules every supplier submission is checked against',
        '- Why validating at upload, not at month end, removes manual rework for your data team',
        '- How deterministic tokenization keeps patient records linkable across suppliers without exposing PHI',
        '- What a 2-4 week rollout with your first suppliers looks like',
      ].join('\n'),
    },
    {
      id: 'faq',
      type: 'faq',
      headline: 'About the webinar',
      items: [
        {
          question: 'Who is this webinar for?',
          answer:
            'Data operations, commercial analytics, privacy and IT teams at pharma and biotech manufacturers, and the data leads of the suppliers who send them data.',
        },
        {
          question: 'Will there be a recording?',
          answer:
            'Yes. Everyone who registers receives the recording and the slides after the session, whether they attended or not.',
        },
        {
          question: 'Can I ask about our own contracts?',
          answer:
            'Yes. Bring your questions to the live Q&A, or request a demo and our team will walk through your contracts and suppliers with you.',
        },
      ],
    },
    {
      id: 'final-cta',
      type: 'finalCTA',
      headline: 'Reserve Your Seat',
      subheadline:
        'Join the session live, or register to receive the recording. Prefer a conversation? Our team will tailor a demo to your contracts.',
      primaryCTA: 'Request Demo',
      secondaryCTA: 'Contact Us',
      features: ['Free to attend', 'Recording for every registrant'],
    },
    footer,
  ]);
}

function gatedAsset(): LandingContent {
  return fromLayout([
    navigation,
    {
      id: 'hero',
      type: 'hero',
      headline: 'The Supplier Data Validation Playbook',
      highlight: 'for Pharma Manufacturers',
      subheadline:
        'A practical guide to turning data contracts into machine-readable rules, catching contract breaches at upload and delivering tokenized data your teams can trust.',
      primaryCTA: 'Get the Playbook',
      secondaryCTA: '',
      features: ['Free download', '24 pages', 'Checklists included'],
      heroImage: HERO_IMAGE,
    },
    {
      id: 'whats-inside',
      type: 'richText',
      markdown: [
        '## What’s inside',
        '',
        '- A checklist for reading your data contracts as validation rules',
        '- The ten supplier file errors that cause most month-end rework, and how to catch them at upload',
        '- How deterministic tokenization removes PHI while keeping records linkable',
        '- A 2-4 week rollout plan for your first three suppliers',
      ].join('\n'),
    },
    {
      id: 'download',
      type: 'gatedAsset',
      headline: 'Download the playbook',
      description:
        'Tell us who you are and the PDF downloads right away; your private link works for 24 hours.',
      buttonLabel: 'Send Me the Playbook',
    },
    {
      id: 'figures',
      type: 'stats',
      headline: 'Why teams validate at upload',
      items: [
        { value: '99.8%', label: 'validation accuracy against contract rules' },
        // A process, not a performance figure: "<100 ms" is a wording the latency claim forbids.
        { value: '3 steps', label: 'upload, validate, deliver' },
        { value: '2-4 weeks', label: 'from kickoff to live suppliers' },
      ],
    },
    footer,
  ]);
}

function event(now: Date): LandingContent {
  return fromLayout([
    navigation,
    {
      id: 'hero',
      type: 'hero',
      headline: 'Meet PharmaBridge',
      highlight: 'at the Pharma Data Summit',
      subheadline:
        'Join our team for a morning on contract-compliant supplier data: how manufacturers validate every file at upload and receive tokenized, contract-clean data.',
      primaryCTA: 'Book a Meeting',
      secondaryCTA: '',
      features: ['In person', 'Limited seats', 'Breakfast included'],
      heroImage: HERO_IMAGE,
    },
    {
      id: 'event',
      type: 'event',
      title: 'Contract-Compliant Supplier Data: A Working Breakfast',
      startsAt: `${dateIn(now, 45, BERLIN)}T09:00`,
      timeZone: BERLIN,
      durationMinutes: 150,
      venueName: 'Messe Frankfurt, Hall 3',
      venueStreet: 'Ludwig-Erhard-Anlage 1',
      venuePostalCode: '60327',
      venueCity: 'Frankfurt am Main',
      venueCountry: 'DE',
      description:
        'A small-group session for data, privacy and commercial teams of pharma manufacturers and their suppliers.',
      agenda: [
        { time: '09:00', title: 'Breakfast and welcome' },
        {
          time: '09:30',
          title: 'From contract to rules',
          description: 'How the terms of a data contract become checks every supplier file passes.',
        },
        {
          time: '10:15',
          title: 'Tokenization without losing linkage',
          description: 'Keeping patient records linkable across suppliers with no PHI exposure.',
        },
        { time: '11:00', title: 'Open discussion and one-to-one meetings' },
      ],
      speakers: [
        { name: SPEAKER_NAME_PLACEHOLDER, title: 'Head of Data Governance, PharmaBridge' },
        { name: SPEAKER_NAME_PLACEHOLDER, title: 'Customer Solutions Lead, PharmaBridge' },
      ],
    },
    {
      id: 'why-attend',
      type: 'richText',
      markdown: [
        '## Why attend',
        '',
        'Supplier data arrives late, incomplete or outside what the contract allows, and your team fixes it by hand every month. Spend a morning with people who solved it: see validation at upload working on real file formats, and compare notes with peers from manufacturing and supply.',
      ].join('\n'),
    },
    {
      id: 'faq',
      type: 'faq',
      headline: 'Event questions',
      items: [
        {
          question: 'Who should attend?',
          answer:
            'Leads of data operations, commercial analytics, privacy and IT at pharma and biotech manufacturers, and data leads at specialty pharmacies, hubs and distributors.',
        },
        {
          question: 'Is there a cost?',
          answer: 'No. Attendance is free, and seats are limited so everyone can take part.',
        },
        {
          question: 'Can I meet the team one to one?',
          answer:
            'Yes. Book a meeting and we will reserve time after the programme to look at your contracts and suppliers.',
        },
      ],
    },
    {
      id: 'final-cta',
      type: 'finalCTA',
      headline: 'Save Your Seat',
      subheadline:
        'Seats are limited. Book a meeting with our team, or ask us anything about the programme.',
      primaryCTA: 'Request Demo',
      secondaryCTA: 'Contact Us',
      features: ['Free to attend', 'One-to-one meetings on request'],
    },
    footer,
  ]);
}

function blank(): LandingContent {
  return fromLayout([
    navigation,
    {
      id: 'hero',
      type: 'hero',
      headline: 'Contract-Compliant Supplier Data',
      highlight: 'with PharmaBridge',
      subheadline:
        'Validate every supplier file against your data contracts at upload, and receive tokenized, contract-clean data.',
      primaryCTA: 'Request Demo',
      secondaryCTA: '',
      features: [],
    },
    footer,
  ]);
}

export const BUILT_IN_TEMPLATES: readonly BuiltInTemplate[] = [
  {
    id: 'product-pitch',
    name: 'Product pitch',
    description: 'The full PharmaBridge template: hero, how it works, features and pricing.',
    content: () => landingTemplate(),
  },
  {
    id: 'webinar',
    name: 'Webinar',
    description: 'An online session with date, agenda, speakers, FAQ and registration.',
    content: webinar,
  },
  {
    id: 'gated-asset',
    name: 'Gated asset',
    description:
      'A guide or report: visitors fill in the form, then download it by a private link.',
    content: gatedAsset,
  },
  {
    id: 'event',
    name: 'Event',
    description: 'An in-person event with place, programme, FAQ and a call to book.',
    content: event,
  },
  {
    id: 'blank',
    name: 'Blank',
    description: 'Navigation, a short hero and the footer: add your own blocks.',
    content: blank,
  },
];

export function builtInTemplate(id: string): BuiltInTemplate | undefined {
  return BUILT_IN_TEMPLATES.find((template) => template.id === id);
}

/** The types of a content's blocks in order, hidden ones left out (the schematic). */
export function blockTypesOf(content: LandingContent): string[] {
  return (content.layout ?? deriveLayout(content))
    .filter((block) => !block.hidden)
    .map((block) => block.type);
}

/** The built-ins as the list shows them. */
export function builtInSummaries(now: Date): TemplateSummary[] {
  return BUILT_IN_TEMPLATES.map((template) => ({
    id: template.id,
    name: template.name,
    description: template.description,
    builtIn: true,
    blocks: blockTypesOf(template.content(now)),
  }));
}
