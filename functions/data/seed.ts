// First-run data: the `default` landing page from the template in content/.
import type { LandingPageRepository } from './landing-pages.ts';
import { DEFAULT_SLUG } from '../shared/slug.ts';
import { landingTemplate } from '../shared/template.ts';
import { ApiError } from '../lib/errors.ts';

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
    if (error instanceof ApiError && error.status === 409) return 'exists';
    throw error;
  }
}
