// The file of a gated download block (issue 27, functions/shared/assets.ts): a choice among
// the private PDFs of GET /api/admin/assets, and "Upload PDF" (POST /api/admin/assets, a PUT
// of the bytes to the presigned URL, POST /api/admin/assets/:id/complete). The field holds
// `/assets/<id>`; empty, the landing page does not show the block, which the warning says.
import { useQueryClient, useQuery } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import {
  ASSET_MAX_BYTES,
  assetListSchema,
  assetRecordSchema,
  assetUploadTicketSchema,
  type AssetRecord,
} from '../../../../../functions/shared/assets.ts';
import { describeError, request } from '../../api.ts';
import { Button, Tooltip } from '../../ui.tsx';

export const ASSETS_KEY = ['asset-picker', '/api/admin/assets'] as const;
/** The site's gated files (GET /api/admin/assets), under ASSETS_KEY. */
export const listAssets = async () =>
  (await request(assetListSchema, 'GET', '/api/admin/assets')).assets;
export const NO_FILE_WARNING = 'Choose the file: until then this block is not shown to visitors.';
const UPLOAD_HINT =
  'Upload a PDF of at most 25 MB. It stays private: visitors get a link that works for 24 hours after they send the form.';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Uploads one PDF: its ticket, its bytes, then the server's check. */
async function uploadPdf(file: File): Promise<AssetRecord> {
  const ticket = await request(assetUploadTicketSchema, 'POST', '/api/admin/assets', {
    fileName: file.name,
    size: file.size,
  });
  const put = await fetch(ticket.uploadURL, {
    method: 'PUT',
    body: file,
    headers: { 'content-type': 'application/pdf' },
  });
  if (!put.ok) throw new Error(`The file could not be uploaded (${put.status})`);
  return request(assetRecordSchema, 'POST', `/api/admin/assets/${ticket.id}/complete`);
}

export function AssetPicker({
  id,
  value,
  onChange,
  describedBy,
  invalid,
  className,
  label,
  emptyWarning = NO_FILE_WARNING,
  uploadHint = UPLOAD_HINT,
}: {
  id: string;
  /** `/assets/<id>`, or '' for none. */
  value: string;
  onChange: (path: string) => void;
  describedBy: string | undefined;
  invalid: boolean;
  className: string;
  label: string;
  /** What an empty choice means where the picker is used (default: the gated download's). */
  emptyWarning?: string;
  /** The upload button's tooltip (default: the gated download's). */
  uploadHint?: string;
}) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const assets = useQuery({
    queryKey: ASSETS_KEY,
    queryFn: listAssets,
    staleTime: 30_000,
  });
  const list = assets.data ?? [];
  const known = !value || list.some((asset) => asset.path === value);
  const warningId = `${id}-no-file`;
  const problemId = `${id}-upload-problem`;

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(undefined);
    if (!/\.pdf$/i.test(file.name) && file.type !== 'application/pdf') {
      setProblem(`${file.name} is not a PDF. Choose a PDF file.`);
      return;
    }
    if (file.size > ASSET_MAX_BYTES) {
      setProblem(`${file.name} is larger than 25 MB. Choose a smaller PDF.`);
      return;
    }
    setBusy(true);
    try {
      const record = await uploadPdf(file);
      queryClient.setQueryData<AssetRecord[]>(ASSETS_KEY, (old) => [
        record,
        ...(old ?? []).filter((asset) => asset.id !== record.id),
      ]);
      onChange(record.path);
    } catch (error) {
      setProblem(`${file.name} was not uploaded: ${describeError(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={invalid}
          aria-describedby={
            [describedBy, value ? '' : warningId, problem ? problemId : '']
              .filter(Boolean)
              .join(' ') || undefined
          }
          className={`${className} min-w-0 flex-1`}
        >
          <option value="">(no file yet)</option>
          {list.map((asset) => (
            <option key={asset.id} value={asset.path}>
              {asset.fileName} ({sizeText(asset.size)})
            </option>
          ))}
          {!known && <option value={value}>A file that no longer exists</option>}
        </select>
        <Tooltip content={uploadHint}>
          <Button
            onClick={() => input.current?.click()}
            disabled={busy}
            aria-label={`Upload PDF for ${label}`}
            className="mt-1"
          >
            {busy ? 'Uploading…' : 'Upload PDF'}
          </Button>
        </Tooltip>
        <input
          ref={input}
          type="file"
          accept="application/pdf,.pdf"
          hidden
          tabIndex={-1}
          onChange={(event) => void upload(event)}
        />
      </div>
      {!value && (
        <p id={warningId} className="mt-1 text-sm font-medium text-amber-800">
          {emptyWarning}
        </p>
      )}
      {assets.isError && (
        <p className="mt-1 text-sm text-red-700">
          The uploaded files could not be loaded: {describeError(assets.error)}
        </p>
      )}
      {problem && (
        <p id={problemId} role="alert" className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
