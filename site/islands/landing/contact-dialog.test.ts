// What the contact dialog says above its form (docs/decisions/0403-the-form-speaks-for-itself.md):
// the form's public title, never "Get your download" or "Request Demo" for a custom form; a
// description only where the dialog has one of its own.
import { describe, expect, it } from 'vitest';
import type { PublicForm } from '../../../functions/shared/forms/public-form.ts';
import { DIALOG_TEXT, GATED_TEXT, dialogText } from './contact-dialog.tsx';

const form = (id: string, title: string) =>
  ({ status: 'ready', form: { id, title } as PublicForm }) as const;

describe('dialogText', () => {
  it('titles the dialog by its form, with docs/requirements.md’s words for the built-in ones', () => {
    expect(dialogText('general', form('demo-request', 'Request Demo'), false)).toEqual(
      DIALOG_TEXT.general,
    );
    expect(
      dialogText('pricing', form('pricing-request', 'Get Pricing Information'), false),
    ).toEqual(DIALOG_TEXT.pricing);
    // A custom form: its own title and no borrowed description.
    expect(dialogText('general', form('webinar-2027', 'Webinar registration 2027'), false)).toEqual(
      {
        title: 'Webinar registration 2027',
        description: undefined,
      },
    );
  });

  it('keeps the form’s title for a gated download, under the download’s sentence', () => {
    expect(dialogText('general', form('webinar-2027', 'Webinar registration 2027'), true)).toEqual({
      title: 'Webinar registration 2027',
      description: GATED_TEXT.description,
    });
  });

  it('falls back to the dialog’s own title while the form could not be loaded', () => {
    expect(dialogText('general', { status: 'failed', formId: 'pricing-request' }, false)).toEqual(
      DIALOG_TEXT.pricing,
    );
    expect(dialogText('general', { status: 'failed', formId: 'webinar-2027' }, false)).toEqual({
      title: DIALOG_TEXT.general.title,
      description: undefined,
    });
  });
});
