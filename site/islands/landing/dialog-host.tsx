// The contact dialog, loaded on demand: the landing page ships no React at first paint
// (docs/decisions/0094-landing-page-javascript.md), so its script imports this module on the
// first opener click (or as the pointer or focus reaches an opener) and calls
// openContactDialog. The form's definition (GET /api/forms/:id) is asked for at the same
// moment (../forms/load-form.ts); the dialog opens once it has arrived, or with a sentence
// and the contact address if it cannot be had. The dialog mounts its own React root in a
// container appended to body on first use and stays mounted, so what the visitor typed
// survives closing it.
import { useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { ContactDialog, type DialogForm, type DialogFormType } from './contact-dialog.tsx';
import { pageIdFromPath, track } from './tracking.ts';
import { DIALOG_FORMS, loadPublicForm } from '../forms/load-form.ts';

export interface DialogRequest {
  formType: DialogFormType;
  /** The form to show (load-form.ts dialogFormId): the page's own or a built-in one. */
  formId: string;
  /** The button that opened the dialog: focus goes back to it on close. */
  opener: HTMLElement | null;
  /** The default page's id: the landingPageId of the pricing submission (docs/requirements.md §7). */
  defaultPageId?: string | undefined;
  /** docs/requirements.md §7's flag gating the submission event (tracking is on by default). */
  trackConversions: boolean;
  /** A gated download's block (issue 27): sent with the form, the answer has the link. */
  gate?: { slug: string; blockId: string } | undefined;
}

interface HostState {
  open: boolean;
  request: DialogRequest;
  form: DialogForm;
}

let state: HostState = {
  open: false,
  request: {
    formType: 'general',
    formId: DIALOG_FORMS.general,
    opener: null,
    trackConversions: true,
  },
  form: { status: 'failed', formId: DIALOG_FORMS.general },
};
/** The latest open request: an earlier one whose form arrives later does not open. */
let latest = 0;
const listeners = new Set<() => void>();
const returnFocusTo: { current: HTMLElement | null } = { current: null };
let mounted = false;

function setState(next: HostState): void {
  state = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

async function resolveDefaultPageId(known: string | undefined): Promise<string | undefined> {
  if (known) return known;
  try {
    const response = await fetch('/api/landing-pages/default', { credentials: 'include' });
    if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
    return ((await response.json()) as { id: string }).id;
  } catch (error) {
    // docs/requirements.md §8: a failed page fetch inside the dialog is only logged.
    console.error('Failed to load the default landing page', error);
    return undefined;
  }
}

function submitted(formType: DialogFormType, request: DialogRequest): void {
  if (!request.trackConversions) return;
  if (formType === 'pricing') {
    void resolveDefaultPageId(request.defaultPageId).then((id) => {
      if (id) track(id, 'contact_form_submit', { source: 'pricing_section' });
    });
  } else {
    track(pageIdFromPath(window.location.pathname), 'contact_form_submit', {
      source: 'contact_dialog',
    });
  }
}

function DialogHost() {
  const { open, request, form } = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  return (
    <ContactDialog
      open={open}
      formType={request.formType}
      form={form}
      landingPageId={pageIdFromPath(window.location.pathname)}
      onOpenChange={(next) => setState({ ...state, open: next })}
      returnFocusTo={returnFocusTo}
      onSubmitted={(formType) => submitted(formType, request)}
      gate={request.gate}
    />
  );
}

/**
 * Opens the dialog (mounting it on first use) as `request.formType` with form
 * `request.formId`, once its definition has arrived or could not be had.
 */
export function openContactDialog(request: DialogRequest): void {
  const ticket = ++latest;
  void loadPublicForm(request.formId)
    .then(
      (form): DialogForm => ({ status: 'ready', form }),
      (error: unknown): DialogForm => {
        console.error(`Failed to load the form ${request.formId}`, error);
        return { status: 'failed', formId: request.formId };
      },
    )
    .then((form) => {
      if (ticket !== latest) return;
      returnFocusTo.current = request.opener;
      setState({ open: true, request, form });
      mount();
    });
}

function mount(): void {
  if (mounted) return;
  mounted = true;
  const container = document.createElement('div');
  container.dataset['contactDialogRoot'] = '';
  document.body.append(container);
  createRoot(container).render(<DialogHost />);
}
