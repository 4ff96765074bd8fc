// The create form: Title and URL Slug (docs/requirements.md §2), where the page starts (the PharmaBridge
// template, docs/requirements.md's placeholder content, or a copy of an existing page) and whether to
// publish it now. Without "Publish now" the page is a draft (docs/decisions.md).
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import type { CreatePageRequest, StartFrom } from '../../../../functions/shared/api.ts';
import { DEFAULT_SLUG, normalizeSlug, publicPath } from '../../../../functions/shared/slug.ts';
import { describeError, HttpError, type FieldErrors } from '../api.ts';
import { useToast } from '../toast.tsx';
import { createPage, PAGES_KEY, type LandingPage } from './pages-api.ts';
import { cleanSlug } from './slug-suggest.ts';
import { Button, FieldError, inputClass, Modal } from '../ui.tsx';

const STARTS: { value: StartFrom; label: string; hint: string }[] = [
  {
    value: 'template',
    label: 'PharmaBridge template',
    hint: 'The full PharmaBridge landing page, ready to adapt.',
  },
  {
    value: 'placeholder',
    label: 'Placeholder content',
    hint: 'Every section with short placeholder copy and empty lists.',
  },
  {
    value: 'copy',
    label: 'A copy of an existing page',
    hint: 'All content and SEO settings of the page you choose.',
  },
];

/** An error is about the value it was given: a field changed starts clean. */
function withoutErrors(fields: FieldErrors, names: string[]): FieldErrors {
  return Object.fromEntries(Object.entries(fields).filter(([name]) => !names.includes(name)));
}

export function CreatePageDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (page: LandingPage) => void;
}) {
  const pages = useQuery<LandingPage[]>({ queryKey: PAGES_KEY, enabled: open });
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  /** True once the administrator typed a slug; until then it follows the title. */
  const [slugTyped, setSlugTyped] = useState(false);
  const [startFrom, setStartFrom] = useState<StartFrom>('template');
  const [copyOf, setCopyOf] = useState('');
  const [publish, setPublish] = useState(false);
  const [fields, setFields] = useState<FieldErrors>({});
  const ids = useId();
  const toast = useToast();

  const reset = () => {
    setTitle('');
    setSlug('');
    setSlugTyped(false);
    setStartFrom('template');
    setCopyOf('');
    setPublish(false);
    setFields({});
  };

  const create = useMutation({
    mutationFn: (body: CreatePageRequest) => createPage(body),
    onSuccess: (page) => {
      toast({
        title: 'Landing page created successfully',
        description: page.isActive
          ? `Published at ${publicPath(page.slug)} once the site is rebuilt.`
          : 'Saved as a draft: only signed-in administrators can see it until you publish it.',
      });
      reset();
      onOpenChange(false);
      onCreated(page);
    },
    onError: (error) => {
      setFields(error instanceof HttpError ? error.fields : {});
      toast({
        title: 'Failed to create landing page',
        description: describeError(error),
        variant: 'destructive',
      });
    },
  });

  const source = copyOf || pages.data?.find((page) => page.slug === DEFAULT_SLUG)?.id || '';
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const missing: FieldErrors = {};
    const finalSlug = cleanSlug(slug);
    setSlug(finalSlug);
    if (!title.trim()) missing['title'] = ['Enter a title for the page.'];
    if (!finalSlug) {
      missing['slug'] = ['Enter the address of the page, for example spring-campaign.'];
    }
    if (startFrom === 'copy' && !source) missing['copyOf'] = ['Choose the page to copy.'];
    setFields(missing);
    if (Object.keys(missing).length > 0) return;
    create.mutate({
      title,
      slug: finalSlug,
      isActive: publish,
      startFrom,
      ...(startFrom === 'copy' ? { copyOf: source } : {}),
    });
  };

  const described = (id: string, hint?: string) =>
    [hint, fields[id] ? `${ids}-${id}-error` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Create New Landing Page">
      <form onSubmit={submit} noValidate className="grid gap-4">
        <div>
          <label htmlFor="create-title" className="text-sm font-medium">
            Title
          </label>
          <input
            id="create-title"
            required
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              if (!slugTyped) setSlug(cleanSlug(e.target.value));
              // An error is about the value it was given; a new value starts clean.
              setFields((current) =>
                withoutErrors(current, slugTyped ? ['title'] : ['title', 'slug']),
              );
            }}
            aria-invalid={Boolean(fields['title'])}
            aria-describedby={described('title')}
            className={inputClass}
          />
          <FieldError id={`${ids}-title-error`} messages={fields['title']} label="The title" />
        </div>
        <div>
          <label htmlFor="create-slug" className="text-sm font-medium">
            URL Slug
          </label>
          <input
            id="create-slug"
            required
            value={slug}
            onChange={(e) => {
              setSlug(normalizeSlug(e.target.value));
              setSlugTyped(e.target.value !== '');
              setFields((current) => withoutErrors(current, ['slug']));
            }}
            onBlur={() => setSlug(cleanSlug(slug))}
            aria-invalid={Boolean(fields['slug'])}
            aria-describedby={described('slug', 'create-slug-hint')}
            className={inputClass}
          />
          <p id="create-slug-hint" className="mt-1 text-xs text-slate-600">
            {slugTyped ? '' : 'Suggested from the title. '}Lowercase letters, digits and hyphens;
            the page will be at /{cleanSlug(slug) || 'your-slug'}.
          </p>
          <FieldError id={`${ids}-slug-error`} messages={fields['slug']} label="The slug" />
        </div>
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium">Start from</legend>
          {STARTS.map((start) => (
            <label
              key={start.value}
              className="flex cursor-pointer gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name="start-from"
                value={start.value}
                checked={startFrom === start.value}
                onChange={() => setStartFrom(start.value)}
                className="mt-1 h-4 w-4 accent-brand-700"
                aria-describedby={`${ids}-${start.value}-hint`}
              />
              <span>
                <span className="block text-sm font-medium text-ink">{start.label}</span>
                <span id={`${ids}-${start.value}-hint`} className="block text-xs text-slate-600">
                  {start.hint}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        {startFrom === 'copy' && (
          <div>
            <label htmlFor={`${ids}-copy`} className="text-sm font-medium">
              Page to copy
            </label>
            <select
              id={`${ids}-copy`}
              value={source}
              onChange={(e) => setCopyOf(e.target.value)}
              aria-invalid={Boolean(fields['copyOf'])}
              aria-describedby={described('copyOf')}
              className={inputClass}
            >
              {pages.data?.map((page) => (
                <option key={page.id} value={page.id}>
                  {page.title} ({publicPath(page.slug)})
                </option>
              ))}
            </select>
            <FieldError
              id={`${ids}-copyOf-error`}
              messages={fields['copyOf']}
              label="The page to copy"
            />
          </div>
        )}
        <div className="flex gap-3 rounded-lg bg-slate-50 p-3">
          <input
            id={`${ids}-publish`}
            type="checkbox"
            checked={publish}
            onChange={(e) => setPublish(e.target.checked)}
            className="mt-0.5 h-4 w-4 accent-brand-700"
            aria-describedby={`${ids}-publish-hint`}
          />
          <div>
            <label htmlFor={`${ids}-publish`} className="text-sm font-medium text-ink">
              Publish now
            </label>
            <p id={`${ids}-publish-hint`} className="text-xs text-slate-600">
              {publish
                ? 'Visitors can open the page as soon as the site is rebuilt.'
                : 'The page is created as a draft: only signed-in administrators can preview it until you publish it from the editor.'}
            </p>
          </div>
        </div>
        <div className="flex justify-end gap-2">
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Page'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
