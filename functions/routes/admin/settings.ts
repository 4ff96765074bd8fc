// /api/admin/settings: the publishing settings (issue 23, issue 36,
// docs/decisions/0549-publishing-settings.md); admins only. PUT changes the settings it names.
import { Hono } from 'hono';
import { requirePermission } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { settingsSchema, type Settings } from '../../shared/workflow.ts';
import { settingsUpdateSchema } from '../../shared/settings-update.ts';
import { defineRoute, mount } from '../support/define-route.ts';
import type { Context } from 'hono';
import { ApiError } from '../../lib/errors.ts';
import { requestRebuild } from '../support/changes.ts';
import { localePrefixes } from '../../shared/locales.ts';
import { splitTranslationId } from '../../shared/translation-ids.ts';

export const getSettings = defineRoute(
  {
    method: 'get',
    path: '/',
    permission: 'accounts',
    summary:
      'The publishing settings: approvals, claims lint, withdrawn claims, comments, checklist, locales',
    responses: { 200: settingsSchema },
  },
  async (c) => c.json<Settings>(await c.get('services').workflow.settings()),
);

export const putSettings = defineRoute(
  {
    method: 'put',
    path: '/',
    permission: 'accounts',
    summary: 'Changes the publishing settings it names; the others keep their values',
    request: { json: settingsUpdateSchema },
    responses: { 200: settingsSchema },
  },
  async (c, { json }) => {
    const admin = c.get('admin')!;
    if (json.locales) await assertLocalesKeepPages(c, json.locales);
    const before = json.locales ? await c.get('services').workflow.settings() : undefined;
    const saved = await c.get('services').workflow.putSettings(json, {
      email: admin.email,
      ip: c.get('services').clientIp(c),
    });
    // The site's locales decide which pages are built (/de/pricing, the German versions), and
    // which locale scopes this process's event intake counts in (at once; others within
    // LOCALES_CACHE_MS, functions/data/events/locales.ts).
    if (before && before.locales.join() !== saved.locales.join()) {
      c.get('services').events.forgetSiteLocales();
      await requestRebuild(c, 'settings');
    }
    return c.json<Settings>(saved);
  },
);

/**
 * A change of the locales that would strand pages is refused (409 naming `locales`): a locale
 * whose versions are live cannot be removed (take them off the site first), and no version may
 * move to another URL prefix (adding de-AT beside de-DE would move /de/ to /de-de/;
 * docs/decisions/0573-pages-per-locale.md): links and search engines keep their addresses.
 */
async function assertLocalesKeepPages(c: Context<AppEnv>, locales: string[]): Promise<void> {
  const versions = await c.get('services').workflow.translations();
  const prefixes = localePrefixes(locales);
  const problems = new Set<string>();
  for (const version of versions) {
    const locale = splitTranslationId(version.id)?.locale;
    if (!locale) continue;
    const prefix = version.slug.slice(0, version.slug.indexOf('/'));
    if (!(locale in prefixes)) {
      if (version.isActive) {
        problems.add(
          `The locale ${locale} cannot be removed while pages are live in it (/${version.slug}): take them off the site first`,
        );
      }
    } else if (prefixes[locale] !== prefix) {
      problems.add(
        `The pages of ${locale} would move from /${prefix}/ to /${prefixes[locale]}/ (/${version.slug}): addresses of published pages stay as they are`,
      );
    }
  }
  if (problems.size) {
    throw new ApiError(409, 'conflict', [...problems].join('; '), { locales: [...problems] });
  }
}

export const settings = mount(new Hono<AppEnv>().use(requirePermission('accounts')), [
  getSettings,
  putSettings,
]);
