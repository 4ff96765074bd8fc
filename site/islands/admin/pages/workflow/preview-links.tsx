// The Review tab's preview links: a link for reviewers without an account, valid for a few
// days, shown once to copy, and the list of live links with Revoke
// (docs/decisions/0132-working-copy.md).
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  PREVIEW_LINK_DEFAULT_DAYS,
  PREVIEW_LINK_MAX_DAYS,
} from '../../../../../functions/shared/workflow.ts';
import { describeError } from '../../api.ts';
import { CopyableLink } from '../../common/copyable-link.tsx';
import type { LandingPage } from '../../common/pages-api.ts';
import { createPreviewLink, localTime, revokePreviewLink } from '../../common/workflow-api.ts';
import { useToast } from '../../toast.tsx';
import { Button, inputClass } from '../../ui.tsx';

export function PreviewLinks({
  page,
  links,
  onChanged,
}: {
  page: LandingPage;
  links: { id: string; createdBy: string; expiresAt: string }[];
  onChanged: () => void;
}) {
  const [days, setDays] = useState(PREVIEW_LINK_DEFAULT_DAYS);
  const [made, setMade] = useState<string>();
  const toast = useToast();
  const create = useMutation({
    mutationFn: () => createPreviewLink(page.id, days),
    onSuccess: (link) => {
      // On this admin's own origin, as the invitation links are (SITE_URL may name
      // another port locally).
      const url = new URL(link.url);
      setMade(`${window.location.origin}${url.pathname}${url.hash}`);
      onChanged();
    },
    onError: (error) =>
      toast({
        title: 'No link was made',
        description: describeError(error),
        variant: 'destructive',
      }),
  });
  const revoke = useMutation({
    mutationFn: (linkId: string) => revokePreviewLink(page.id, linkId),
    onSuccess: () => {
      onChanged();
      toast({ title: 'Preview link revoked' });
    },
    onError: (error) =>
      toast({
        title: 'The link was not revoked',
        description: describeError(error),
        variant: 'destructive',
      }),
  });
  return (
    <section aria-labelledby="wf-links" className="grid gap-2">
      <h3 id="wf-links" className="font-semibold text-ink">
        Preview links
      </h3>
      <p className="text-slate-600">
        For reviewers without an account: the working copy as visitors would see it, marked as a
        preview, never indexed or counted.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="link-days" className="font-medium">
            Valid for
          </label>
          <select
            id="link-days"
            value={days}
            onChange={(event) => setDays(Number(event.target.value))}
            className={inputClass}
          >
            {[1, 3, 7, 14, PREVIEW_LINK_MAX_DAYS].map((n) => (
              <option key={n} value={n}>
                {n} day{n === 1 ? '' : 's'}
              </option>
            ))}
          </select>
        </div>
        <Button onClick={() => create.mutate()} disabled={create.isPending}>
          Create preview link
        </Button>
      </div>
      {made && (
        <div
          role="status"
          className="grid gap-1 rounded-md border border-amber-200 bg-amber-50 p-2"
        >
          <p className="text-amber-900">Shown only now: copy it and send it to the reviewer.</p>
          <CopyableLink id="preview-link-value" label="Preview link" url={made} />
        </div>
      )}
      {links.length > 0 && (
        <ul className="grid gap-1" aria-label="Active preview links">
          {links.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                Made by {link.createdBy}, valid until {localTime(link.expiresAt)}
              </span>
              <Button
                onClick={() => revoke.mutate(link.id)}
                disabled={revoke.isPending}
                aria-label={`Revoke the preview link made by ${link.createdBy}, valid until ${localTime(link.expiresAt)}`}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
