// The event block's markup (renderer.tsx) through the page's renderer: its time in the
// event's zone inside <time datetime> with the offset, the Add to calendar link to the
// built .ics (only on a built page), agenda and speakers, its h2, and its Event JSON-LD
// as a data block whose text cannot close the element; where it is (a venue as a Place with a
// PostalAddress, an online address as a VirtualLocation with its url, neither: no location) and
// the venue and online fields' rules (functions/shared/block-fields.ts).
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
      // "Online" as text says nowhere to join: no location (a VirtualLocation needs its url).
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

  it('shows no agenda or speakers it has none of', () => {
    const html = section(
      render([{ ...EVENT, agenda: [], speakers: [], style: undefined }], 'spring'),
    );
    expect(html).not.toContain('Agenda');
    expect(html).not.toContain('Speakers');
    expect(html).not.toContain('<h3');
    expect(jsonLdOf(html).performer).toBeUndefined();
  });
});

const VENUE = {
  venueName: 'Messe Frankfurt, Hall 3',
  venueStreet: 'Ludwig-Erhard-Anlage 1',
  venuePostalCode: '60327',
  venueCity: 'Frankfurt am Main',
  venueCountry: 'DE',
};
const ONLINE = 'https://www.pharmabridge.example/webinars/spring';
const PLACE = {
  '@type': 'Place',
  name: 'Messe Frankfurt, Hall 3',
  address: {
    '@type': 'PostalAddress',
    streetAddress: 'Ludwig-Erhard-Anlage 1',
    addressLocality: 'Frankfurt am Main',
    postalCode: '60327',
    addressCountry: 'DE',
  },
};
const jsonLdOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!);
const dataOf = (fields: Partial<BlockInput>) =>
  jsonLdOf(section(render([{ ...EVENT, ...fields } as BlockInput], 'spring')));
const mode = (name: string) => `https://schema.org/${name}EventAttendanceMode`;

describe('where the event is', () => {
  it('places a venue as a Place with a PostalAddress, and writes it out under Where', () => {
    const html = section(render([{ ...EVENT, ...VENUE, location: 'Hall 3' } as BlockInput]));
    const data = jsonLdOf(html);
    expect(data.location).toEqual(PLACE);
    expect(data.eventAttendanceMode).toBe(mode('Offline'));
    // The venue wins over the location text; the country by its name.
    expect(html).toMatch(
      /<dt[^>]*>Where<\/dt> <dd[^>]*>Messe Frankfurt, Hall 3, Ludwig-Erhard-Anlage 1, 60327 Frankfurt am Main, Germany<\/dd>/,
    );
    expect(html).not.toContain('>Online<');
    // Street and postal code are optional, and left out of the address.
    expect(
      dataOf({
        ...VENUE,
        venueStreet: undefined,
        venuePostalCode: undefined,
      } as Partial<BlockInput>).location.address,
    ).toEqual({
      '@type': 'PostalAddress',
      addressLocality: 'Frankfurt am Main',
      addressCountry: 'DE',
    });
  });

  it('joins online at a VirtualLocation with its url, linked under Online', () => {
    const html = section(render([{ ...EVENT, onlineUrl: ONLINE } as BlockInput]));
    const data = jsonLdOf(html);
    expect(data.location).toEqual({ '@type': 'VirtualLocation', url: ONLINE });
    expect(data.eventAttendanceMode).toBe(mode('Online'));
    // The location text stays as written; the link, in the dark tone's link colour
    // (style.ts), names the event for screen readers.
    expect(html).toMatch(/<dt[^>]*>Where<\/dt> <dd[^>]*>Online<\/dd>/);
    expect(html).toMatch(
      new RegExp(
        `<dt[^>]*>Online</dt> <dd[^>]*><a href="${ONLINE}" class="[^"]*text-brand-400[^"]*">Join online<span class="sr-only">: Spring webinar for data teams</span></a></dd>`,
      ),
    );
    expect(html).not.toMatch(/\sstyle=|<script(?! type="application\/ld\+json")/);
  });

  it('is a mixed event with both, the Place first', () => {
    const data = dataOf({ ...VENUE, onlineUrl: ONLINE } as Partial<BlockInput>);
    expect(data.location).toEqual([PLACE, { '@type': 'VirtualLocation', url: ONLINE }]);
    expect(data.eventAttendanceMode).toBe(mode('Mixed'));
  });

  it('has no location and no attendance mode with neither, whatever the text says', () => {
    for (const location of ['Online', 'Hall 4, Messe Berlin', undefined]) {
      const data = dataOf({ location });
      expect(data, String(location)).not.toHaveProperty('location');
      expect(data, String(location)).not.toHaveProperty('eventAttendanceMode');
    }
    // The text is still shown as written.
    expect(section(render([{ ...EVENT, location: 'Hall 4, Messe Berlin' }]))).toMatch(
      /<dt[^>]*>Where<\/dt> <dd[^>]*>Hall 4, Messe Berlin<\/dd>/,
    );
  });
});

describe("the event block's fields", () => {
  const parse = (fields: Record<string, unknown>) =>
    layoutSchema.safeParse([{ ...EVENT, ...fields }]);
  const messages = (fields: Record<string, unknown>) => {
    const result = parse(fields);
    return result.success
      ? {}
      : Object.fromEntries(
          result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
        );
  };

  it('takes a whole venue and an https address', () => {
    expect(messages({ ...VENUE, onlineUrl: ONLINE })).toEqual({});
    expect(messages({ venueName: 'Hall 3', venueCity: 'Berlin', venueCountry: 'DE' })).toEqual({});
  });

  it("asks for the venue's name, city and country once any venue field is filled", () => {
    expect(messages({ venueStreet: 'Ludwig-Erhard-Anlage 1' })).toEqual({
      '0.venueName': 'is required for a venue (its name, city and country code)',
      '0.venueCity': 'is required for a venue (its name, city and country code)',
      '0.venueCountry': 'is required for a venue (its name, city and country code)',
    });
    expect(messages({ ...VENUE, venueCity: undefined })).toEqual({
      '0.venueCity': 'is required for a venue (its name, city and country code)',
    });
  });

  it('refuses a country that is not a two-letter code and an address that is not https', () => {
    for (const venueCountry of ['de', 'DEU', 'Germany']) {
      expect(messages({ ...VENUE, venueCountry })).toEqual({
        '0.venueCountry': 'must be a two-letter country code like DE',
      });
    }
    for (const onlineUrl of ['http://example.com/join', 'zoom.us/j/1', 'javascript:alert(1)']) {
      expect(messages({ onlineUrl })).toEqual({ '0.onlineUrl': 'must be an https:// address' });
    }
    expect(messages({ onlineUrl: `https://example.com/${'a'.repeat(500)}` })).toEqual({
      '0.onlineUrl': 'must be at most 500 characters',
    });
  });
});
