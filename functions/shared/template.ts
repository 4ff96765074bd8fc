// The landing-page template of content/: PharmaBridge's default page, used to seed the
// `default` page, by "reset to template", and by the site build when no store is set up.
import templateJson from '../../content/landing-template.json' with { type: 'json' };
import { landingContentSchema, type LandingContent } from './landing-content.ts';

/** Parsed on every call so callers can never mutate a shared copy. */
export function landingTemplate(): LandingContent {
  return landingContentSchema.parse(structuredClone(templateJson));
}
