// "Download inspection package" on the live version and on each version visitors saw
// (issue 37, docs/inspection-package.md): the ZIP an inspector reads without the product. For
// whoever may review (administrators, publishers, reviewers); a refusal reads as a sentence
// under the button.
import { useMutation } from '@tanstack/react-query';
import { describeError, saveFile } from '../api.ts';
import { downloadInspectionPackage } from '../common/pages-api.ts';
import { Icon } from '../icons.tsx';
import { useCan } from '../permissions.ts';
import { Button, Tooltip } from '../ui.tsx';

export function PackageDownload({
  pageId,
  versionId,
  label,
}: {
  pageId: string;
  /** The version's id, or `live`. */
  versionId: string;
  /** "PB-2026-0042 v3": what the button's name says it is of. */
  label: string;
}) {
  const mayReview = useCan('review');
  const download = useMutation({
    mutationFn: () => downloadInspectionPackage(pageId, versionId),
    onSuccess: ({ name, blob }) => saveFile(name, blob),
  });
  if (!mayReview) return null;
  return (
    <div className="grid gap-1">
      <Tooltip content="A ZIP for an inspection: this version printed as visitors saw it with a signature page, its content, what changed from the version before, its signatures, claims and audit entries, and a manifest with the SHA-256 of every file (npm run package:verify checks it).">
        <Button
          variant="ghost"
          className="justify-self-start px-2 py-1"
          disabled={download.isPending}
          // The visible words first, then whose package it is (WCAG 2.5.3, label in name).
          aria-label={`Download inspection package of ${label}`}
          onClick={() => download.mutate()}
        >
          <Icon name="download" />{' '}
          {download.isPending ? 'Preparing package...' : 'Download inspection package'}
        </Button>
      </Tooltip>
      {download.isError && (
        <p role="alert" className="text-sm text-red-800">
          The inspection package of {label} could not be downloaded: {describeError(download.error)}
        </p>
      )}
    </div>
  );
}
