// Build-time access to landing pages. With a configured store (DYNAMODB_ENDPOINT or
// AWS_REGION) the build reads it and fails loudly if it cannot; with none it renders
// the template from content/ (docs/requirements.md §10 (publishing)).
import { loadConfig } from '../../functions/env.ts';
import { createDocumentClient, dynamoTarget } from '../../functions/data/dynamo.ts';
import { LandingPageRepository, type LandingPage } from '../../functions/data/landing-pages.ts';
import type { LandingContent } from '../../functions/shared/landing-content.ts';
import { DEFAULT_SLUG } from '../../functions/shared/slug.ts';
import { landingTemplate } from '../../functions/shared/template.ts';

export interface BuildPage {
  id: string;
  slug: string;
  title: string;
  content: LandingContent;
}

let cached: Promise<BuildPage[]> | undefined;

/** Every active landing page, read once per build. */
export function activePages(): Promise<BuildPage[]> {
  cached ??= loadActivePages();
  return cached;
}

export async function defaultPage(): Promise<BuildPage> {
  const pages = await activePages();
  return pages.find((page) => page.slug === DEFAULT_SLUG) ?? templatePage();
}

function templatePage(): BuildPage {
  return {
    id: DEFAULT_SLUG,
    slug: DEFAULT_SLUG,
    title: 'PharmaBridge',
    content: landingTemplate(),
  };
}

async function loadActivePages(): Promise<BuildPage[]> {
  const config = loadConfig();
  if (config.store.kind === 'embedded') return [templatePage()];
  const db = createDocumentClient(dynamoTarget(config));
  let pages: LandingPage[];
  try {
    pages = await new LandingPageRepository(db, config.env.TABLE_NAME).list();
  } catch (error) {
    const where =
      config.store.kind === 'endpoint' ? config.store.endpoint : `AWS ${config.store.region}`;
    throw new Error(
      `The site build reads landing pages from DynamoDB (${where}, table ${config.env.TABLE_NAME}) and it did not answer: ${String(error)}`,
      { cause: error },
    );
  } finally {
    db.destroy();
  }
  const active = pages
    .filter((page) => page.isActive)
    .map(({ id, slug, title, content }) => ({ id, slug, title, content }));
  // A store that has not been seeded yet (first deploy) renders what the seed will write.
  return active.some((page) => page.slug === DEFAULT_SLUG) ? active : [...active, templatePage()];
}
