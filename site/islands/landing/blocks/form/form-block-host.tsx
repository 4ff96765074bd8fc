// Brings a prerendered form block to life (docs/decisions/0400-form-block.md): the landing page's
// script (../../form-blocks.ts) imports this module when a form block comes near the viewport or
// is touched, as it imports the dialog's on the first opener. The block's container
// (`[data-form-block]`, renderer.tsx) becomes a React root drawing the same form from the
// definition the build wrote beside it; what the visitor typed meanwhile and the focus (by the
// controls' ids, the same prerendered and live) are kept.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { PublicForm } from '../../../../../functions/shared/forms/public-form.ts';
import { CONSENT_KEY, type FormValues } from '../../../forms/form-values.ts';
import { formIdPrefix, InlineForm } from './inline-form.tsx';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** What the prerendered controls hold now (typed before this module arrived). */
export function typedValues(container: ParentNode): FormValues {
  const values: FormValues = {};
  for (const control of container.querySelectorAll<Control>('input, select, textarea')) {
    const key = control.hasAttribute('data-consent') ? CONSENT_KEY : control.name;
    if (!key || control.type === 'hidden') continue;
    values[key] =
      control instanceof HTMLInputElement && control.type === 'checkbox'
        ? control.checked
        : control.value;
  }
  return values;
}

/** The definition the build wrote beside the block (a JSON data block), if it did. */
function writtenDefinition(container: HTMLElement, blockId: string): PublicForm | undefined {
  const script = container.parentElement?.querySelector(
    `script[data-form-definition="${CSS.escape(blockId)}"]`,
  );
  try {
    return script?.textContent ? (JSON.parse(script.textContent) as PublicForm) : undefined;
  } catch {
    return undefined;
  }
}

/** The focused control inside `container` and its caret, to give back after the render. */
function focusIn(container: HTMLElement) {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !container.contains(active) || !active.id) return;
  let caret: [number, number] | undefined;
  try {
    const { selectionStart, selectionEnd } = active as HTMLInputElement;
    if (selectionStart !== null && selectionEnd !== null) caret = [selectionStart, selectionEnd];
  } catch {
    // e-mail inputs have no selection API.
  }
  return { id: active.id, caret };
}

/** Makes the prerendered form block in `container` live (once). */
export function mountFormBlock(
  container: HTMLElement,
  options: { trackConversions: boolean },
): void {
  if (container.dataset['formLive']) return;
  container.dataset['formLive'] = 'true';
  const blockId = container.dataset['formBlock'] ?? '';
  const focus = focusIn(container);
  const startValues = typedValues(container);
  const form = writtenDefinition(container, blockId);
  const root = createRoot(container);
  // Synchronously, so the focus can be given back to the same control at once.
  flushSync(() =>
    root.render(
      <InlineForm
        formId={container.dataset['formId'] ?? ''}
        form={form}
        idPrefix={formIdPrefix(blockId)}
        labelledBy={container.dataset['formLabelledBy']}
        mode="page"
        startValues={startValues}
        trackConversions={options.trackConversions}
      />,
    ),
  );
  if (!focus) return;
  const control = document.getElementById(focus.id);
  control?.focus();
  if (focus.caret && control instanceof HTMLInputElement) {
    try {
      control.setSelectionRange(...focus.caret);
    } catch {
      // Not a text control.
    }
  }
}
