// The routes visitors hit: landing pages by slug, the contact form, conversion beacons and
// the health check. The public Lambda function (lambda-public.ts) serves only these; app.ts
// serves them with all the others (admin Lambda, local server).
import type { ApiRoute } from '../app-builder.ts';
import { health } from './health.ts';
import { landingPageBySlug } from './landing-page-by-slug.ts';
import { contact } from './contact.ts';
import { conversions } from './conversions.ts';
import { preview } from './preview.ts';
import { sharedAnalytics } from './shared-analytics.ts';
import { publicForms } from './forms.ts';
import { calendarFeed } from './calendar-feed.ts';

export const PUBLIC_ROUTES: ApiRoute[] = [
  { path: '/health', router: health },
  { path: '/landing-pages', router: landingPageBySlug },
  { path: '/contact', router: contact },
  { path: '/forms', router: publicForms },
  { path: '/conversions', router: conversions },
  { path: '/preview', router: preview },
  { path: '/shared/analytics', router: sharedAnalytics },
  { path: '/calendar/feed', router: calendarFeed },
];
