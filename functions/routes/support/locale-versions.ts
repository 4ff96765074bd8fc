// A landing page's version in another locale as the locale routes (functions/routes/locales.ts)
// find and save it (docs/decisions/0573-pages-per-locale.md): the locale checked against the
// site's, the version's id and prefix, and its working copy saved, the version started on the
// first save with the default locale's live texts as its base.
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import type { LandingPage } from '../../data/landing-pages/page-item.ts';
import { SlugTakenError } from '../../data/landing-pages/errors.ts';
import { DEFAULT_LOCALE, localePrefix, localeSchema } from '../../shared/locales.ts';
import { DEFAULT_SLUG } from '../../shared/slug.ts';
import type { WorkingCopy } from '../../shared/workflow.ts';
import { storedSlug, translationId } from '../../shared/translation-ids.ts';
import type { LandingContent } from '../../shared/landing-content.ts';
import { textsOf } from '../../localization/source-diff.ts';
import { actorOf } from './actor.ts';
import { assertFormsExist } from './form-references.ts';

/** The page, the locale's prefix, and its version there (undefined: none yet). */
interface LocaleTarget {
  source: LandingPage;
  locale: string;
  prefix: string;
  id: string;
  version: LandingPage | undefined;
}

const localeError = (message: string) =>
  new ApiError(400, 'validation_failed', `Invalid request: locale ${message}`, {
    locale: [message],
  });

export async function targetOf(
  c: Context<AppEnv>,
  id: string,
  locale: string,
): Promise<LocaleTarget> {
  const parsed = localeSchema.safeParse(locale);
  if (!parsed.success) throw localeError(parsed.error.issues[0]!.message);
  const { pages, workflow } = c.get('services');
  const [source, settings] = await Promise.all([pages.getById(id), workflow.settings()]);
  if (!source) throw notFound('Landing page');
  if (locale === DEFAULT_LOCALE) {
    throw localeError(
      `${DEFAULT_LOCALE} is the default locale: its version is the page itself (/api/landing-pages/${id}/...)`,
    );
  }
  if (!settings.locales.includes(locale)) {
    throw localeError(
      `${locale} is not one of the site's locales (${settings.locales.join(', ')}): an administrator adds it in Settings first`,
    );
  }
  const versionId = translationId(id, locale);
  return {
    source,
    locale,
    prefix: localePrefix(settings.locales, locale),
    id: versionId,
    version: await pages.getById(versionId),
  };
}

export async function versionOf(c: Context<AppEnv>, id: string, locale: string) {
  const target = await targetOf(c, id, locale);
  if (!target.version) throw notFound(`The page's ${locale} version`);
  return { ...target, version: target.version };
}

/**
 * Saves the locale's working copy, starting its version when there is none (`revision` 0),
 * with the default locale's live texts as its base (functions/data/workflow/source-base.ts).
 */
export async function saveLocaleDraft(
  c: Context<AppEnv>,
  target: LocaleTarget,
  input: { title: string; slug: string; content: LandingContent },
  revision: number,
): Promise<WorkingCopy> {
  const { pages, workflow } = c.get('services');
  const { source, locale, prefix } = target;
  if (source.slug === DEFAULT_SLUG && input.slug !== DEFAULT_SLUG) {
    throw new ApiError(
      400,
      'validation_failed',
      `Invalid request: slug of the default page's version stays "${DEFAULT_SLUG}" (it is the locale's home page, /${prefix}/)`,
      { slug: [`stays "${DEFAULT_SLUG}" (the locale's home page, /${prefix}/)`] },
    );
  }
  await assertFormsExist(c, input.content);
  const slug = storedSlug(prefix, input.slug);
  const actor = actorOf(c);
  const base = { sourceRevision: source.revision, texts: textsOf(source) };
  let version = target.version;
  if (!version) {
    if (revision !== 0) {
      throw new ApiError(
        409,
        'conflict',
        `This page has no ${locale} version (it was never started, or was deleted meanwhile): start one with revision 0`,
        { revision: ['must be 0 to start the version'] },
      );
    }
    const holder = await pages.getBySlug(slug);
    if (holder) throw new SlugTakenError(input.slug);
    version = await pages.create(
      { title: input.title, slug, isActive: false, content: input.content },
      {
        id: target.id,
        change: {
          actor: actor.email,
          ip: actor.ip,
          action: 'create',
          detail: () => `${locale} version of ${source.title} started`,
        },
      },
    );
    revision = version.revision;
  } else {
    if (revision === 0) {
      throw new ApiError(
        409,
        'conflict',
        `This page's ${locale} version exists already (started meanwhile): reload it`,
        { revision: [`is ${version.revision} or the working copy's`] },
      );
    }
    if (slug !== version.slug) {
      const holder = await pages.getBySlug(slug);
      if (holder && holder.id !== version.id) throw new SlugTakenError(input.slug);
    }
  }
  return workflow.saveTranslation(version, { ...input, slug }, revision, actor, base);
}
