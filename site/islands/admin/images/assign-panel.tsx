// Assigning an image to a page's image slot (docs/requirements.md §2, §7): one button per slot of the
// chosen page, grouped by section. No page is assumed (issue 22 A: a default of the home
// page changed the live site by accident): the administrator picks one, and a slot's
// button first shows what will change and whether the public site is rebuilt. Confirming
// reads the page afresh, sets that one field and PUTs only {content}.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { DEFAULT_SLUG, publicPath } from '../../../../functions/shared/slug.ts';
import {
  publicLandingPageSchema,
  type UpdatePageRequest,
} from '../../../../functions/shared/api/pages.ts';
import { describeError, request } from '../api.ts';
import {
  cachePage,
  fetchPage,
  pageKey,
  pagesQuery,
  savedToCopy,
  updatePage,
  type LandingPage,
} from '../common/pages-api.ts';
import {
  copyAsPage,
  editedCopy,
  savesToCopy,
  saveWorkingCopy,
  WORKFLOW_SUMMARY_KEY,
} from '../common/workflow-api.ts';
import { useCan } from '../permissions.ts';
import { useToast } from '../toast.tsx';
import { Button, inputClass, Modal, Tooltip } from '../ui.tsx';
import { Icon } from '../icons.tsx';
import { refreshPages } from '../common/media/media-api.ts';
import { imageSlots, SECTION_NAMES, withImage, type ImageSlot, type SlotSection } from './slots.ts';

/** Reads the page as stored now: docs/requirements.md §7 fetches the default page by its slug. */
const freshPage = (page: LandingPage) =>
  request(
    publicLandingPageSchema,
    'GET',
    page.slug === DEFAULT_SLUG
      ? '/api/landing-pages/default'
      : `/api/landing-pages/${encodeURIComponent(page.slug)}`,
  );

export async function assignImage(
  page: LandingPage,
  slot: Pick<ImageSlot, 'field' | 'title'>,
  objectPath: string,
  mayPublish = true,
): Promise<{ page: LandingPage; toCopy: boolean }> {
  // A page with a working copy, or one the role may not change live, gets the image in
  // its working copy (docs/decisions/0136-admin-roles-and-gap.md); else SPEC's PUT {content}.
  const withWorkflow = await fetchPage(page.id);
  const toCopy = savesToCopy(withWorkflow, mayPublish);
  const current = toCopy ? editedCopy(withWorkflow) : await freshPage(page);
  const content = withImage(current.content, slot, objectPath);
  if (!content) {
    throw new Error(`"${slot.title}" is no longer at that place on ${current.title}; pick again`);
  }
  if (toCopy) {
    const copy = await saveWorkingCopy(page.id, {
      title: current.title,
      slug: current.slug,
      content,
      revision: current.revision,
    });
    return { page: copyAsPage(withWorkflow, copy), toCopy };
  }
  const answer = await updatePage(current.id, { content } as UpdatePageRequest);
  // Review was switched on since the page was read: the server put it into the working copy.
  if (savedToCopy(answer))
    return { page: copyAsPage(withWorkflow, answer.workingCopy), toCopy: true };
  return { page: answer, toCopy };
}

