// The event block (functions/shared/blocks.ts, `event`; docs/decisions/0173-event-blocks.md):
// static markup, zero JavaScript. Its date and time in the event's own zone with the zone's name
// (functions/shared/event-time.ts), each instant in a <time datetime> with its offset; an "Add to
// calendar" link to the page's built .ics file (site/pages/calendar/, text from
// functions/shared/ics.ts); where it is (the venue written out, else the location as written)
// and a link to join online; the agenda as a list with times; the speakers as cards with their
// library photos; and schema.org Event data in a JSON-LD data block. Colours only from
// blocks/style.ts's tones.
import { Fragment } from 'react';
import type { BlockOf } from '../../../../../functions/shared/blocks.ts';
import { eventSpan, eventWhen, EN_DASH } from '../../../../../functions/shared/event-time.ts';
import { venueOf, venueParts } from '../../../../../functions/shared/event-venue.ts';
import { calendarPath } from '../../../../../functions/shared/ics.ts';
import { dtr, withFallbacks } from '../../dynamic-text.tsx';
import { MediaImage, type MediaMap } from '../../media-image.tsx';
import { scriptJson } from '../structured-data.tsx';
import { BlockSection, Heading } from '../block-section.tsx';
import type { Renderer } from '../render-context.ts';
import { blockLook, type Tone } from '../style.ts';
import { landingText, type LandingText } from '../../../../i18n/landing.ts';
import { DEFAULT_PAGE_LOCALE } from '../../../forms/page-locale.ts';

type EventWords = LandingText['event'];

const ATTENDANCE = 'https://schema.org/';

/**
 * schema.org Event for the block (every text with its dynamic-text fallback). Its `location` is
 * what Google's Event rich results accept (docs/decisions/0565-event-venue-and-navigation.md): a
 * Place with a PostalAddress for the venue, a VirtualLocation with the online URL, both for a
 * mixed event; with neither there is no location and no attendance mode. The free-text
 * `location` is for reading only: "Online" or a hall's name says nowhere to go.
 */
export function eventJsonLd(block: BlockOf<'event'>): Record<string, unknown> {
  const when = eventWhen(eventSpan(block), block.timeZone);
  const venue = venueOf(block);
  const place = venue && {
    '@type': 'Place',
    name: withFallbacks(venue.name),
    address: {
      '@type': 'PostalAddress',
      ...(venue.street ? { streetAddress: withFallbacks(venue.street) } : {}),
      addressLocality: withFallbacks(venue.city),
      ...(venue.postalCode ? { postalCode: withFallbacks(venue.postalCode) } : {}),
      addressCountry: venue.country,
    },
  };
  const online = block.onlineUrl ? { '@type': 'VirtualLocation', url: block.onlineUrl } : undefined;
  const mode = place ? (online ? 'Mixed' : 'Offline') : online ? 'Online' : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: withFallbacks(block.title),
    startDate: when.startIso,
    endDate: when.endIso,
    eventStatus: 'https://schema.org/EventScheduled',
    ...(mode
      ? {
          eventAttendanceMode: `${ATTENDANCE}${mode}EventAttendanceMode`,
          location: place && online ? [place, online] : (place ?? online),
        }
      : {}),
    ...(block.description ? { description: withFallbacks(block.description) } : {}),
    ...(block.speakers.length > 0
      ? {
          performer: block.speakers.map((speaker) => ({
            '@type': 'Person',
            name: withFallbacks(speaker.name),
            ...(speaker.title ? { jobTitle: withFallbacks(speaker.title) } : {}),
          })),
        }
      : {}),
  };
}

function CalendarIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="h-5 w-5 shrink-0"
    >
      <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4M12 13v5M9.5 15.5h5" />
    </svg>
  );
}

/** The name is written beside it: the photo's alt is the library's own or none. */
function SpeakerPhoto({ src, media }: { src: string; media: MediaMap | undefined }) {
  const record = media?.[src];
  const round = 'h-20 w-20 shrink-0 rounded-full';
  // A library photo fills its circle whatever its proportions ([&_img] reaches the image).
  return record ? (
    <MediaImage
      media={record}
      fallbackAlt=""
      sizes="80px"
      className={`${round} [&_img]:h-full [&_img]:object-cover`}
    />
  ) : (
    <img
      src={src}
      alt=""
      width={80}
      height={80}
      loading="lazy"
      decoding="async"
      className={`${round} bg-slate-100 object-cover`}
    />
  );
}

