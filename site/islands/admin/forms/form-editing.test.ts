// The form editor's pure rules: moving fields and options, adding a field, names from labels,
// what a reserved name locks, what a change of type keeps, and the API's field errors sorted
// to the field they name. Each edit's result is checked with the API's own schema.
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../../../functions/shared/field-errors.ts';
import { builtInForm } from '../../../../functions/shared/forms/built-in.ts';
import { formDefinitionSchema } from '../../../../functions/shared/forms/definition.ts';
import { MAX_FIELDS, type FormField } from '../../../../functions/shared/forms/fields.ts';
import {
  addField,
  describeKey,
  editorErrors,
  errorsOfField,
  formIdFromTitle,
  formIdProblem,
  fromDefinition,
  lockedTypeReason,
  looseErrors,
  moveItem,
  moveKey,
  nameFromLabel,
  optionValueFrom,
  refusedName,
  relabel,
  removalAsks,
  removalBlocked,
  rename,
  starterForm,
  toDefinition,
  withName,
  withType,
  without,
} from './form-editing.ts';

const text = (name: string): FormField => ({ name, label: name, type: 'text', required: false });
const key = { altKey: true, ctrlKey: false, metaKey: false, shiftKey: false };

describe('moving', () => {
  it('moves an item up and down, and not past either end', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 5, 0)).toEqual(['a', 'b', 'c']);
  });

  it('leaves the list it was given as it was', () => {
    const list = ['a', 'b'];
    moveItem(list, 1, 0);
    expect(list).toEqual(['a', 'b']);
  });

  it('moves with Alt+ArrowUp and Alt+ArrowDown only', () => {
    expect(moveKey({ ...key, key: 'ArrowUp' })).toBe(-1);
    expect(moveKey({ ...key, key: 'ArrowDown' })).toBe(1);
    expect(moveKey({ ...key, key: 'ArrowLeft' })).toBeUndefined();
    expect(moveKey({ ...key, altKey: false, key: 'ArrowUp' })).toBeUndefined();
    expect(moveKey({ ...key, shiftKey: true, key: 'ArrowUp' })).toBeUndefined();
    expect(moveKey({ ...key, ctrlKey: true, key: 'ArrowDown' })).toBeUndefined();
  });

  it('keeps each row its key when the fields move', () => {
    const draft = fromDefinition(builtInForm('demo-request'));
    const moved = moveItem(draft.fields, 3, 0);
    expect(moved[0]).toBe(draft.fields[3]);
    expect(toDefinition({ ...draft, fields: moved }).fields.map((f) => f.name)).toEqual([
      'message',
      'name',
      'email',
      'company',
    ]);
  });
});

describe('names', () => {
  it('makes a field name from a label', () => {
    expect(nameFromLabel('Number of suppliers', [])).toBe('numberOfSuppliers');
    expect(nameFromLabel('  Télé-phone (work) ', [])).toBe('telePhoneWork');
    expect(nameFromLabel('2027 budget', [])).toBe('budget');
    expect(nameFromLabel('!!!', [])).toBe('field');
    expect(nameFromLabel('x'.repeat(80), [])).toHaveLength(38);
  });

  it('makes it unique, and never a reserved name', () => {
    expect(nameFromLabel('Budget', ['budget'])).toBe('budget2');
    expect(nameFromLabel('Budget', ['budget', 'budget2'])).toBe('budget3');
    expect(nameFromLabel('Email', [])).toBe('email2');
    expect(nameFromLabel('Form type', [])).toBe('formType2');
  });

  it('gives a new field a name that follows its label until it is renamed by hand', () => {
    const fields = addField(fromDefinition(builtInForm('demo-request')).fields)!;
    const added = fields.at(-1)!;
    expect(added.field).toMatchObject({ label: 'New field', name: 'newField', type: 'text' });
    const relabelled = relabel(fields, added.key, 'Number of suppliers');
    expect(relabelled.at(-1)!.field.name).toBe('numberOfSuppliers');
    const renamed = rename(relabelled, added.key, 'suppliers');
    expect(renamed.at(-1)!.field.name).toBe('suppliers');
    expect(relabel(renamed, added.key, 'How many suppliers').at(-1)!.field).toMatchObject({
      name: 'suppliers',
      label: 'How many suppliers',
    });
  });

  it('does not rename a loaded field when its label changes', () => {
    const draft = fromDefinition(builtInForm('contact'));
    const company = draft.fields[2]!;
    expect(relabel(draft.fields, company.key, 'Organisation')[2]!.field).toMatchObject({
      name: 'company',
      label: 'Organisation',
    });
  });

  it('adds no field past the most a form may have', () => {
    let fields = fromDefinition(starterForm('Many')).fields;
    while (fields.length < MAX_FIELDS) fields = addField(fields)!;
    expect(addField(fields)).toBeUndefined();
    expect(new Set(fields.map((row) => row.field.name)).size).toBe(MAX_FIELDS);
  });

  it('makes option values from labels', () => {
    expect(optionValueFrom('11 to 50')).toBe('11-to-50');
    expect(optionValueFrom('More than 500!')).toBe('more-than-500');
    expect(optionValueFrom('—')).toBe('option');
  });
});

