// A definition's values in the browser, without React: the empty form, hidden fields from the
// URL and the page, the form body, the checks before sending and where server errors go.
import { describe, expect, it } from 'vitest';
import { builtInForm } from '../../../functions/shared/forms/built-in.ts';
import {
  formDefinitionSchema,
  type FormDefinitionInput,
} from '../../../functions/shared/forms/definition.ts';
import { publicForm } from '../../../functions/shared/forms/public-form.ts';
import {
  carryValues,
  checkValues,
  CONSENT_KEY,
  fillValue,
  firstErrorKey,
  formBody,
  initialValues,
  placeServerErrors,
  submissionFields,
  type PageFacts,
} from './form-values.ts';

const FACTS: PageFacts = {
  search: '?utm_campaign=spring-launch&gclid=abc123',
  pageId: 'summit',
  path: '/summit',
  variantId: 'b',
};

const CUSTOM: FormDefinitionInput = {
  title: 'Supplier survey',
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true },
    { name: 'email', label: 'Email', type: 'email', required: true },
    {
      name: 'suppliers',
      label: 'Number of suppliers',
      type: 'select',
      required: true,
      options: [
        { value: '1-5', label: '1 to 5' },
        { value: '6+', label: '6 or more' },
      ],
    },
    { name: 'newsletter', label: 'Send me news', type: 'checkbox' },
    {
      name: 'campaign',
      label: 'Campaign',
      type: 'hidden',
      fill: { from: 'url', param: 'utm_campaign' },
    },
    {
      name: 'variant',
      label: 'Variant',
      type: 'hidden',
      fill: { from: 'page', value: 'variantId' },
    },
  ],
  consent: { required: true, text: 'I agree to be contacted.', privacyUrl: '/privacy' },
  submitLabel: 'Send',
  successMessage: 'Thanks.',
};
const custom = formDefinitionSchema.parse(CUSTOM);

describe('initialValues', () => {
  it("preselects a choice list's default, leaves others empty, fills hidden fields", () => {
    const contact = builtInForm('contact');
    expect(initialValues(contact.fields)).toMatchObject({
      name: '',
      inquiryType: 'demo',
      message: '',
      [CONSENT_KEY]: false,
      website: '',
    });
    expect(initialValues(custom.fields, FACTS)).toEqual({
      name: '',
      email: '',
      suppliers: '',
      newsletter: false,
      campaign: 'spring-launch',
      variant: 'b',
      [CONSENT_KEY]: false,
      website: '',
    });
    // Without the page's facts (the prerendered HTML), hidden fields start empty.
    expect(initialValues(custom.fields)['campaign']).toBe('');
  });

  it('reads every source a hidden field may have', () => {
    expect(fillValue({ from: 'url', param: 'gclid' }, FACTS)).toBe('abc123');
    expect(fillValue({ from: 'url', param: 'utm_source' }, FACTS)).toBe('');
    expect(fillValue({ from: 'page', value: 'pageId' }, FACTS)).toBe('summit');
    expect(fillValue({ from: 'page', value: 'path' }, FACTS)).toBe('/summit');
    expect(
      fillValue({ from: 'page', value: 'variantId' }, { ...FACTS, variantId: undefined }),
    ).toBe('');
  });
});

describe('carryValues', () => {
  it('keeps what was typed in fields still there, drops options that went', () => {
    const typed = {
      ...initialValues(custom.fields),
      name: 'Dana',
      suppliers: '6+',
      newsletter: true,
      [CONSENT_KEY]: true,
    };
    const next = formDefinitionSchema.parse({
      ...CUSTOM,
      fields: [
        CUSTOM.fields[0],
        CUSTOM.fields[1],
        { ...CUSTOM.fields[2], options: [{ value: '1-5', label: '1 to 5' }] },
        { name: 'phone', label: 'Phone', type: 'tel' },
      ],
    });
    expect(carryValues(next.fields, typed)).toEqual({
      name: 'Dana',
      email: '',
      suppliers: '',
      phone: '',
      [CONSENT_KEY]: true,
      website: '',
    });
  });
});

