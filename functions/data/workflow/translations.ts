// A page's versions in other locales (issue 39, docs/decisions/0573-pages-per-locale.md): each
// is a page of its own (`<page id>.<locale>`, functions/shared/translation-ids.ts) with the
// whole workflow of the layers below; this layer adds what is particular to them: the source
// base each working copy and live version was translated from (source-base.ts), and the list
// of every version.
import type { LandingPage } from '../landing-pages/page-item.ts';
import type { LandingContent } from '../../shared/landing-content.ts';
import type { WorkingCopy } from '../../shared/workflow.ts';
import { Lifecycles } from './lifecycle.ts';
import { readSourceBase, sourceBasePut, type SourceBase } from './source-base.ts';
import type { Actor } from './store.ts';

export type { SourceBase } from './source-base.ts';

/** The translation layer of the page workflow (layers: functions/data/workflow/store.ts). */
export abstract class Translations extends Lifecycles {
  /** Every page's version in every locale, live or not. */
  translations(): Promise<LandingPage[]> {
    return this.pages.translations();
  }

  /** What the version's working copy (or live version) was translated from. */
  sourceBase(translationId: string, of: 'copy' | 'live'): Promise<SourceBase | undefined> {
    return readSourceBase(this.db, this.table, translationId, of);
  }

  /** The sources the live versions of these translations were made from, by id. */
  async liveBases(translationIds: string[]): Promise<Map<string, SourceBase>> {
    const found = new Map<string, SourceBase>();
    await Promise.all(
      translationIds.map(async (id) => {
        const base = await this.sourceBase(id, 'live');
        if (base) found.set(id, base);
      }),
    );
    return found;
  }

  /**
   * Saves a version's working copy as saveDraft does, with the source texts it was made from
   * (its base) in the same transaction.
   */
  saveTranslation(
    version: LandingPage,
    input: { title: string; slug: string; content: LandingContent },
    revision: number,
    actor: Actor,
    base: SourceBase,
  ): Promise<WorkingCopy> {
    return this.saveDraft(version, input, revision, actor, {
      parts: () => [sourceBasePut(this.table, version.id, 'copy', base)],
    });
  }
}
