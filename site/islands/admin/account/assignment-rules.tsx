// The owner assignment rules of Lead routing (issue 35,
// docs/decisions/0390-lead-assignment-rules.md): a list the admin adds to, reorders and
// removes from, tried from the top for each new lead (the first that matches gives the
// lead its owner). Each rule: a form (or any), an optional field and value, the owners and
// how they take turns. Keyboard: every control is a native one; after a move the focus stays
// on the same button of the moved rule, after a removal it goes to "Add a rule". Errors of
// the API (`assignment.2.owners.0`) show beside the rule's own field, as sentences.
import { useId, useRef } from 'react';
import {
  ASSIGNMENT_MODE_LABELS,
  ASSIGNMENT_MODES,
  MAX_ASSIGNMENT_RULES,
  type AssignmentMode,
  type AssignmentRuleInput,
} from '../../../../functions/shared/leads/settings.ts';
import type { FieldErrors } from '../api.ts';
import { Button, FieldError, InfoTip, inputClass, Tooltip } from '../ui.tsx';

/** A rule as the editor holds it: text as typed, a stable key for React and the focus. */
export interface RuleDraft {
  key: number;
  /** The saved rule's id (keeps its round-robin turn); absent on a new rule. */
  id?: string;
  /** '' for any form. */
  formId: string;
  fieldName: string;
  fieldEquals: string;
  /** E-mail addresses separated by commas. */
  owners: string;
  mode: AssignmentMode;
}

/** E-mail addresses as typed (separated by commas, semicolons or spaces), one by one. */
export const splitAddresses = (text: string) =>
  text
    .split(/[,;\s]+/)
    .map((address) => address.trim())
    .filter(Boolean);

/** The saved rules as drafts; negative keys (stable across renders), new ones count up. */
export const rulesToDrafts = (
  rules: readonly {
    id: string;
    formId?: string | undefined;
    field?: { name: string; equals: string } | undefined;
    owners: string[];
    mode: AssignmentMode;
  }[],
): RuleDraft[] =>
  rules.map((rule, index) => ({
    key: -(index + 1),
    id: rule.id,
    formId: rule.formId ?? '',
    fieldName: rule.field?.name ?? '',
    fieldEquals: rule.field?.equals ?? '',
    owners: rule.owners.join(', '),
    mode: rule.mode,
  }));

/** The drafts as the API takes them; a field with only a name or only a value is sent as is. */
export const draftsToRules = (drafts: readonly RuleDraft[]): AssignmentRuleInput[] =>
  drafts.map((draft) => ({
    ...(draft.id ? { id: draft.id } : {}),
    ...(draft.formId ? { formId: draft.formId } : {}),
    ...(draft.fieldName.trim() || draft.fieldEquals.trim()
      ? { field: { name: draft.fieldName.trim(), equals: draft.fieldEquals } }
      : {}),
    owners: splitAddresses(draft.owners),
    mode: draft.mode,
  }));

const errorsAt = (fields: FieldErrors, prefix: string) =>
  Object.entries(fields)
    .filter(([name]) => name === prefix || name.startsWith(`${prefix}.`))
    .flatMap(([, messages]) => messages);

