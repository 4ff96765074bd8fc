// The page content in the editor, over one JSON text: the blocks (blocks/block-editor.tsx),
// the page settings that are not blocks (SEO, the contact form and, on the default page, the
// sections other pages read; structured-editor.tsx) with the search and social previews of
// the SEO settings (seo-preview.tsx), and the JSON itself, with its parse
// problem and the content errors a save was refused for.
import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { paramsUsed } from '../../../../functions/shared/dynamic-text.ts';
import { InfoTip, inputClass } from '../ui.tsx';
import { BlockEditor } from '../common/editor/blocks/block-editor.tsx';
import { SectionSettings } from '../common/editor/section-settings.tsx';
import { setAt } from '../common/editor/values.ts';
import { FormPicker } from '../common/editor/form-picker.tsx';
import type { PageEditor } from './use-page-editor.ts';
import { BLOCK_PARAM, useEditorParam } from '../common/editor/blocks/editor-url.ts';
import { SeoPreview } from './seo-preview.tsx';

const tabClass =
  'rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow';

/** The sections other pages read from the default page (docs/requirements.md §3). */
const SITE_WIDE = ['testimonials', 'faq', 'howItWorks'] as const;

export function ContentFields({ editor }: { editor: PageEditor }) {
  const [contentTab, setContentTab] = useState('blocks');
  // A block chosen from elsewhere (the Review tab's "Go to block", workflow/checks-section.tsx)
  // shows the Blocks tab (set while rendering, as React advises for state following an input).
  const block = useEditorParam(BLOCK_PARAM);
  const [shownBlock, setShownBlock] = useState(block);
  if (block !== shownBlock) {
    setShownBlock(block);
    if (block) setContentTab('blocks');
  }
  const { parsed, jsonProblem, showJsonAlert, contentServerErrors } = editor;
  const hasServerErrors = Object.keys(contentServerErrors).length > 0;
  const params = paramsUsed(editor.contentValue);
  const errors = { ...contentServerErrors, ...editor.liveErrors };
  return (
    <>
      {/* Dynamic text (docs/decisions/0179-dynamic-text.md): what the page reads from its URL. */}
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <span data-testid="dynamic-text-params">
          <span className="font-medium">Dynamic text:</span>{' '}
          {params.length > 0 ? `this page uses ${params.join(', ')}` : 'this page uses none'}
        </span>
        <InfoTip about="dynamic text">
          Write {'{{param:utm_term|supplier teams}}'} in a text field: visitors whose address has
          ?utm_term=… see that value (as plain text, at most 60 characters); everyone else, and
          search engines, see the fallback after the bar.
        </InfoTip>
      </p>
      <Tabs.Root value={contentTab} onValueChange={setContentTab}>
        <Tabs.List aria-label="Content editor" className="inline-flex rounded-lg bg-slate-100 p-1">
          <Tabs.Trigger value="blocks" className={tabClass} data-content-tab="blocks">
            Blocks
          </Tabs.Trigger>
          <Tabs.Trigger value="settings" className={tabClass}>
            Page settings
          </Tabs.Trigger>
          <Tabs.Trigger value="json" className={tabClass}>
            JSON
            {!parsed.ok && (
              <span className="ml-1 rounded-full bg-red-700 px-1.5 text-xs text-white">
                !<span className="sr-only"> invalid</span>
              </span>
            )}
          </Tabs.Trigger>
        </Tabs.List>
        {jsonProblem && contentTab !== 'json' && (
          <p role="status" className="mt-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
            Invalid JSON content ({jsonProblem}). These fields show the last valid JSON; changing
            one replaces the JSON text with them.
          </p>
        )}
        <Tabs.Content value="blocks" className="pt-3">
          <BlockEditor
            content={editor.contentValue}
            errors={errors}
            onChange={editor.setContent}
            comments={editor.workflow?.comments}
          />
        </Tabs.Content>
        <Tabs.Content value="settings" className="grid gap-4 pt-3">
          <FormPicker
            value={(editor.contentValue as { formId?: string } | undefined)?.formId}
            onChange={(formId) => editor.setContent(setAt(editor.contentValue, ['formId'], formId))}
            errors={errors['formId']}
          />
          <SectionSettings
            sections={editor.isDefault ? ['seo', ...SITE_WIDE] : ['seo']}
            content={editor.contentValue}
            errors={errors}
            onChange={editor.setContent}
            isDefaultPage={editor.isDefault}
          />
          {/* The search result and social card the SEO settings make (seo-preview.tsx). */}
          {editor.previewContent && (
            <SeoPreview
              content={editor.previewContent}
              slug={editor.form.slug || editor.base.slug}
              isActive={editor.form.isActive}
            />
          )}
          {!editor.isDefault && (
            <p className="text-sm text-slate-700">
              Testimonials, the FAQ and the How It Works steps other pages show are edited on the
              default page.
            </p>
          )}
        </Tabs.Content>
        <Tabs.Content value="json" className="grid gap-2 pt-3">
          <label htmlFor="edit-content" className="text-sm font-medium">
            Content (JSON)
          </label>
          <textarea
            id="edit-content"
            rows={24}
            spellCheck={false}
            value={editor.form.contentText}
            onChange={(e) => editor.setContentText(e.target.value)}
            aria-invalid={!parsed.ok || hasServerErrors}
            aria-describedby="edit-content-problems"
            className={`${inputClass} font-mono text-xs`}
          />
          <div id="edit-content-problems" aria-live="polite">
            {jsonProblem && (
              <p
                {...(showJsonAlert ? { role: 'alert' } : {})}
                data-testid="json-problem"
                className="rounded-md bg-red-50 p-2 text-sm text-red-800"
              >
                <span className="font-medium">Invalid JSON content</span> ({jsonProblem})
              </p>
            )}
          </div>
        </Tabs.Content>
      </Tabs.Root>
      {(showJsonAlert && contentTab !== 'json' && jsonProblem) || hasServerErrors ? (
        <div role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
          {showJsonAlert && jsonProblem && contentTab !== 'json' && (
            <p className="font-medium">Invalid JSON content ({jsonProblem}). Nothing was saved.</p>
          )}
          {hasServerErrors && (
            <>
              <p className="font-medium">The content was not saved:</p>
              <ul className="list-disc pl-5" data-testid="content-errors">
                {Object.entries(contentServerErrors).map(([key, problems]) => (
                  <li key={key}>
                    <code>{key}</code> {problems.join('; ')}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : null}
    </>
  );
}
