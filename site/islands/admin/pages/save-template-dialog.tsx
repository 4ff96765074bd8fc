// "Save as template" (issue 27): a page's content, as its editor shows it (the working copy
// when there is one), saved under a name the whole team can start new pages from
// (POST /api/admin/templates, functions/routes/admin/templates.ts; the `publish` permission).
// Opened from the page card; focus goes back to its button when the dialog closes (Modal).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import {
  templateListSchema,
  templateSummarySchema,
  type SaveTemplateRequest,
} from '../../../../functions/shared/api/templates.ts';
import { describeError, HttpError, noContent, request, type FieldErrors } from '../api.ts';
import { useToast } from '../toast.tsx';
import { Button, FieldError, FormAlert, inputClass, Modal, TextField } from '../ui.tsx';
import type { LandingPage } from '../common/pages-api.ts';

export const TEMPLATES_KEY = ['/api/admin/templates'] as const;
export const templatesQuery = queryOptions({
  queryKey: TEMPLATES_KEY,
  queryFn: () => request(templateListSchema, 'GET', '/api/admin/templates'),
});

export const saveTemplate = (body: SaveTemplateRequest) =>
  request(templateSummarySchema, 'POST', '/api/admin/templates', body);

export const deleteTemplate = (id: string) =>
  request(noContent, 'DELETE', `/api/admin/templates/${encodeURIComponent(id)}`);

export function SaveTemplateDialog({
  page,
  onClose,
}: {
  /** The page to save; the dialog is open while there is one. */
  page: LandingPage | undefined;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | undefined>();
  const ids = useId();
  const toast = useToast();
  const client = useQueryClient();

  const close = () => {
    setName('');
    setDescription('');
    setFields({});
    setFailure(undefined);
    onClose();
  };

  const save = useMutation({
    mutationFn: saveTemplate,
    onSuccess: (template) => {
      void client.invalidateQueries({ queryKey: TEMPLATES_KEY });
      toast({
        title: `Saved as template "${template.name}"`,
        description: 'New Page offers it under Start from.',
      });
      close();
    },
    onError: (error) => {
      const named = error instanceof HttpError ? error.fields : {};
      const known = Object.fromEntries(
        Object.entries(named).filter(([field]) => field === 'name' || field === 'description'),
      );
      setFields(known);
      // A problem with no field of this form (the page, the limit) is the form's own.
      setFailure(Object.keys(known).length ? undefined : describeError(error));
    },
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!page) return;
    if (!name.trim()) {
      setFields({ name: ['Enter a name for the template.'] });
      return;
    }
    setFields({});
    setFailure(undefined);
    save.mutate({
      pageId: page.id,
      name: name.trim(),
      ...(description.trim() ? { description: description.trim() } : {}),
    });
  };

  return (
    <Modal
      open={Boolean(page)}
      onOpenChange={(open) => !open && close()}
      title="Save as template"
      description={
        page
          ? `The content of ${page.title} as the editor shows it (its working copy, if it has one) becomes a template anyone on the team can start a new page from.`
          : undefined
      }
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormAlert message={failure} />
        <TextField
          label="Name"
          hint="Shown under Start from when creating a page; 80 characters at most."
          value={name}
          maxLength={80}
          required
          autoFocus
          errors={fields['name']}
          onChange={(event) => {
            setName(event.target.value);
            setFields((current) => ({ ...current, name: [] }));
          }}
        />
        <div>
          <label htmlFor={`${ids}-description`} className="text-sm font-medium text-slate-800">
            Description <span className="font-normal text-slate-600">(optional)</span>
          </label>
          <textarea
            id={`${ids}-description`}
            rows={2}
            maxLength={200}
            value={description}
            onChange={(event) => {
              setDescription(event.target.value);
              setFields((current) => ({ ...current, description: [] }));
            }}
            aria-invalid={Boolean(fields['description']?.length)}
            aria-describedby={
              fields['description']?.length ? `${ids}-description-error` : undefined
            }
            className={inputClass}
          />
          <FieldError
            id={`${ids}-description-error`}
            messages={fields['description']}
            label="The description"
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save template'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
