// The Translation part of a locale's panel (languages-panel.tsx): open the translator
// (translator-view.tsx, through the URL: locale-url.ts), download the page as XLIFF for a
// translation vendor (from the live English page or its working copy) and upload the translated
// file back into the locale's working copy, saying how many texts it wrote or why it refused.
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { describeError, saveFile } from '../../api.ts';
import type { LandingPage } from '../../common/pages-api.ts';
import { Button, Tooltip } from '../../ui.tsx';
import {
  downloadXliff,
  uploadXliff,
  type LocaleVersion,
  type PageWithLocales,
} from './locales-api.ts';
import { setLocaleParams } from './locale-url.ts';

export function TranslationSection({
  ids,
  page,
  source,
  locale,
  version,
  name,
  canEdit,
  refresh,
  failed,
}: {
  /** The panel's useId, the prefix of the ids here. */
  ids: string;
  page: LandingPage;
  source: PageWithLocales;
  locale: string;
  version: LocaleVersion;
  /** The locale's name (locale-label.ts). */
  name: string;
  canEdit: boolean;
  /** Reloads the page, its locales and the workflow counts after a change. */
  refresh: () => void;
  /** A toast saying what failed and why. */
  failed: (title: string) => (error: unknown) => void;
}) {
  const [uploadResult, setUploadResult] = useState<{ ok: boolean; text: string }>();
  /** The file to upload was exported with the English working copy as its source. */
  const [uploadFromDraft, setUploadFromDraft] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const copy = version.workingCopy;

  const download = useMutation({
    mutationFn: (draft: boolean) => downloadXliff(page.id, locale, page.slug, draft),
    onSuccess: ({ name: file, blob }) => saveFile(file, blob),
    onError: failed('The XLIFF file was not downloaded'),
  });
  const upload = useMutation({
    mutationFn: async (file: File) =>
      uploadXliff(
        page.id,
        locale,
        await file.text(),
        copy?.revision ?? version.revision ?? 0,
        uploadFromDraft && source.workflow.workingCopy !== null,
      ),
    onSuccess: ({ units }) => {
      setUploadResult({
        ok: true,
        text: `${units} translated text${units === 1 ? '' : 's'} written into the ${name} working copy.`,
      });
      refresh();
    },
    onError: (error) => setUploadResult({ ok: false, text: describeError(error) }),
    onSettled: () => {
      if (fileInput.current) fileInput.current.value = '';
    },
  });

  return (
    <section aria-labelledby={`${ids}-translate`} className="grid gap-2">
      <h4 id={`${ids}-translate`} className="font-semibold text-ink">
        Translation
      </h4>
      <div className="flex flex-wrap gap-2">
        {canEdit && (
          <Button
            variant="primary"
            data-opens-translator=""
            onClick={() => setLocaleParams({ locale, translate: true })}
          >
            {copy || version.live ? 'Edit translation' : 'Start translation'}
          </Button>
        )}
        <Tooltip content="The English texts of the live page, with this language's translations filled in, for a translation vendor.">
          <Button disabled={download.isPending} onClick={() => download.mutate(false)}>
            Download XLIFF
          </Button>
        </Tooltip>
        <Tooltip content="The same, with the English texts of the page's working copy instead of its live version.">
          <Button disabled={download.isPending} onClick={() => download.mutate(true)}>
            XLIFF from the working copy
          </Button>
        </Tooltip>
      </div>
      {canEdit && (
        <div className="grid gap-1">
          {source.workflow.workingCopy && (
            <div className="flex items-center gap-2">
              <input
                id={`${ids}-upload-draft`}
                type="checkbox"
                checked={uploadFromDraft}
                onChange={(event) => setUploadFromDraft(event.target.checked)}
              />
              <label htmlFor={`${ids}-upload-draft`} className="text-slate-800">
                The file was made from the working copy (XLIFF from the working copy)
              </label>
            </div>
          )}
          <label htmlFor={`${ids}-upload`} className="font-medium text-slate-800">
            Upload a translated XLIFF file
          </label>
          <input
            id={`${ids}-upload`}
            ref={fileInput}
            type="file"
            accept=".xlf,.xliff,application/xliff+xml,application/xml,text/xml"
            disabled={upload.isPending}
            aria-describedby={uploadResult ? `${ids}-upload-result` : undefined}
            className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
            onChange={(event) => {
              const file = event.target.files?.[0];
              setUploadResult(undefined);
              if (file) upload.mutate(file);
            }}
          />
          {upload.isPending && <p role="status">Reading the file...</p>}
          {uploadResult && (
            <p
              id={`${ids}-upload-result`}
              role={uploadResult.ok ? 'status' : 'alert'}
              data-testid="xliff-result"
              className={
                uploadResult.ok
                  ? 'rounded-md bg-green-50 p-2 text-green-900'
                  : 'rounded-md bg-red-50 p-2 text-red-800'
              }
            >
              {uploadResult.text}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