describe('formBody', () => {
  it('is the form body of POST /api/contact, consent and its version included', async () => {
    const form = await publicForm('supplier-survey', custom);
    const values = {
      ...initialValues(custom.fields, FACTS),
      name: 'Dana',
      email: 'dana@example-pharma.com',
      suppliers: '1-5',
      [CONSENT_KEY]: true,
      website: '',
    };
    expect(formBody(form, values, 'summit')).toEqual({
      formId: 'supplier-survey',
      fields: {
        name: 'Dana',
        email: 'dana@example-pharma.com',
        suppliers: '1-5',
        newsletter: false,
        campaign: 'spring-launch',
        variant: 'b',
      },
      consent: true,
      consentVersion: form.consent.version,
      landingPageId: 'summit',
      website: '',
      // The definition's locale (issue 39): its consent version is that locale's.
      locale: 'en-US',
    });
    expect(form.consent.version).toMatch(/^[0-9a-f]{16}$/);
  });

  it('leaves out consent without a consent text, and empty hidden fields', async () => {
    const form = await publicForm('demo-request', builtInForm('demo-request'));
    const body = formBody(form, { ...initialValues(form.fields), name: 'Dana' });
    expect(body).toEqual({
      formId: 'demo-request',
      fields: { name: 'Dana', email: '', company: '', message: '' },
      website: '',
      locale: 'en-US',
    });
    expect(submissionFields(custom.fields, initialValues(custom.fields))).not.toHaveProperty(
      'campaign',
    );
  });
});

describe('checkValues', () => {
  it('finds required fields of spaces only, unticked required boxes and consent', () => {
    const values = { ...initialValues(custom.fields), name: '   ', email: 'dana@example.com' };
    expect(checkValues(custom, values)).toEqual({
      name: ['is required'],
      suppliers: ['is required'],
      [CONSENT_KEY]: ['must be ticked to send this form'],
    });
    expect(
      checkValues(custom, { ...values, name: 'Dana', suppliers: '6+', [CONSENT_KEY]: true }),
    ).toEqual({});
    // An optional consent need not be ticked.
    const optional = { ...custom, consent: { ...custom.consent, required: false } };
    expect(checkValues(optional, { ...values, name: 'Dana', suppliers: '6+' })).toEqual({});
  });

  it("checks a phone number with the server's rule before sending (issue 33)", () => {
    const withPhone = formDefinitionSchema.parse({
      ...CUSTOM,
      fields: [...CUSTOM.fields, { name: 'phone', label: 'Phone', type: 'tel' }],
      consent: { text: '' },
    });
    const values = { ...initialValues(withPhone.fields), name: 'Dana', email: 'd@x.com' };
    const filled = { ...values, suppliers: '6+' };
    // Empty and optional: nothing to check. The formats the server takes pass.
    expect(checkValues(withPhone, filled)).toEqual({});
    for (const phone of ['(415) 555-0100', '+44 (0)20 7946 0958', '030/901820 x12']) {
      expect(checkValues(withPhone, { ...filled, phone }), phone).toEqual({});
    }
    expect(checkValues(withPhone, { ...filled, phone: 'call me' })).toEqual({
      phone: [
        'must be a phone number such as (415) 555-0100 or +44 20 7946 0958, with any extension as ext. 12',
      ],
    });
    expect(checkValues(withPhone, { ...filled, phone: '555 01' })).toEqual({
      phone: ['must be a phone number of 6 to 15 digits'],
    });
  });

  it('finds a malformed e-mail address, as the browser’s type=email check did', () => {
    const values = {
      ...initialValues(custom.fields),
      name: 'Dana',
      suppliers: '6+',
      [CONSENT_KEY]: true,
    };
    for (const email of ['not-an-email', 'dana@', '@example.com', 'dana @example.com']) {
      expect(checkValues(custom, { ...values, email }), email).toEqual({
        email: ['must be a valid email address'],
      });
    }
    for (const email of ['dana@example.com', ' dana.o+pb@mail.example-pharma.co.uk ']) {
      expect(checkValues(custom, { ...values, email }), email).toEqual({});
    }
    // Empty is "is required", not also malformed.
    expect(checkValues(custom, { ...values, email: '' })).toEqual({ email: ['is required'] });
  });
});

describe('placeServerErrors', () => {
  it('puts fields.<name> and consent beside their controls, hidden fields in the sentence', () => {
    expect(
      placeServerErrors(custom.fields, {
        'fields.suppliers': ['must be one of: 1-5, 6+'],
        consent: ['must be ticked to send this form'],
        name: ['must be on one line'],
        'fields.campaign': ['must be at most 500 characters'],
        landingPageId: ['is too long'],
      }),
    ).toEqual({
      fields: {
        suppliers: ['must be one of: 1-5, 6+'],
        [CONSENT_KEY]: ['must be ticked to send this form'],
        name: ['must be on one line'],
      },
      unplaced: ['fields.campaign', 'landingPageId'],
    });
  });

  it('names the first field on screen with an error, the consent box last', () => {
    expect(firstErrorKey(custom.fields, { [CONSENT_KEY]: ['x'], suppliers: ['y'] })).toBe(
      'suppliers',
    );
    expect(firstErrorKey(custom.fields, { [CONSENT_KEY]: ['x'] })).toBe(CONSENT_KEY);
    expect(firstErrorKey(custom.fields, {})).toBeUndefined();
  });
});
