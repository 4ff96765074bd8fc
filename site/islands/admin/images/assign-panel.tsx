// Assigning an image to a page's image slot (docs/requirements.md §2, §7): one button per slot of the
// chosen page (the default page first), grouped by section. A click reads the page afresh,
// sets that one field and PUTs only {content}.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { DEFAULT_SLUG } from '../../../../functions/shared/slug.ts';
import { cachePage, describeError, PAGES_KEY, request, type LandingPage } from '../api.ts';
import { useToast } from '../toast.tsx';
import { Button, inputClass, Tooltip } from '../ui.tsx';
import { Icon } from '../icons.tsx';
import { refreshPages } from './media-api.ts';
import { imageSlots, SECTION_NAMES, withImage, type ImageSlot, type SlotSection } from './slots.ts';

/** Reads the page as stored now: docs/requirements.md §7 fetches the default page by its slug. */
const freshPage = (page: LandingPage) =>
  request<LandingPage>(
    'GET',
    page.slug === DEFAULT_SLUG
      ? '/api/landing-pages/default'
      : `/api/landing-pages/${encodeURIComponent(page.slug)}`,
  );

export async function assignImage(
  page: LandingPage,
  slot: Pick<ImageSlot, 'field' | 'title'>,
  objectPath: string,
): Promise<LandingPage> {
  const current = await freshPage(page);
  const content = withImage(current.content, slot, objectPath);
  if (!content) {
    throw new Error(`"${slot.title}" is no longer at that place on ${current.title}; pick again`);
  }
  return request<LandingPage>('PUT', `/api/landing-pages/${current.id}`, { content });
}

export function AssignPanel({ objectPath }: { objectPath: string }) {
  const pages = useQuery<LandingPage[]>({ queryKey: PAGES_KEY });
  const [chosenId, setChosenId] = useState<string | undefined>();
  const selectId = useId();
  const toast = useToast();
  const client = useQueryClient();
  const page =
    pages.data?.find((candidate) => candidate.id === chosenId) ??
    pages.data?.find((candidate) => candidate.slug === DEFAULT_SLUG) ??
    pages.data?.[0];

  const assign = useMutation({
    mutationFn: ({ target, slot }: { target: LandingPage; slot: ImageSlot }) =>
      assignImage(target, slot, objectPath),
    onSuccess: (saved, { slot }) => {
      cachePage(client, saved);
      refreshPages(client);
      toast({ title: `Image assigned to "${slot.label}"!` });
    },
    onError: (error) => {
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
  if (!page) return <p className="text-sm text-slate-600">There is no page to assign to.</p>;

  const slots = imageSlots(page.content);
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
          value={page.id}
          onChange={(event) => setChosenId(event.target.value)}
          className={inputClass}
        >
          {pages.data.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.title} (/{candidate.slug})
            </option>
          ))}
        </select>
      </div>
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
                  onClick={() => assign.mutate({ target: page, slot })}
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
    </div>
  );
}
