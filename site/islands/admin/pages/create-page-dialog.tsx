// The create form: Title and URL Slug (docs/requirements.md §2), where the page starts (a
// page template, issue 27: the built-ins of functions/shared/page-templates.ts and those the
// team saved, or docs/requirements.md's placeholder content, or a copy of an existing page)
// and whether to publish it now. Without "Publish now" the page is a draft
// (docs/decisions/0065-new-pages.md). "Start from" is one radio group: the arrow keys move through
// the templates and the rest.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import type { CreatePageRequest } from '../../../../functions/shared/api/pages.ts';
// Types only: the built-ins' content (and content/landing-template.json) stays out of the admin.
import type { TemplateSummary } from '../../../../functions/shared/api/templates.ts';
import type { BuiltInTemplateId } from '../../../../functions/shared/page-templates.ts';
import { DEFAULT_SLUG, normalizeSlug, publicPath } from '../../../../functions/shared/slug.ts';
import { describeError, HttpError, type FieldErrors } from '../api.ts';
import { useCan } from '../permissions.ts';
import { useToast } from '../toast.tsx';
import { pagesQuery, createPage, type LandingPage } from '../common/pages-api.ts';
import { cleanSlug } from './slug-suggest.ts';
import { Button, ConfirmDialog, FieldError, inputClass, Modal, Tooltip } from '../ui.tsx';
import { templatesQuery, deleteTemplate, TEMPLATES_KEY } from './save-template-dialog.tsx';

/** A radio's value: `template:<id>`, or one of the other starts. */
type Start = `template:${string}` | 'placeholder' | 'copy';
/** The product pitch, as the API's DEFAULT_TEMPLATE_ID. */
const DEFAULT_TEMPLATE: BuiltInTemplateId = 'product-pitch';
const DEFAULT_START: Start = `template:${DEFAULT_TEMPLATE}`;

