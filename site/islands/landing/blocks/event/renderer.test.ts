// The event block's markup (renderer.tsx) through the page's renderer: its time in the
// event's zone inside <time datetime> with the offset, the Add to calendar link to the
// built .ics (only on a built page), agenda and speakers, its h2, and its Event JSON-LD
// as a data block whose text cannot close the element.
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { layoutSchema, type BlockInput } from '../../../../../functions/shared/blocks.ts';
import {
  placeholderContent,
  type LandingContent,
} from '../../../../../functions/shared/landing-content.ts';
import { LandingMarkup } from '../../landing-page.tsx';
import type { MediaMap } from '../../media-image.tsx';

const PHOTO = '/objects/uploads/0b7e9b4c-3c1e-4a8e-9f3a-5d2f1c0e7a11';
const MEDIA: MediaMap = {
  [PHOTO]: {
    objectPath: PHOTO,
    url: `${PHOTO}?v=1`,
    width: 400,
    height: 400,
    alt: '',
    variants: [{ width: 400, url: `${PHOTO}/v1/400.webp`, bytes: 9000 }],
    placeholder: '',
  },
};

const EVENT: BlockInput = {
  id: 'webinar',
  type: 'event',
  title: 'Spring webinar for {{param:utm_term|data teams}}',
  startsAt: '2026-03-14T16:00',
  timeZone: 'Europe/Berlin',
  durationMinutes: 60,
  location: 'Online',
  description: 'Forty-five minutes </script><script>alert(1)</script> with a demo.',
  agenda: [
    { time: '16:00', title: 'Welcome' },
    { time: '16:10', title: 'Live demo', description: 'Validation at the source' },
  ],
  speakers: [
    { name: 'Dana Weber', title: 'Head of Data', photo: PHOTO },
    { name: 'Sam Lee', photo: '/screenshots/sam.png' },
    { name: 'Ana Ruiz' },
  ],
  style: { background: 'dark' },
};

const content = (blocks: BlockInput[]): LandingContent => ({
  ...placeholderContent(),
  layout: layoutSchema.parse(blocks),
});
const render = (blocks: BlockInput[], slug?: string) =>
  renderToStaticMarkup(h(LandingMarkup, { content: content(blocks), media: MEDIA, slug }));
const section = (html: string) => /<section id="block-webinar"[\s\S]*?<\/section>/.exec(html)![0];

describe('the event block', () => {
  it('shows its time in its zone, each instant in a <time> with its offset', () => {
    const html = section(render([EVENT], 'spring'));
    expect(html).toContain(
      '<time dateTime="2026-03-14T16:00+01:00">Saturday, 14 March 2026, 16:00</time>–<time dateTime="2026-03-14T17:00+01:00">17:00</time> CET (Europe/Berlin)',
    );
    expect(html).toMatch(/<dt[^>]*>Where<\/dt> <dd[^>]*>Online<\/dd>/);
  });

  it('is labelled by its h2 and has h3s for the agenda and the speakers', () => {
    const html = section(render([EVENT], 'spring'));
    expect(html).toMatch(/^<section id="block-webinar"[^>]*aria-labelledby="block-webinar-title"/);
    expect(html).toMatch(
      /<h2 id="block-webinar-title"[^>]*>Spring webinar for <span data-dtr="utm_term" data-dtr-max="60">data teams<\/span><\/h2>/,
    );
    expect([...html.matchAll(/<h(\d)/g)].map((match) => match[1])).toEqual(['2', '3', '3']);
    expect(html).toContain('bg-ink');
    expect(html).not.toMatch(/\sstyle=/);
  });

  it('links its built .ics file, only on a built page', () => {
    const built = section(render([EVENT], 'spring'));
    expect(built).toMatch(/<a href="\/calendar\/spring\/webinar\.ics"[^>]*>/);
    expect(built).toContain(
      'Add to calendar<span class="sr-only">: Spring webinar for data teams (.ics file)</span>',
    );
    // Previews (/legacy, the admin) have no file to link.
    expect(section(render([EVENT]))).not.toContain('Add to calendar');
  });

  it('lists the agenda with times and the speakers as cards with their photos', () => {
    const html = section(render([EVENT], 'spring'));
    expect(
      [...html.matchAll(/<li[^>]*><time dateTime="([\d:]+)"[^>]*>\1<\/time>/g)].map((m) => m[1]),
    ).toEqual(['16:00', '16:10']);
    expect(html).toContain('Validation at the source');
    // The library photo responsively (srcset); the name beside it, so no alt of its own
    // (the library's when it has one); a URL photo as it is.
    expect(html).toMatch(
      /<img[^>]*srcSet="\/objects\/uploads\/[^"]*\/v1\/400\.webp 400w"[^>]*alt=""/,
    );
    expect(html).toMatch(/<img src="\/screenshots\/sam\.png" alt=""/);
    expect(html.match(/<img /g)).toHaveLength(2);
    expect(html).toContain('Ana Ruiz');
  });

  it('carries schema.org Event data that no text can break out of', () => {
    const html = section(render([EVENT], 'spring'));
    const scripts = [
      ...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
    ];
    expect(scripts).toHaveLength(1);
    const json = scripts[0]![1]!;
    // The description's "</script>" stays inside: no "<" at all in the data.
    expect(json).not.toContain('<');
    expect(json).toContain('\\u003c/script>');
    expect(JSON.parse(json)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Spring webinar for data teams',
      startDate: '2026-03-14T16:00+01:00',
      endDate: '2026-03-14T17:00+01:00',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: { '@type': 'VirtualLocation', name: 'Online' },
      description: 'Forty-five minutes </script><script>alert(1)</script> with a demo.',
      performer: [
        { '@type': 'Person', name: 'Dana Weber', jobTitle: 'Head of Data' },
        { '@type': 'Person', name: 'Sam Lee' },
        { '@type': 'Person', name: 'Ana Ruiz' },
      ],
    });
    // The visible description is escaped text.
    expect(html).toContain(
      'Forty-five minutes &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; with a demo.',
    );
  });

  it('places an event somewhere as a Place, and shows no agenda or speakers it has none of', () => {
    const html = section(
      render(
        [
          {
            ...EVENT,
            location: 'Hall 4, Messe Berlin',
            agenda: [],
            speakers: [],
            style: undefined,
          },
        ],
        'spring',
      ),
    );
    expect(html).not.toContain('Agenda');
    expect(html).not.toContain('Speakers');
    expect(html).not.toContain('<h3');
    const data = JSON.parse(
      /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!,
    );
    expect(data.location).toEqual({
      '@type': 'Place',
      name: 'Hall 4, Messe Berlin',
      address: 'Hall 4, Messe Berlin',
    });
    expect(data.eventAttendanceMode).toBe('https://schema.org/OfflineEventAttendanceMode');
    expect(data.performer).toBeUndefined();
  });
});