export function AssignPanel({ objectPath }: { objectPath: string }) {
  const pages = useQuery(pagesQuery);
  const [chosenId, setChosenId] = useState('');
  const [review, setReview] = useState<ImageSlot | undefined>();
  const selectId = useId();
  const toast = useToast();
  const client = useQueryClient();
  const page = pages.data?.find((candidate) => candidate.id === chosenId);
  const mayPublish = useCan('publish');

  const assign = useMutation({
    mutationFn: ({ target, slot }: { target: LandingPage; slot: ImageSlot }) =>
      assignImage(target, slot, objectPath, mayPublish),
    onSuccess: ({ page: saved, toCopy }, { slot }) => {
      setReview(undefined);
      if (toCopy) void client.invalidateQueries({ queryKey: WORKFLOW_SUMMARY_KEY });
      else cachePage(client, saved);
      refreshPages(client);
      toast({
        title: `Image assigned to "${slot.label}"!`,
        ...(toCopy
          ? { description: 'In the working copy: visitors see it once the copy is published.' }
          : {}),
      });
    },
    onError: (error) => {
      setReview(undefined);
      toast({
        title: 'Failed to assign image',
        description: describeError(error),
        variant: 'destructive',
      });
    },
  });

  if (pages.isPending) return <p className="text-sm text-slate-600">Loading pages...</p>;
  if (pages.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        The pages could not be loaded: {describeError(pages.error)}
      </p>
    );
  }
  if (pages.data.length === 0) {
    return <p className="text-sm text-slate-600">There is no page to assign to.</p>;
  }

  const slots = page ? imageSlots(page.content) : [];
  const sections = (['hero', 'features', 'supplierFeatures'] as SlotSection[])
    .map((section) => ({ section, slots: slots.filter((slot) => slot.section === section) }))
    .filter((group) => group.slots.length > 0);

  return (
    <div className="grid gap-4">
      <div className="max-w-sm">
        <label htmlFor={selectId} className="text-sm font-medium">
          Assign to a slot on
        </label>
        <select
          id={selectId}
          value={chosenId}
          onChange={(event) => setChosenId(event.target.value)}
          className={inputClass}
        >
          <option value="" disabled>
            Choose a page...
          </option>
          {pages.data.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.title} ({publicPath(candidate.slug)}){candidate.isActive ? '' : ', draft'}
            </option>
          ))}
        </select>
      </div>
      {!page && (
        <p className="text-sm text-slate-600">
          Choose the page first; its image slots appear here.
        </p>
      )}
      {page && sections.length === 0 && (
        <p className="text-sm text-slate-600">This page has no image slots.</p>
      )}
      {sections.map(({ section, slots: group }) => (
        <div key={section} role="group" aria-labelledby={`${selectId}-${section}`}>
          <h4 id={`${selectId}-${section}`} className="text-sm font-semibold text-ink">
            {SECTION_NAMES[section]}
          </h4>
          <ul className="mt-2 flex flex-wrap gap-2">
            {group.map((slot) => {
              const here = slot.current === objectPath;
              const button = (
                <Button
                  variant={here ? 'primary' : 'secondary'}
                  disabled={assign.isPending}
                  onClick={() => setReview(slot)}
                >
                  {here && <Icon name="check" />}
                  {slot.label}
                  {here && <span className="sr-only"> (shows this image)</span>}
                </Button>
              );
              return (
                <li key={slot.field}>
                  {slot.label === slot.title ? (
                    button
                  ) : (
                    <Tooltip content={slot.title}>{button}</Tooltip>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      {page && review && (
        <AssignReview
          page={page}
          slot={review}
          objectPath={objectPath}
          busy={assign.isPending}
          onCancel={() => setReview(undefined)}
          onConfirm={() => assign.mutate({ target: page, slot: review })}
        />
      )}
    </div>
  );
}

/** "Use this image?": the page, the slot, the image it shows now, and what a save rebuilds. */
function AssignReview({
  page,
  slot,
  objectPath,
  busy,
  onCancel,
  onConfirm,
}: {
  page: LandingPage;
  slot: ImageSlot;
  objectPath: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const where =
    slot.section === 'hero' ? 'Hero' : `${SECTION_NAMES[slot.section]}, "${slot.title}"`;
  // Where the assignment goes (docs/decisions/0300-review-covers-every-visible-write.md), said before it is
  // made: the working copy when there is one or when the live page may not change at once.
  const mayPublish = useCan('publish');
  const withWorkflow = useQuery({ queryKey: pageKey(page.id), queryFn: () => fetchPage(page.id) });
  const toCopy = withWorkflow.data ? savesToCopy(withWorkflow.data, mayPublish) : false;
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onCancel()}
      role="alertdialog"
      title="Use this image?"
      description={
        toCopy
          ? `${page.title} gets the image in its working copy: visitors see it once the copy is approved and published.`
          : page.isActive
            ? `${page.title} is live at ${publicPath(page.slug)}: saving rebuilds the public site, and visitors see the change in a few minutes.`
            : `${page.title} is a draft: nothing changes on the public site until it is published.`
      }
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="assign-review">
        <dt className="text-slate-600">Page</dt>
        <dd className="font-medium text-ink">
          {page.title} ({publicPath(page.slug)})
        </dd>
        <dt className="text-slate-600">Slot</dt>
        <dd className="text-ink">{where}</dd>
        <dt className="text-slate-600">Now</dt>
        <dd className="break-all text-ink">{slot.current ?? 'No image yet'}</dd>
        <dt className="text-slate-600">After</dt>
        <dd className="break-all text-ink">{objectPath}</dd>
      </dl>
      <div className="mt-4 flex justify-end gap-2">
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="primary" onClick={onConfirm} disabled={busy || withWorkflow.isPending}>
          {toCopy
            ? 'Assign in the working copy'
            : page.isActive
              ? 'Assign and rebuild the site'
              : 'Assign'}
        </Button>
      </div>
    </Modal>
  );
}
