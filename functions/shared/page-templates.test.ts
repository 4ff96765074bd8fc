import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LandingMarkup } from '../../site/islands/landing/landing-page.tsx';
import { syncSections } from './block-sync.ts';
import { deriveLayout } from './blocks.ts';
import { fieldErrors } from './field-errors.ts';
import { landingContentSchema } from './landing-content.ts';
import {
  BUILT_IN_TEMPLATE_IDS,
  BUILT_IN_TEMPLATES,
  builtInSummaries,
  builtInTemplate,
  dateIn,
  SPEAKER_NAME_PLACEHOLDER,
  weekdayOnOrAfter,
} from './page-templates.ts';
import { templateIdSchema } from './api/templates.ts';
import { landingTemplate } from './template.ts';

const NOW = new Date('2026-03-01T10:00:00Z');

/** The date of the Webinar template's event for a page created at `now`. */
function webinarStart(now: Date): string {
  const event = builtInTemplate('webinar')!
    .content(now)
    .layout?.find((block) => block.type === 'event');
  if (event?.type !== 'event') throw new Error('the Webinar template has an event block');
  return event.startsAt.slice(0, 10);
}

describe('built-in page templates', () => {
  it('lists every built-in id once, product pitch first', () => {
    expect(BUILT_IN_TEMPLATES.map((template) => template.id)).toEqual([...BUILT_IN_TEMPLATE_IDS]);
    expect(BUILT_IN_TEMPLATES[0]!.id).toBe('product-pitch');
  });

  it.each(BUILT_IN_TEMPLATE_IDS)('%s passes the content schema', (id) => {
    const content = builtInTemplate(id)!.content(NOW);
    const parsed = landingContentSchema.safeParse(content);
    expect(parsed.success ? {} : fieldErrors(parsed.error.issues)).toEqual({});
  });

  it.each(BUILT_IN_TEMPLATE_IDS)('%s renders with exactly one h1 and no placeholder copy', (id) => {
    const content = builtInTemplate(id)!.content(NOW);
    const html = renderToStaticMarkup(h(LandingMarkup, { content, defaultPageId: 'home' }));
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).not.toMatch(/lorem|ipsum|placeholder|Your Platform|Transform Your Business/i);
    expect(html).toContain('PharmaBridge');
  });

  it.each(BUILT_IN_TEMPLATE_IDS)('%s links no anchor that is not on the page', (id) => {
    const content = builtInTemplate(id)!.content(NOW);
    const html = renderToStaticMarkup(h(LandingMarkup, { content, defaultPageId: 'home' }));
    const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]));
    const anchors = [...html.matchAll(/\shref="#([^"]*)"/g)].map((match) => match[1]);
    // #top is the hero (hero/renderer.tsx), which every template has.
    expect(anchors).toContain('top');
    expect(anchors.filter((anchor) => !ids.has(anchor))).toEqual([]);
  });

  it.each(['webinar', 'event'])(
    '%s has Event data with a location, and speakers with roles and names to fill',
    (id) => {
      const content = builtInTemplate(id)!.content(NOW);
      const html = renderToStaticMarkup(h(LandingMarkup, { content, defaultPageId: 'home' }));
      const events = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
        .map((match) => JSON.parse(match[1]!) as Record<string, unknown>)
        .filter((data) => data['@type'] === 'Event');
      expect(events).toHaveLength(1);
      const [data] = events as [Record<string, unknown>];
      if (id === 'webinar') {
        expect(data.location).toEqual({
          '@type': 'VirtualLocation',
          url: expect.stringMatching(/^https:\/\/www\.pharmabridge\.example\/webinars\//),
        });
        expect(data.eventAttendanceMode).toBe('https://schema.org/OnlineEventAttendanceMode');
      } else {
        expect(data.location).toEqual({
          '@type': 'Place',
          name: 'Messe Frankfurt, Hall 3',
          address: {
            '@type': 'PostalAddress',
            streetAddress: 'Ludwig-Erhard-Anlage 1',
            addressLocality: 'Frankfurt am Main',
            postalCode: '60327',
            addressCountry: 'DE',
          },
        });
        expect(data.eventAttendanceMode).toBe('https://schema.org/OfflineEventAttendanceMode');
      }
      // Names are the placeholder the checks flag; the role is the job title, never a company alone.
      const performers = data.performer as { name: string; jobTitle: string }[];
      expect(performers.length).toBeGreaterThan(0);
      for (const person of performers) {
        expect(person.name).toBe(SPEAKER_NAME_PLACEHOLDER);
        expect(person.jobTitle).toMatch(/^[^,]+, PharmaBridge$/);
      }
    },
  );

  it.each(BUILT_IN_TEMPLATE_IDS)('%s keeps its sections in step with its layout', (id) => {
    const content = builtInTemplate(id)!.content(NOW);
    expect(syncSections(content)).toBe(content);
  });

  it.each(BUILT_IN_TEMPLATE_IDS)(
    '%s shows the hero’s second button only with How It Works to scroll to',
    (id) => {
      const content = builtInTemplate(id)!.content(NOW);
      const types = (content.layout ?? deriveLayout(content)).map((block) => block.type);
      if (!types.includes('howItWorks')) expect(content.hero.secondaryCTA).toBe('');
      else expect(content.hero.secondaryCTA).not.toBe('');
    },
  );

  it('product pitch is the PharmaBridge template, without a layout', () => {
    const content = builtInTemplate('product-pitch')!.content(NOW);
    expect(content).toEqual(landingTemplate());
    expect(content.layout).toBeUndefined();
  });

  it('the webinar is 30 days later at 16:00 in Berlin, 45 minutes, 3 agenda items, 2 speakers', () => {
    const layout = builtInTemplate('webinar')!.content(NOW).layout!;
    expect(layout.map((block) => block.type)).toEqual([
      'navigation',
      'hero',
      'event',
      'richText',
      'faq',
      'finalCTA',
      'footer',
    ]);
    const event = layout.find((block) => block.type === 'event');
    expect(event).toMatchObject({
      startsAt: '2026-03-31T16:00',
      timeZone: 'Europe/Berlin',
      durationMinutes: 45,
    });
    expect(event && 'agenda' in event && event.agenda).toHaveLength(3);
    expect(event && 'speakers' in event && event.speakers).toHaveLength(2);
    const faq = layout.find((block) => block.type === 'faq');
    expect(faq && 'items' in faq && faq.items).toHaveLength(3);
  });

  it('dates are computed from the moment of creation', () => {
    const later = new Date('2026-06-15T08:00:00Z');
    const event = builtInTemplate('event')!
      .content(later)
      .layout!.find((block) => block.type === 'event');
    expect(event).toMatchObject({ startsAt: '2026-07-30T09:00', venueCountry: 'DE' });
  });

  it('the other layouts have their blocks in order', () => {
    const types = (id: string) =>
      builtInTemplate(id)!
        .content(NOW)
        .layout!.map((block) => block.type);
    expect(types('gated-asset')).toEqual([
      'navigation',
      'hero',
      'richText',
      'gatedAsset',
      'stats',
      'footer',
    ]);
    expect(types('event')).toEqual([
      'navigation',
      'hero',
      'event',
      'richText',
      'faq',
      'finalCTA',
      'footer',
    ]);
    expect(types('blank')).toEqual(['navigation', 'hero', 'footer']);
  });

  it('every call returns a new copy', () => {
    const first = builtInTemplate('webinar')!.content(NOW);
    first.hero.headline = 'Changed';
    expect(builtInTemplate('webinar')!.content(NOW).hero.headline).not.toBe('Changed');
  });

  it('summaries carry the block types for the schematic', () => {
    const summaries = builtInSummaries(NOW);
    expect(summaries.map((summary) => summary.builtIn)).toEqual([true, true, true, true, true]);
    expect(summaries.find((summary) => summary.id === 'blank')!.blocks).toEqual([
      'navigation',
      'hero',
      'footer',
    ]);
    expect(summaries[0]!.blocks[0]).toBe('navigation');
  });

  it('dates the Webinar on the next Tuesday or Wednesday after 30 days, never a weekend', () => {
    // 2026-12-04 is a Friday: 30 days on is Sunday 2027-01-03, so Tuesday 2027-01-05.
    expect(weekdayOnOrAfter(new Date('2026-12-04T10:00:00Z'), 30, 'Europe/Berlin', [2, 3])).toBe(
      '2027-01-05',
    );
    // Late on a Monday in New York is already Tuesday in Berlin: the Berlin date counts.
    expect(weekdayOnOrAfter(new Date('2026-12-07T23:30:00Z'), 0, 'Europe/Berlin', [2, 3])).toBe(
      '2026-12-08',
    );
    // Every start day of a year gives a Tuesday or Wednesday, within a week of the offset.
    for (let day = 0; day < 366; day++) {
      const now = new Date(Date.UTC(2027, 0, 1 + day, 9));
      const starts = webinarStart(now);
      const weekday = new Date(`${starts}T12:00:00Z`).getUTCDay();
      expect([2, 3], starts).toContain(weekday);
      const offset =
        (Date.parse(`${starts}T00:00:00Z`) -
          Date.parse(`${dateIn(now, 30, 'Europe/Berlin')}T00:00:00Z`)) /
        86_400_000;
      expect(offset).toBeGreaterThanOrEqual(0);
      expect(offset).toBeLessThan(7);
    }
  });

  it('dateIn reads the calendar in the given time zone', () => {
    // 23:30 UTC on 31 March is already 1 April in Berlin (summer time).
    expect(dateIn(new Date('2026-03-31T23:30:00Z'), 0, 'Europe/Berlin')).toBe('2026-04-01');
    expect(dateIn(new Date('2026-03-31T23:30:00Z'), 0, 'UTC')).toBe('2026-03-31');
  });

  it('template ids are built-in names or UUIDs', () => {
    expect(templateIdSchema.safeParse('webinar').success).toBe(true);
    expect(templateIdSchema.safeParse('0b7e9b4c-3c1e-4a8e-9f3a-5d2f1c0e7a11').success).toBe(true);
    expect(templateIdSchema.safeParse('../etc').success).toBe(false);
    expect(templateIdSchema.safeParse('').success).toBe(false);
  });
});