describe('reserved names', () => {
  it('gives a field renamed to a reserved name that name’s type at once', () => {
    expect(withName(text('x'), 'message')).toMatchObject({ name: 'message', type: 'textarea' });
    expect(withName(text('x'), 'email').type).toBe('email');
    const select = withName(text('x'), 'inquiryType');
    expect(select).toMatchObject({ type: 'select', options: [] });
    expect(withName(text('x'), 'budget').type).toBe('text');
  });

  it('says why a reserved name’s type is locked, and refuses the names the page sets', () => {
    expect(lockedTypeReason('message')).toMatch(/reserved name.*always Long text/);
    expect(lockedTypeReason('budget')).toBeUndefined();
    expect(lockedTypeReason('formType')).toBeUndefined();
    expect(refusedName('formType')).toMatch(/^"formType" is set by the page/);
    expect(refusedName('landingPageId')).toMatch(/choose another name\.$/);
    expect(refusedName('company')).toBeUndefined();
  });

  it('keeps name and e-mail, and asks before removing another reserved field', () => {
    expect(removalBlocked('name')).toMatch(/Every lead has a name/);
    expect(removalBlocked('email')).toMatch(/an e-mail address/);
    expect(removalBlocked('company')).toBeUndefined();
    expect(removalAsks('company')).toBe(true);
    expect(removalAsks('inquiryType')).toBe(true);
    expect(removalAsks('budget')).toBe(false);
  });

  it('agrees with the API: the schema refuses what the editor locks', () => {
    const form = builtInForm('demo-request');
    const wrongType = {
      ...form,
      fields: form.fields.map((f) => (f.name === 'message' ? { ...f, type: 'text' as const } : f)),
    };
    expect(formDefinitionSchema.safeParse(wrongType).success).toBe(false);
    const fixed = { ...wrongType, fields: wrongType.fields.map((f) => withName(f, f.name)) };
    expect(formDefinitionSchema.safeParse(fixed).success).toBe(true);
  });
});

