// The Languages tab's place in the admin URL (site/islands/admin/route.ts, beside the page
// editor's ?edit=&tab=, common/editor/blocks/editor-url.ts): `&locale=de-DE` the locale shown,
// `&translate=1` its translator view open, so a reload comes back to the same language and view.
import { setEditorParams, useEditorParam } from '../../common/editor/blocks/editor-url.ts';

export const LOCALE_PARAM = 'locale';
export const TRANSLATE_PARAM = 'translate';

export function setLocaleParams({ locale, translate }: { locale?: string; translate?: boolean }) {
  setEditorParams({
    [LOCALE_PARAM]: locale,
    ...(translate === undefined ? {} : { [TRANSLATE_PARAM]: translate ? '1' : undefined }),
  });
}

export function useLocaleParam(): { locale: string | undefined; translate: boolean } {
  return {
    locale: useEditorParam(LOCALE_PARAM),
    translate: useEditorParam(TRANSLATE_PARAM) === '1',
  };
}
