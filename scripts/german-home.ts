// The German home page on a running local server (issue 39): German added to the site's
// languages and the default page's German version published with PharmaBridge's own copy of the
// template (content/translations/landing-template.de.json), the texts the admin's translator
// view suggests. The Lighthouse bench (scripts/bench/lighthouse.ts) measures /de, /de/pricing
// and /de/contact with it. Uses the API as an administrator would (the server's default
// settings need no approval before publishing).
import { applyTexts } from '../functions/shared/page-texts.ts';
import { SHIPPED_TRANSLATIONS } from '../functions/shared/shipped-translations.ts';
import type { LandingContent } from '../functions/shared/landing-content.ts';
import { AdminClient } from './block-gallery.ts';

/** The languages the bench's site has: English, and German at /de/. */
export const BENCH_LOCALES = ['en-US', 'de-DE'];

/** Publishes the German home page and answers its path once the rebuilt site serves it. */
export async function publishGermanHome(
  base: string,
  admin: { email: string; password: string },
): Promise<string> {
  const client = new AdminClient(base);
  await client.signIn(admin);
  await client.send('PUT', '/api/admin/settings', { locales: BENCH_LOCALES });
  const pages = await client.json<
    { id: string; slug: string; title: string; content: LandingContent }[]
  >('GET', '/api/landing-pages');
  const home = pages.find((page) => page.slug === 'default');
  if (!home) throw new Error('The server has no default page');
  const texts = Object.fromEntries(
    (SHIPPED_TRANSLATIONS['de'] ?? []).map((unit) => [unit.id, unit.target]),
  );
  const german = applyTexts({ title: home.title, content: home.content }, texts);
  await client.send('PUT', `/api/landing-pages/${home.id}/locales/de-DE/draft`, {
    title: german.title,
    slug: 'default',
    content: german.content,
    revision: 0,
  });
  await client.send('POST', `/api/landing-pages/${home.id}/locales/de-DE/publish`, {});
  const path = '/de';
  const deadline = Date.now() + 120_000;
  for (;;) {
    const page = await fetch(`${base}${path}`);
    if (page.ok && (await page.text()).includes('Vertragskonforme Daten')) return path;
    if (Date.now() > deadline) throw new Error(`${path} was not rebuilt within 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