function Agenda({
  block,
  tone,
  words,
}: {
  block: BlockOf<'event'>;
  tone: Tone;
  words: EventWords;
}) {
  return (
    <div className="mt-12 text-left">
      <h3 className={`text-xl font-semibold ${tone.heading}`}>{words.agenda}</h3>
      <ol className={`mt-4 divide-y border-y ${tone.border}`}>
        {block.agenda.map((item, index) => (
          <li
            key={`${index} ${item.time}`}
            className={`flex flex-col gap-1 py-4 sm:flex-row sm:gap-6 ${tone.border}`}
          >
            <time
              dateTime={item.time}
              className={`w-16 shrink-0 font-semibold tabular-nums ${tone.heading}`}
            >
              {item.time}
            </time>
            <div>
              <p className={`font-semibold ${tone.heading}`}>{dtr(item.title)}</p>
              {item.description && (
                <p className={`mt-1 leading-7 whitespace-pre-line ${tone.body}`}>
                  {dtr(item.description)}
                </p>
              )}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

function Speakers({
  block,
  tone,
  media,
  words,
}: {
  block: BlockOf<'event'>;
  tone: Tone;
  media: MediaMap | undefined;
  words: EventWords;
}) {
  return (
    <div className="mt-12 text-left">
      <h3 className={`text-xl font-semibold ${tone.heading}`}>{words.speakers}</h3>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {block.speakers.map((speaker, index) => (
          <li
            key={`${index} ${speaker.name}`}
            className={`flex items-center gap-4 rounded-xl border p-4 ${tone.border}`}
          >
            {speaker.photo && <SpeakerPhoto src={speaker.photo} media={media} />}
            <div>
              <p className={`font-semibold ${tone.heading}`}>{dtr(speaker.name)}</p>
              {speaker.title && <p className={`text-sm ${tone.muted}`}>{dtr(speaker.title)}</p>}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function EventBlock({
  block,
  media,
  slug,
  locale = DEFAULT_PAGE_LOCALE,
}: {
  block: BlockOf<'event'>;
  media: MediaMap | undefined;
  /** The built page's slug: its .ics file exists only then (previews show no link). */
  slug: string | undefined;
  /** The page's locale: the block's own words and its date (default en-US). */
  locale?: string | undefined;
}) {
  const look = blockLook(block.style);
  const { tone } = look;
  const words = landingText(locale).event;
  const when = eventWhen(eventSpan(block), block.timeZone, locale);
  const label = `font-semibold ${tone.heading}`;
  // The venue, written out, when there is one; else the location as written.
  const venue = venueOf(block);
  const where = venue
    ? venueParts(venue).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && ', '}
          {dtr(part)}
        </Fragment>
      ))
    : block.location && dtr(block.location);
  return (
    <BlockSection block={block} labelled width="max-w-5xl">
      <Heading id={block.id} text={block.title} tone={tone} />
      <dl className={`mt-6 space-y-2 text-lg ${tone.body}`}>
        <div>
          <dt className={`${label} sm:inline`}>{words.when}</dt>{' '}
          <dd className="sm:inline" data-testid="event-when">
            <time dateTime={when.startIso}>{when.start}</time>
            {EN_DASH(when)}
            <time dateTime={when.endIso}>{when.end}</time> {when.zone}
          </dd>
        </div>
        {where && (
          <div>
            <dt className={`${label} sm:inline`}>{words.where}</dt>{' '}
            <dd className="sm:inline">{where}</dd>
          </div>
        )}
        {block.onlineUrl && (
          <div>
            <dt className={`${label} sm:inline`}>{words.online}</dt>{' '}
            <dd className="sm:inline">
              <a
                href={block.onlineUrl}
                className={`font-semibold underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current ${tone.link}`}
              >
                {words.joinOnline}
                <span className="sr-only">: {withFallbacks(block.title)}</span>
              </a>
            </dd>
          </div>
        )}
      </dl>
      {block.description && (
        <p className={`mt-6 text-lg leading-8 whitespace-pre-line ${tone.body}`}>
          {dtr(block.description)}
        </p>
      )}
      {slug !== undefined && (
        <p className="mt-8">
          {/* The border takes the text's colour, so it has the text's (AA) contrast. */}
          <a
            href={calendarPath(slug, block.id)}
            className={`inline-flex items-center gap-2 rounded-md border-2 border-current px-4 py-2 font-semibold underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current ${tone.link}`}
          >
            <CalendarIcon />
            {words.addToCalendar}
            <span className="sr-only">
              : {withFallbacks(block.title)} ({words.icsFile})
            </span>
          </a>
        </p>
      )}
      {block.agenda.length > 0 && <Agenda block={block} tone={tone} words={words} />}
      {block.speakers.length > 0 && (
        <Speakers block={block} tone={tone} media={media} words={words} />
      )}
      {/* Structured data: a data block, never run, so the page's CSP has nothing to allow. */}
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: scriptJson(eventJsonLd(block)) }}
      />
    </BlockSection>
  );
}

export const render: Renderer<'event'> = (block, { media, slug, locale }) => (
  <EventBlock block={block} media={media} slug={slug} locale={locale} />
);
