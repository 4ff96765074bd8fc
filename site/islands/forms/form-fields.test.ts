// The renderer's markup without a browser: labels, required marks, the page look's columns,
// a choice list's placeholder, hidden inputs, the consent box and errors wired to controls.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { builtInForm } from '../../../functions/shared/forms/built-in.ts';
import { formDefinitionSchema } from '../../../functions/shared/forms/definition.ts';
import { FormFields, type FormFieldsProps } from './form-fields.tsx';
import { CONSENT_KEY } from './form-values.ts';

const render = (props: FormFieldsProps) => renderToStaticMarkup(createElement(FormFields, props));

const survey = formDefinitionSchema.parse({
  title: 'Survey',
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true },
    { name: 'email', label: 'Email', type: 'email', required: true },
    {
      name: 'suppliers',
      label: 'Number of suppliers',
      type: 'select',
      required: true,
      options: [{ value: '6+', label: '6 or more' }],
    },
    {
      name: 'campaign',
      label: 'Campaign',
      type: 'hidden',
      fill: { from: 'url', param: 'utm_campaign' },
    },
  ],
  consent: { required: true, text: 'I agree.', privacyUrl: '/privacy' },
  submitLabel: 'Send',
  successMessage: 'Thanks.',
});

describe('FormFields', () => {
  it("renders the contact page's built-in form as the page had it", () => {
    const html = render({ form: builtInForm('contact'), idPrefix: 'c', look: 'page' });
    // Name, e-mail, company and role share the two-column grid; the rest span it.
    const grid = html.slice(html.indexOf('sm:grid-cols-2'), html.indexOf('c-inquiryType'));
    for (const name of ['name', 'email', 'company', 'role'])
      expect(grid).toContain(`id="c-${name}"`);
    expect(html).toContain('<option value="demo" selected="">Request Demo</option>');
    expect(html).not.toContain('Choose...');
    expect(html.match(/aria-hidden="true"> \*<\/span>/g)).toHaveLength(4);
    expect(html).toContain('rows="6"');
    expect(html).not.toContain('type="checkbox"');
  });

  it('draws a placeholder, hidden inputs, the consent box and the submit button', () => {
    const html = render({
      form: survey,
      idPrefix: 's',
      look: 'dialog',
      facts: { search: '?utm_campaign=spring', pageId: 'default', path: '/' },
      submit: {},
    });
    expect(html).toContain('<option value="" selected="">Choose...</option>');
    expect(html).toContain('<input type="hidden" name="campaign" value="spring"/>');
    expect(html).toMatch(/<input id="s--consent" type="checkbox" data-consent="" [^>]*required=""/);
    expect(html).toContain('<a href="/privacy" target="_blank" rel="noopener"');
    expect(html).toContain('>Send</button>');
  });

  it('puts each error under its control, described by it', () => {
    const html = render({
      form: survey,
      idPrefix: 's',
      values: {},
      errors: { suppliers: ['is required'], [CONSENT_KEY]: ['must be ticked to send this form'] },
    });
    expect(html).toMatch(
      /<select id="s-suppliers"[^>]*aria-invalid="true" aria-describedby="s-suppliers-error"/,
    );
    expect(html).toContain(
      '<p id="s-suppliers-error" class="mt-1 text-sm text-red-700" data-field-error="suppliers">Number of suppliers is required.</p>',
    );
    expect(html).toMatch(/id="s--consent"[^>]*aria-describedby="s--consent-error"/);
    expect(html).toContain('Consent must be ticked to send this form.');
  });
});
