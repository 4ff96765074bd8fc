// Form fields for the common content sections (hero, pricing, FAQ, final call to action,
// testimonials), kept in sync with the Content (JSON) textarea: both edit one object.
// Field errors come from the shared content schema (as you type) and from the server.
import * as Tabs from '@radix-ui/react-tabs';
import { ImagePickerButton } from './images/image-picker.tsx';
import { Button, FieldError, inputClass } from './ui.tsx';

type Json = Record<string, unknown>;
type Path = (string | number)[];

export type ContentErrors = Record<string, string[]>;

function getAt(root: unknown, path: Path): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

/** A copy of `root` with `value` at `path`; missing objects and arrays are created. */
export function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...Path];
  const base: Record<string | number, unknown> | unknown[] = Array.isArray(root)
    ? [...root]
    : root && typeof root === 'object'
      ? { ...(root as Json) }
      : typeof head === 'number'
        ? []
        : {};
  const next = setAt((base as Record<string | number, unknown>)[head], rest, value);
  // An emptied optional field leaves the JSON rather than staying as "".
  if (next === undefined && !Array.isArray(base)) {
    return Object.fromEntries(Object.entries(base).filter(([key]) => key !== String(head)));
  }
  (base as Record<string | number, unknown>)[head] = next;
  return base;
}

const pathId = (path: Path) => `field-${path.join('-')}`;
const pathKey = (path: Path) => path.join('.');

interface EditorProps {
  content: unknown;
  errors: ContentErrors;
  onChange: (next: unknown) => void;
}

function TextField({
  label,
  path,
  multiline,
  optional,
  ...props
}: EditorProps & { label: string; path: Path; multiline?: boolean; optional?: boolean }) {
  const value = getAt(props.content, path);
  const id = pathId(path);
  const messages = props.errors[pathKey(path)];
  const shared = {
    id,
    value: typeof value === 'string' ? value : '',
    'aria-invalid': Boolean(messages),
    'aria-describedby': messages ? `${id}-error` : undefined,
    className: inputClass,
  };
  const change = (text: string) =>
    props.onChange(setAt(props.content, path, optional && text === '' ? undefined : text));
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {multiline ? (
        <textarea rows={3} {...shared} onChange={(e) => change(e.target.value)} />
      ) : (
        <input {...shared} onChange={(e) => change(e.target.value)} />
      )}
      <FieldError id={`${id}-error`} messages={messages} />
    </div>
  );
}

/** A list of strings edited one per line. */
function LinesField({ label, path, ...props }: EditorProps & { label: string; path: Path }) {
  const value = getAt(props.content, path);
  const lines = Array.isArray(value) ? value.map(String) : [];
  const id = pathId(path);
  const messages = Object.entries(props.errors)
    .filter(([key]) => key === pathKey(path) || key.startsWith(`${pathKey(path)}.`))
    .map(
      ([key, problems]) =>
        `${key === pathKey(path) ? '' : `line ${Number(key.split('.').at(-1)) + 1} `}${problems.join(', ')}`,
    );
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label} <span className="font-normal text-slate-600">(one per line)</span>
      </label>
      <textarea
        id={id}
        rows={Math.max(2, lines.length + 1)}
        value={lines.join('\n')}
        aria-invalid={messages.length > 0}
        aria-describedby={messages.length ? `${id}-error` : undefined}
        className={inputClass}
        onChange={(e) =>
          props.onChange(
            setAt(props.content, path, e.target.value === '' ? [] : e.target.value.split('\n')),
          )
        }
      />
      <FieldError id={`${id}-error`} messages={messages.length ? messages : undefined} />
    </div>
  );
}

interface ItemField {
  key: string;
  label: string;
  multiline?: boolean;
  kind?: 'text' | 'lines' | 'checkbox';
  optional?: boolean;
}

function ItemList({
  label,
  itemLabel,
  path,
  fields,
  blank,
  ...props
}: EditorProps & {
  label: string;
  itemLabel: string;
  path: Path;
  fields: ItemField[];
  blank: Json;
}) {
  const value = getAt(props.content, path);
  const items = Array.isArray(value) ? value : [];
  const listMessages = props.errors[pathKey(path)];
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold">{label}</legend>
      {items.map((_, index) => (
        <fieldset key={index} className="grid gap-2 rounded-md bg-slate-50 p-3">
          <legend className="text-sm font-medium">
            {itemLabel} {index + 1}
          </legend>
          {fields.map((field) => {
            const fieldPath = [...path, index, field.key];
            if (field.kind === 'lines')
              return <LinesField key={field.key} label={field.label} path={fieldPath} {...props} />;
            if (field.kind === 'checkbox') {
              const id = pathId(fieldPath);
              return (
                <div key={field.key} className="flex items-center gap-2">
                  <input
                    id={id}
                    type="checkbox"
                    checked={getAt(props.content, fieldPath) === true}
                    onChange={(e) =>
                      props.onChange(setAt(props.content, fieldPath, e.target.checked))
                    }
                    className="h-4 w-4"
                  />
                  <label htmlFor={id} className="text-sm">
                    {field.label}
                  </label>
                </div>
              );
            }
            return (
              <TextField
                key={field.key}
                label={field.label}
                path={fieldPath}
                {...(field.multiline ? { multiline: true } : {})}
                {...(field.optional ? { optional: true } : {})}
                {...props}
              />
            );
          })}
          <div>
            <Button
              variant="ghost"
              className="text-red-700"
              onClick={() =>
                props.onChange(
                  setAt(
                    props.content,
                    path,
                    items.filter((__, i) => i !== index),
                  ),
                )
              }
            >
              Remove {itemLabel.toLowerCase()} {index + 1}
            </Button>
          </div>
        </fieldset>
      ))}
      <FieldError id={`${pathId(path)}-error`} messages={listMessages} />
      <div>
        <Button
          onClick={() => props.onChange(setAt(props.content, path, [...items, { ...blank }]))}
        >
          Add {itemLabel.toLowerCase()}
        </Button>
      </div>
    </fieldset>
  );
}

