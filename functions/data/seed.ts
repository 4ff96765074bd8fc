// First-run data: the `default` landing page from the template in content/.
import { SlugTakenError } from './landing-pages/errors.ts';
import type { LandingPageRepository } from './landing-pages/repository.ts';
import { DEFAULT_SLUG } from '../shared/slug.ts';
import { landingTemplate } from '../shared/template.ts';

export async function seedDefaultPage(pages: LandingPageRepository): Promise<'created' | 'exists'> {
  if (await pages.getBySlug(DEFAULT_SLUG)) return 'exists';
  try {
    await pages.create({
      title: 'PharmaBridge home',
      slug: DEFAULT_SLUG,
      isActive: true,
      content: landingTemplate(),
    });
    return 'created';
  } catch (error) {
    // Another instance seeded it between our read and our write.
    if (error instanceof SlugTakenError) return 'exists';
    throw error;
  }
}