export function AssignmentRules({
  rules,
  onChange,
  fields,
  forms,
  owners,
}: {
  rules: RuleDraft[];
  /** The new list; `clears` names the API field whose error the edit answers. */
  onChange: (rules: RuleDraft[], clears?: string) => void;
  fields: FieldErrors;
  /** [form id, label] of every form a rule may name. */
  forms: readonly (readonly [string, string])[];
  /** Accounts that work leads, offered as owners. */
  owners: readonly { email: string; name?: string | undefined }[];
}) {
  const ids = useId();
  const nextKey = useRef(1);
  /** What to focus after the next render: an element id. */
  const focusNext = useRef<string | undefined>(undefined);
  const focusLater = (id: string) => {
    focusNext.current = id;
    requestAnimationFrame(() => {
      if (focusNext.current !== id) return;
      focusNext.current = undefined;
      document.getElementById(id)?.focus();
    });
  };
  const formLabel = (id: string) =>
    id ? (forms.find(([formId]) => formId === id)?.[1] ?? id) : 'any form';

  const update = (key: number, patch: Partial<RuleDraft>, clears?: string) =>
    onChange(
      rules.map((rule) => (rule.key === key ? { ...rule, ...patch } : rule)),
      clears,
    );
  const add = () => {
    const key = nextKey.current++;
    onChange([
      ...rules,
      { key, formId: '', fieldName: '', fieldEquals: '', owners: '', mode: 'round-robin' },
    ]);
    focusLater(`${ids}-rule-${key}-form`);
  };
  const remove = (key: number) => {
    // Errors are by position: the rules after it move up, so the old ones no longer apply.
    onChange(
      rules.filter((rule) => rule.key !== key),
      'assignment',
    );
    focusLater(`${ids}-add`);
  };
  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= rules.length) return;
    const next = [...rules];
    const [moved] = next.splice(index, 1);
    next.splice(target, 0, moved!);
    onChange(next, 'assignment');
    // The same button of the moved rule, unless it is now disabled (top or bottom): the other.
    const edge =
      target === 0 ? 'down' : target === rules.length - 1 ? 'up' : by < 0 ? 'up' : 'down';
    focusLater(`${ids}-rule-${moved!.key}-${rules.length === 1 ? 'remove' : edge}`);
  };

  return (
    <fieldset className="grid gap-2 border-t border-slate-200 pt-4" data-testid="assignment-rules">
      <legend className="flex items-center gap-2 text-base font-semibold text-ink">
        Owner assignment
        <InfoTip about="owner assignment">
          Each new lead (never spam) is checked against these rules from the top; the first that
          matches makes one of its owners the lead&apos;s owner, who gets an e-mail. A lead that
          matches none stays without an owner.
        </InfoTip>
      </legend>
      <datalist id={`${ids}-owners`}>
        {owners.map((owner) => (
          <option key={owner.email} value={owner.email}>
            {owner.name ?? owner.email}
          </option>
        ))}
      </datalist>
      {rules.length === 0 && (
        <p className="text-sm text-slate-600">
          No rules: new leads have no owner until someone takes them.
        </p>
      )}
      <ol className="grid gap-3">
        {rules.map((rule, index) => {
          const at = `assignment.${index}`;
          const id = (part: string) => `${ids}-rule-${rule.key}-${part}`;
          const formErrors = errorsAt(fields, `${at}.formId`);
          const fieldErrors = errorsAt(fields, `${at}.field`);
          const ownerErrors = errorsAt(fields, `${at}.owners`);
          const modeErrors = errorsAt(fields, `${at}.mode`);
          const name = `rule ${index + 1}`;
          return (
            <li
              key={rule.key}
              className="grid gap-3 rounded-md border border-slate-200 p-3"
              data-testid="assignment-rule"
              aria-label={`Rule ${index + 1}: ${formLabel(rule.formId)}`}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-sm font-semibold text-slate-800">Rule {index + 1}</h3>
                <div className="flex flex-wrap gap-1">
                  <Tooltip content="Tried before the rule above it">
                    <Button
                      id={id('up')}
                      variant="ghost"
                      onClick={() => move(index, -1)}
                      disabled={index === 0}
                      aria-label={`Move ${name} up`}
                    >
                      Up
                    </Button>
                  </Tooltip>
                  <Tooltip content="Tried after the rule below it">
                    <Button
                      id={id('down')}
                      variant="ghost"
                      onClick={() => move(index, 1)}
                      disabled={index === rules.length - 1}
                      aria-label={`Move ${name} down`}
                    >
                      Down
                    </Button>
                  </Tooltip>
                  <Button
                    id={id('remove')}
                    variant="ghost"
                    onClick={() => remove(rule.key)}
                    aria-label={`Remove ${name}`}
                  >
                    Remove
                  </Button>
                </div>
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <div className="grid gap-1">
                  <label htmlFor={id('form')} className="text-xs font-medium text-slate-700">
                    Leads of
                  </label>
                  <select
                    id={id('form')}
                    className={inputClass}
                    value={rule.formId}
                    onChange={(event) =>
                      update(rule.key, { formId: event.target.value }, `${at}.formId`)
                    }
                    aria-invalid={formErrors.length ? true : undefined}
                    aria-describedby={formErrors.length ? id('form-error') : undefined}
                  >
                    <option value="">Any form</option>
                    {forms.map(([formId, label]) => (
                      <option key={formId} value={formId}>
                        {label}
                      </option>
                    ))}
                    {rule.formId && !forms.some(([formId]) => formId === rule.formId) && (
                      <option value={rule.formId}>{rule.formId} (not a form any more)</option>
                    )}
                  </select>
                  <FieldError id={id('form-error')} messages={formErrors} label="The form" />
                </div>
                <div className="grid gap-1">
                  <div className="flex items-center gap-2">
                    <label htmlFor={id('mode')} className="text-xs font-medium text-slate-700">
                      Owners take turns
                    </label>
                    <InfoTip about={`how the owners of ${name} take turns`}>
                      Round-robin gives each lead to the next owner in the list, fairly even when
                      leads arrive at once. First owner gives every lead to the first; the next ones
                      stand in when an owner can no longer work leads.
                    </InfoTip>
                  </div>
                  <select
                    id={id('mode')}
                    className={inputClass}
                    value={rule.mode}
                    onChange={(event) =>
                      update(rule.key, { mode: event.target.value as AssignmentMode }, `${at}.mode`)
                    }
                    aria-invalid={modeErrors.length ? true : undefined}
                  >
                    {ASSIGNMENT_MODES.map((mode) => (
                      <option key={mode} value={mode}>
                        {ASSIGNMENT_MODE_LABELS[mode]}
                      </option>
                    ))}
                  </select>
                  <FieldError id={id('mode-error')} messages={modeErrors} label="The turn" />
                </div>
                <div className="grid gap-1">
                  <div className="flex items-center gap-2">
                    <label htmlFor={id('field')} className="text-xs font-medium text-slate-700">
                      Only when the field
                    </label>
                    <InfoTip about={`the field condition of ${name}`}>
                      Optional. The name of one of the form&apos;s fields (for example country) and
                      the value it must hold; case and spaces around it do not matter. A ticked
                      checkbox equals yes.
                    </InfoTip>
                  </div>
                  <input
                    id={id('field')}
                    className={inputClass}
                    value={rule.fieldName}
                    autoComplete="off"
                    spellCheck={false}
                    placeholder="country"
                    onChange={(event) =>
                      update(rule.key, { fieldName: event.target.value }, `${at}.field`)
                    }
                    aria-invalid={fieldErrors.length ? true : undefined}
                    aria-describedby={fieldErrors.length ? id('field-error') : undefined}
                  />
                </div>
                <div className="grid gap-1">
                  <label htmlFor={id('equals')} className="text-xs font-medium text-slate-700">
                    equals
                  </label>
                  <input
                    id={id('equals')}
                    className={inputClass}
                    value={rule.fieldEquals}
                    autoComplete="off"
                    placeholder="DE"
                    onChange={(event) =>
                      update(rule.key, { fieldEquals: event.target.value }, `${at}.field`)
                    }
                    aria-invalid={fieldErrors.length ? true : undefined}
                    aria-describedby={fieldErrors.length ? id('field-error') : undefined}
                  />
                </div>
                <div className="sm:col-span-2">
                  <FieldError
                    id={id('field-error')}
                    messages={fieldErrors.length ? fieldErrors.slice(0, 1) : undefined}
                    label="The field condition"
                  />
                </div>
                <div className="grid gap-1 sm:col-span-2">
                  <label htmlFor={id('owners')} className="text-xs font-medium text-slate-700">
                    Owners
                  </label>
                  <p id={id('owners-hint')} className="text-xs text-slate-600">
                    E-mail addresses of accounts that work leads, separated by commas, in turn
                    order.
                  </p>
                  <input
                    id={id('owners')}
                    list={`${ids}-owners`}
                    className={inputClass}
                    value={rule.owners}
                    autoComplete="off"
                    spellCheck={false}
                    placeholder="sam@example.com, alex@example.com"
                    onChange={(event) =>
                      update(rule.key, { owners: event.target.value }, `${at}.owners`)
                    }
                    aria-invalid={ownerErrors.length ? true : undefined}
                    aria-describedby={`${id('owners-hint')}${ownerErrors.length ? ` ${id('owners-error')}` : ''}`}
                  />
                  <FieldError
                    id={id('owners-error')}
                    messages={ownerErrors.length ? ownerErrors.slice(0, 1) : undefined}
                    label={ownerLabel(fields, at, rule.owners)}
                  />
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      <div>
        <Button id={`${ids}-add`} onClick={add} disabled={rules.length >= MAX_ASSIGNMENT_RULES}>
          Add a rule
        </Button>
      </div>
    </fieldset>
  );
}

/** "The owner nobody@example.com" for an error about one owner; "The owners" otherwise. */
function ownerLabel(fields: FieldErrors, at: string, typed: string): string {
  const one = Object.keys(fields)
    .map((name) => new RegExp(`^${at.replace('.', '\\.')}\\.owners\\.(\\d+)$`).exec(name))
    .find(Boolean);
  const address = one ? splitAddresses(typed)[Number(one[1])] : undefined;
  return address ? `The owner ${address}` : 'The owners';
}