const SECTIONS = [
  ['hero', 'Hero'],
  ['pricing', 'Pricing'],
  ['faq', 'FAQ'],
  ['finalCTA', 'Final CTA'],
  ['testimonials', 'Testimonials'],
] as const;

export function StructuredEditor(props: EditorProps) {
  const errorCount = (section: string) =>
    Object.keys(props.errors).filter((key) => key === section || key.startsWith(`${section}.`))
      .length;
  return (
    <Tabs.Root defaultValue="hero">
      <Tabs.List
        aria-label="Content sections"
        className="flex flex-wrap gap-1 border-b border-slate-200"
      >
        {SECTIONS.map(([value, label]) => (
          <Tabs.Trigger
            key={value}
            value={value}
            className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-700 data-[state=active]:border-brand-700 data-[state=active]:text-ink"
          >
            {label}
            {errorCount(value) > 0 && (
              <span className="ml-1 rounded-full bg-red-700 px-1.5 text-xs text-white">
                {errorCount(value)}
                <span className="sr-only"> problems</span>
              </span>
            )}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="hero" className="grid gap-3 pt-3">
        <TextField label="Headline" path={['hero', 'headline']} {...props} />
        <TextField label="Highlight" path={['hero', 'highlight']} {...props} />
        <TextField label="Subheadline" path={['hero', 'subheadline']} multiline {...props} />
        <TextField label="Primary button label" path={['hero', 'primaryCTA']} {...props} />
        <TextField label="Secondary button label" path={['hero', 'secondaryCTA']} {...props} />
        <LinesField label="Feature points" path={['hero', 'features']} {...props} />
        <TextField label="Hero image URL" path={['hero', 'heroImage']} optional {...props} />
        <div>
          <ImagePickerButton
            fieldName="Hero image"
            current={getAt(props.content, ['hero', 'heroImage']) as string | undefined}
            onPick={(media) =>
              props.onChange(setAt(props.content, ['hero', 'heroImage'], media.objectPath))
            }
          />
        </div>
      </Tabs.Content>
      <Tabs.Content value="pricing" className="grid gap-3 pt-3">
        <TextField label="Headline" path={['pricing', 'headline']} {...props} />
        <TextField label="Subheadline" path={['pricing', 'subheadline']} multiline {...props} />
        <ItemList
          label="Plans"
          itemLabel="Plan"
          path={['pricing', 'plans']}
          blank={{
            name: '',
            price: '',
            period: '',
            description: '',
            features: [],
            cta: '',
            popular: false,
          }}
          fields={[
            { key: 'name', label: 'Name' },
            { key: 'price', label: 'Price' },
            { key: 'period', label: 'Period' },
            { key: 'description', label: 'Description', multiline: true },
            { key: 'features', label: 'Features', kind: 'lines' },
            { key: 'cta', label: 'Button label' },
            { key: 'popular', label: 'Mark as popular', kind: 'checkbox' },
          ]}
          {...props}
        />
      </Tabs.Content>
      <Tabs.Content value="faq" className="grid gap-3 pt-3">
        <TextField label="Headline" path={['faq', 'headline']} {...props} />
        <TextField label="Subheadline" path={['faq', 'subheadline']} multiline {...props} />
        <ItemList
          label="Questions"
          itemLabel="Question"
          path={['faq', 'items']}
          blank={{ question: '', answer: '' }}
          fields={[
            { key: 'question', label: 'Question' },
            { key: 'answer', label: 'Answer', multiline: true },
          ]}
          {...props}
        />
      </Tabs.Content>
      <Tabs.Content value="finalCTA" className="grid gap-3 pt-3">
        <TextField label="Headline" path={['finalCTA', 'headline']} {...props} />
        <TextField label="Subheadline" path={['finalCTA', 'subheadline']} multiline {...props} />
        <TextField
          label="Primary button label (empty hides the button)"
          path={['finalCTA', 'primaryCTA']}
          optional
          {...props}
        />
        <TextField label="Secondary button label" path={['finalCTA', 'secondaryCTA']} {...props} />
        <LinesField label="Reassurance texts" path={['finalCTA', 'features']} {...props} />
      </Tabs.Content>
      <Tabs.Content value="testimonials" className="grid gap-3 pt-3">
        <TextField label="Headline" path={['testimonials', 'headline']} {...props} />
        <TextField
          label="Subheadline"
          path={['testimonials', 'subheadline']}
          multiline
          {...props}
        />
        <ItemList
          label="Testimonials"
          itemLabel="Testimonial"
          path={['testimonials', 'items']}
          blank={{ quote: '', author: '', title: '' }}
          fields={[
            { key: 'quote', label: 'Quote', multiline: true },
            { key: 'author', label: 'Author' },
            { key: 'title', label: 'Author title' },
          ]}
          {...props}
        />
      </Tabs.Content>
    </Tabs.Root>
  );
}
