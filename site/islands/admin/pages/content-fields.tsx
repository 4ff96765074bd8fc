// The page content in the editor, two ways over one JSON text: the section forms generated
// from the schema (structured-editor.tsx) and the JSON itself, with its parse problem and
// the content errors a save was refused for.
import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import type { LandingContent } from '../../../../functions/shared/landing-content.ts';
import { paramsUsed } from '../../../../functions/shared/dynamic-text.ts';
import { inputClass, Tooltip } from '../ui.tsx';
import { setAt, StructuredEditor } from './structured-editor.tsx';
import { FormPicker } from './form-picker.tsx';
import type { PageEditor } from './use-page-editor.ts';

const tabClass =
  'rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow';

export function ContentFields({
  editor,
  onSectionChange,
}: {
  editor: PageEditor;
  /** The section being edited, for the preview to scroll to. */
  onSectionChange: (section: keyof LandingContent | undefined) => void;
}) {
  const [contentTab, setContentTab] = useState('sections');
  const { parsed, jsonProblem, showJsonAlert, contentServerErrors } = editor;
  const hasServerErrors = Object.keys(contentServerErrors).length > 0;
  const params = paramsUsed(editor.contentValue);
  return (
    <>
      {/* Dynamic text (docs/decisions.md "Dynamic text replacement"): what the page reads from its URL. */}
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <span data-testid="dynamic-text-params">
          <span className="font-medium">Dynamic text:</span>{' '}
          {params.length > 0 ? `this page uses ${params.join(', ')}` : 'this page uses none'}
        </span>
        <Tooltip
          content={
            <>
              Write {'{{param:utm_term|supplier teams}}'} in a text field: visitors whose address
              has ?utm_term=… see that value (as plain text, at most 60 characters); everyone else,
              and search engines, see the fallback after the bar.
            </>
          }
        >
          <button
            type="button"
            aria-label="About dynamic text"
            className="inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full border border-slate-300 text-[11px] leading-none font-semibold text-slate-600 hover:bg-slate-100"
          >
            i
          </button>
        </Tooltip>
      </p>
      <Tabs.Root value={contentTab} onValueChange={setContentTab}>
        <Tabs.List aria-label="Content editor" className="inline-flex rounded-lg bg-slate-100 p-1">
          <Tabs.Trigger value="sections" className={tabClass}>
            Sections
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
        <Tabs.Content value="sections" className="pt-3">
          {jsonProblem && (
            <p role="status" className="mb-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
              Invalid JSON content ({jsonProblem}). These fields show the last valid JSON; changing
              one replaces the JSON text with them.
            </p>
          )}
          <FormPicker
            value={(editor.contentValue as { formId?: string } | undefined)?.formId}
            onChange={(formId) => editor.setContent(setAt(editor.contentValue, ['formId'], formId))}
            errors={contentServerErrors['formId'] ?? editor.liveErrors['formId']}
          />
          <StructuredEditor
            content={editor.contentValue}
            errors={{ ...contentServerErrors, ...editor.liveErrors }}
            onChange={editor.setContent}
            isDefaultPage={editor.isDefault}
            onSectionChange={onSectionChange}
          />
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
      {(showJsonAlert && contentTab === 'sections' && jsonProblem) || hasServerErrors ? (
        <div role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
          {showJsonAlert && jsonProblem && contentTab === 'sections' && (
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