const OTHER_STARTS: { value: Start; label: string; hint: string }[] = [
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

/** Why "Publish now" was refused while approvals are required (the API's 409 names isActive). */
const PUBLISH_NEEDS_REVIEW =
  'Publishing needs approval here: untick Publish now to create the page as a draft, then submit it for review in the editor.';

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
  const pages = useQuery({ ...pagesQuery, enabled: open });
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  /** True once the administrator typed a slug; until then it follows the title. */
  const [slugTyped, setSlugTyped] = useState(false);
  const [startFrom, setStartFrom] = useState<Start>(DEFAULT_START);
  const [copyOf, setCopyOf] = useState('');
  const [publish, setPublish] = useState(false);
  const [fields, setFields] = useState<FieldErrors>({});
  const ids = useId();
  const toast = useToast();
  const client = useQueryClient();

  const reset = () => {
    setTitle('');
    setSlug('');
    setSlugTyped(false);
    setStartFrom(DEFAULT_START);
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
      const named = error instanceof HttpError ? error.fields : {};
      // Review is required, so a page cannot be created live (issue 33): said at the box,
      // which takes the focus (and so comes into view), and in the toast in the same words.
      const notLive = Boolean(named['isActive']);
      if (notLive) {
        named['isActive'] = [PUBLISH_NEEDS_REVIEW];
        document.getElementById(`${ids}-publish`)?.focus();
      }
      // A saved template deleted meanwhile: said in words, and the list read again.
      if (named['templateId']) {
        named['templateId'] = [
          'The chosen template no longer exists (someone may have deleted it): choose another.',
        ];
        void client.invalidateQueries({ queryKey: TEMPLATES_KEY });
      }
      setFields(named);
      toast({
        title: 'Failed to create landing page',
        description: notLive ? PUBLISH_NEEDS_REVIEW : describeError(error),
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
      ...(startFrom.startsWith('template:')
        ? { startFrom: 'template', templateId: startFrom.slice('template:'.length) }
        : { startFrom: startFrom as 'placeholder' | 'copy' }),
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
          <TemplateChoices
            ids={ids}
            value={startFrom}
            onChange={setStartFrom}
            open={open}
            fieldErrors={fields['templateId']}
          />
          {OTHER_STARTS.map((start) => (
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
            onChange={(e) => {
              setPublish(e.target.checked);
              setFields((current) => withoutErrors(current, ['isActive']));
            }}
            className="mt-0.5 h-6 w-6 accent-brand-700"
            aria-invalid={Boolean(fields['isActive'])}
            aria-describedby={described('isActive', `${ids}-publish-hint`)}
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
            <FieldError id={`${ids}-isActive-error`} messages={fields['isActive']} />
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

/** Each block type's bar in a template's schematic: its share of the height, its colour. */
const SCHEMATIC: Record<string, string> = {
  navigation: 'grow bg-slate-400',
  hero: 'grow-[3] bg-brand-600',
  finalCTA: 'grow-[2] bg-slate-700',
  footer: 'grow bg-slate-400',
  event: 'grow-[2] bg-sky-500',
  gatedAsset: 'grow-[2] bg-amber-500',
  richText: 'grow-[2] bg-slate-300',
};

/** A template's blocks as a tiny page (decoration: the name and description say it all). */
function Schematic({ blocks }: { blocks: string[] }) {
  return (
    <span
      aria-hidden="true"
      className="flex h-12 w-9 shrink-0 flex-col gap-px overflow-hidden rounded border border-slate-300 bg-white p-0.5"
    >
      {blocks.map((type, index) => (
        <span
          key={`${type}-${index}`}
          className={`block min-h-px w-full basis-0 rounded-[1px] ${SCHEMATIC[type] ?? 'grow-[2] bg-slate-200'}`}
        />
      ))}
    </span>
  );
}

/**
 * The templates as radio cards (name, one line, a schematic of their blocks): the
 * built-ins, then the team's saved ones, each of those with Delete for a role with
 * `publish` (templates are shared by the team, functions/routes/admin/templates.ts).
 */
function TemplateChoices({
  ids,
  value,
  onChange,
  open,
  fieldErrors,
}: {
  ids: string;
  value: Start;
  onChange: (value: Start) => void;
  open: boolean;
  fieldErrors: string[] | undefined;
}) {
  const templates = useQuery({
    ...templatesQuery,
    enabled: open,
  });
  const canPublish = useCan('publish');
  const [deleting, setDeleting] = useState<TemplateSummary | undefined>();
  const client = useQueryClient();
  const toast = useToast();
  const remove = useMutation({
    mutationFn: (template: TemplateSummary) => deleteTemplate(template.id),
    onSuccess: (_answer, template) => {
      setDeleting(undefined);
      if (value === `template:${template.id}`) onChange(DEFAULT_START);
      void client.invalidateQueries({ queryKey: TEMPLATES_KEY });
      toast({ title: `Template "${template.name}" deleted` });
    },
    onError: (error) => {
      setDeleting(undefined);
      void client.invalidateQueries({ queryKey: TEMPLATES_KEY });
      toast({
        title: 'Failed to delete the template',
        description: describeError(error),
        variant: 'destructive',
      });
    },
  });
  if (templates.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600">
        Loading templates...
      </p>
    );
  }
  if (templates.isError) {
    return (
      <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
        The templates could not be loaded: {describeError(templates.error)} You can still start from
        placeholder content or a copy.
      </p>
    );
  }
  return (
    <>
      <ul className="grid gap-2" aria-label="Templates">
        {templates.data.templates.map((template) => {
          const start: Start = `template:${template.id}`;
          const hint = `${ids}-tpl-${template.id}-hint`;
          return (
            <li
              key={template.id}
              data-testid="template-choice"
              className="flex flex-col rounded-lg border border-slate-200 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <label className="flex flex-1 cursor-pointer gap-3 p-3">
                <input
                  type="radio"
                  name="start-from"
                  value={start}
                  checked={value === start}
                  onChange={() => onChange(start)}
                  className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
                  aria-describedby={hint}
                />
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-medium text-ink">
                    {template.name}
                    {!template.builtIn && (
                      <span className="ml-1.5 rounded bg-slate-100 px-1 py-0.5 text-[11px] font-normal text-slate-700">
                        Saved
                      </span>
                    )}
                  </span>
                  <span id={hint} className="block text-xs text-slate-600">
                    {template.description ||
                      (template.createdBy ? `Saved by ${template.createdBy}.` : '')}
                  </span>
                </span>
                <Schematic blocks={template.blocks} />
              </label>
              {!template.builtIn && canPublish && (
                <Tooltip content="Deletes the template for the whole team. Pages made from it stay as they are.">
                  <button
                    type="button"
                    onClick={() => setDeleting(template)}
                    aria-label={`Delete template ${template.name}`}
                    className="mx-3 -mt-2 mb-2 self-end rounded px-1.5 py-0.5 text-xs font-medium text-red-800 hover:bg-red-50"
                  >
                    Delete
                  </button>
                </Tooltip>
              )}
            </li>
          );
        })}
      </ul>
      <FieldError id={`${ids}-templateId-error`} messages={fieldErrors} />
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(next) => !next && setDeleting(undefined)}
        title={`Delete template ${deleting?.name ?? ''}`}
        message="Delete this template for the whole team? Pages already made from it stay as they are."
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </>
  );
}
