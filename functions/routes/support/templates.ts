// The page templates as other routers need them: the saved templates' repository and a new
// page's content from a template (docs/decisions/0176-page-templates.md).
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { ApiError } from '../../lib/errors.ts';
import { PageTemplateRepository } from '../../data/page-templates.ts';
import type { LandingContent } from '../../shared/landing-content.ts';
import { builtInTemplate, DEFAULT_TEMPLATE_ID } from '../../shared/page-templates.ts';

/** The saved templates' repository, on the services' table and clock. */
export function templateRepository(c: Context<AppEnv>): PageTemplateRepository {
  const { db, tableName, now } = c.get('services');
  return new PageTemplateRepository(db, tableName, now);
}

/**
 * A new page's content from a template (POST /api/landing-pages, `startFrom: 'template'`):
 * a built-in's, with its dates computed now, or a saved one's. No id: the product pitch.
 * An unknown id is a 400 naming `templateId`.
 */
export async function templateContent(
  c: Context<AppEnv>,
  templateId: string | undefined,
): Promise<{ content: LandingContent; name: string }> {
  const builtIn = builtInTemplate(templateId ?? DEFAULT_TEMPLATE_ID);
  if (builtIn) return { content: builtIn.content(c.get('services').now()), name: builtIn.name };
  const saved = templateId ? await templateRepository(c).get(templateId) : undefined;
  if (!saved) {
    throw new ApiError(
      400,
      'validation_failed',
      'Invalid request: the template does not exist (it may have been deleted)',
      {
        templateId: ['does not name a template (it may have been deleted)'],
      },
    );
  }
  return { content: structuredClone(saved.content), name: saved.name };
}
