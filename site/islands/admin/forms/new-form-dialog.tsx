// The Forms view's "New form" dialog: a title, the id made from it (editable, checked as
// typed against the shared schema and the ids taken), and a starter definition saved as the
// new form (docs/decisions/0165-form-editor.md).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { fieldErrors } from '../../../../functions/shared/field-errors.ts';
import { formDefinitionSchema } from '../../../../functions/shared/forms/definition.ts';
import { describeError, HttpError } from '../api.ts';
import { cacheForm, saveForm } from '../common/forms-api.ts';
import { useToast } from '../toast.tsx';
import { Button, FormAlert, Modal, TextField } from '../ui.tsx';
import { formIdFromTitle, formIdProblem, starterForm } from './form-editing.ts';

export function NewFormDialog({
  open,
  onOpenChange,
  taken,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  taken: string[];
  onCreated: (id: string) => void;
}) {
  const [title, setTitle] = useState('');
  const [id, setId] = useState('');
  const [idEdited, setIdEdited] = useState(false);
  const [tried, setTried] = useState(false);
  const [serverFields, setServerFields] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string>();
  const client = useQueryClient();
  const toast = useToast();

  const formId = idEdited ? id : formIdFromTitle(title, taken);
  const checked = formDefinitionSchema.safeParse(starterForm(title));
  const titleErrors = checked.success ? undefined : fieldErrors(checked.error.issues)['title'];
  const idProblem = formIdProblem(formId, taken);

  const reset = () => {
    setTitle('');
    setId('');
    setIdEdited(false);
    setTried(false);
    setServerFields({});
    setError(undefined);
  };
  const close = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const create = useMutation({
    mutationFn: () => saveForm(formId, starterForm(title.trim())),
    onSuccess: (stored) => {
      cacheForm(client, stored);
      close(false);
      toast({ title: `${stored.form.title} created`, description: 'Add its fields, then save.' });
      onCreated(stored.id);
    },
    onError: (failure) => {
      if (failure instanceof HttpError && Object.keys(failure.fields).length > 0) {
        setServerFields(failure.fields);
      } else setError(describeError(failure));
    },
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setTried(true);
    setError(undefined);
    if (!titleErrors && !idProblem) create.mutate();
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="New form"
      description="A form of your own, for a landing page's dialog. It starts with a name and an e-mail address."
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <TextField
          label="Title"
          hint="The form's name in the admin, such as Webinar registration."
          value={title}
          onChange={(event) => {
            setTitle(event.target.value);
            setServerFields({});
          }}
          errors={serverFields['form.title'] ?? (tried ? titleErrors : undefined)}
        />
        <TextField
          label="Form id"
          hint="Lowercase letters, digits and hyphens. Landing pages name the form by it; it cannot change later."
          value={formId}
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => {
            setId(event.target.value);
            setIdEdited(true);
            setServerFields({});
          }}
          errors={
            serverFields['id'] ?? ((tried || idEdited) && idProblem ? [idProblem] : undefined)
          }
        />
        <FormAlert message={error} />
        <div className="flex justify-end gap-2">
          <Button onClick={() => close(false)}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={create.isPending}>
            Create form
          </Button>
        </div>
      </form>
    </Modal>
  );
}