describe('types', () => {
  it('gives a choice list an option list and a hidden field a source', () => {
    expect(withType(text('size'), 'select')).toMatchObject({ type: 'select', options: [] });
    const hidden = withType({ ...text('campaign'), required: true, maxLength: 100 }, 'hidden');
    expect(hidden).toMatchObject({ required: false, fill: { from: 'url', param: 'utm_source' } });
    expect(hidden.maxLength).toBe(100);
  });

  it('drops what the new type cannot hold', () => {
    const select: FormField = {
      ...text('size'),
      type: 'select',
      options: [{ value: 'a', label: 'A' }],
      default: 'a',
    };
    const back = withType(select, 'text');
    expect(back).not.toHaveProperty('options');
    expect(back).not.toHaveProperty('default');
    const hidden = withType(text('campaign'), 'hidden');
    expect(withType(hidden, 'text')).not.toHaveProperty('fill');
    expect(withType({ ...text('agree'), maxLength: 100 }, 'checkbox')).not.toHaveProperty(
      'maxLength',
    );
    expect(withType({ ...text('notes'), maxLength: 3000 }, 'tel')).not.toHaveProperty('maxLength');
    expect(withType({ ...text('notes'), maxLength: 30 }, 'tel').maxLength).toBe(30);
  });

  it('leaves no property set to undefined', () => {
    expect(without({ a: 1, b: 2 }, 'b')).toEqual({ a: 1 });
    expect(Object.keys(without({ a: 1, b: undefined }, 'b'))).toEqual(['a']);
  });

  it('builds, edit by edit, a form the API accepts', () => {
    const draft = fromDefinition(builtInForm('demo-request'));
    let fields = addField(draft.fields)!;
    const added = fields.at(-1)!.key;
    fields = relabel(fields, added, 'Number of suppliers');
    fields = fields.map((row) =>
      row.key === added
        ? {
            ...row,
            field: {
              ...withType(row.field, 'select'),
              required: true,
              options: [
                { value: optionValueFrom('1 to 10'), label: '1 to 10' },
                { value: optionValueFrom('11 to 50'), label: '11 to 50' },
              ],
            },
          }
        : row,
    );
    fields = moveItem(fields, fields.length - 1, fields.length - 2);
    const form = toDefinition({ ...draft, fields });
    const checked = formDefinitionSchema.safeParse(form);
    expect(checked.success, JSON.stringify(checked.error?.issues)).toBe(true);
    expect(form.fields.map((f) => f.name)).toEqual([
      'name',
      'email',
      'company',
      'numberOfSuppliers',
      'message',
    ]);
  });
});

describe('form ids', () => {
  it('makes an id from a title, unique among the forms', () => {
    expect(formIdFromTitle('Webinar sign-up 2027', [])).toBe('webinar-sign-up-2027');
    expect(formIdFromTitle('Webinar', ['webinar'])).toBe('webinar-2');
    expect(formIdFromTitle('Contact', [])).toBe('contact-2');
    expect(formIdFromTitle('', [])).toBe('form');
    expect(formIdFromTitle(`${'a'.repeat(59)} b`, []).length).toBeLessThanOrEqual(64);
  });

  it('refuses an id the API would refuse, or one in use', () => {
    expect(formIdProblem('webinar', [])).toBeUndefined();
    expect(formIdProblem('', [])).toMatch(/required/);
    expect(formIdProblem('Webinar', [])).toMatch(/lowercase/);
    expect(formIdProblem('-webinar', [])).toMatch(/lowercase/);
    expect(formIdProblem('webinar', ['webinar'])).toMatch(/exists already/);
    expect(formIdProblem('pilot-request', [])).toMatch(/exists already/);
  });
});

describe('errors', () => {
  it("sorts the API's errors to the field they name", () => {
    const errors = editorErrors({
      'form.fields.2.name': ['"x" is used twice'],
      'form.fields.2.options.0.value': ['must not be empty'],
      'form.fields.10.label': ['is required'],
      'form.title': ['is required'],
    });
    expect(errorsOfField(errors, 2)).toEqual({
      name: ['"x" is used twice'],
      'options.0.value': ['must not be empty'],
    });
    expect(errorsOfField(errors, 1)).toEqual({});
    expect(errors['title']).toEqual(['is required']);
  });

  it('words the errors no input shows', () => {
    const loose = looseErrors(
      { fields: ['must have a "name" field (every lead has one)'], title: ['is required'] },
      (k) => k === 'title',
    );
    expect(loose).toEqual(['The form must have a "name" field (every lead has one)']);
    expect(describeKey('fields.2.options.0.value')).toBe('Field 3, option 1, value');
  });

  it("reads the schema's own errors in the editor's keys", () => {
    const form = builtInForm('contact');
    const broken = { ...form, fields: [...form.fields, { ...text('name') }] };
    const checked = formDefinitionSchema.safeParse(broken);
    expect(checked.success).toBe(false);
    const errors = editorErrors(fieldErrors(checked.error!.issues));
    expect(errorsOfField(errors, form.fields.length)).toEqual({ name: ['"name" is used twice'] });
  });
});
