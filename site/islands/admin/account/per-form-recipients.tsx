// Lead routing's "Recipients per form": forms that send their leads to addresses of their
// own instead of the notification recipients; a row is added (focus goes to its form) and
// removed (focus goes to "Add a form") by keyboard, and the API's errors show beside the row.
// Governed by docs/decisions/0180-lead-routing-settings.md.
import { useId, useRef } from 'react';
import type { FieldErrors } from '../api.ts';
import { Button, FieldError, InfoTip, inputClass } from '../ui.tsx';
import { errorsOf, type Route } from './lead-routing-draft.ts';

export function PerFormRecipients({
  routes,
  formChoices,
  fields,
  onChange,
}: {
  routes: Route[];
  /** [form id, label] of every form a row may name. */
  formChoices: [string, string][];
  fields: FieldErrors;
  /** The rows changed; `clears` names the API errors the change answers. */
  onChange: (routes: Route[], clears?: string) => void;
}) {
  const ids = useId();
  const nextKey = useRef(1);
  const routeSelects = useRef(new Map<number, HTMLSelectElement>());
  const focusRoute = useRef<number | undefined>(undefined);
  const addRoute = () => {
    const used = new Set(routes.map((route) => route.formId));
    const formId = formChoices.find(([id]) => !used.has(id))?.[0] ?? '';
    const key = nextKey.current++;
    focusRoute.current = key;
    onChange([...routes, { key, formId, addresses: '' }]);
  };
  const removeRoute = (key: number) => {
    onChange(routes.filter((route) => route.key !== key));
    // The row and its button are gone: focus goes to "Add a form".
    requestAnimationFrame(() => document.getElementById(`${ids}-add`)?.focus());
  };
  return (
    <fieldset className="grid gap-2">
      <legend className="flex items-center gap-2 text-sm font-medium text-slate-800">
        Recipients per form
        <InfoTip about="recipients per form">
          A form listed here sends its leads to its own addresses instead of the notification
          recipients above (for example, pilot requests to the onboarding team).
        </InfoTip>
      </legend>
      {routes.length === 0 && (
        <p className="text-sm text-slate-600">Every form uses the notification recipients.</p>
      )}
      <ul className="grid gap-3">
        {routes.map((route, index) => {
          const rowErrors = errorsOf(fields, `perForm.${route.formId}`);
          const errorId = `${ids}-route-${route.key}-error`;
          return (
            <li
              key={route.key}
              className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[minmax(0,19rem)_minmax(0,1fr)_auto] sm:items-end"
              data-testid="lead-route"
            >
              <div className="grid gap-1">
                <label
                  htmlFor={`${ids}-route-${route.key}-form`}
                  className="text-xs font-medium text-slate-700"
                >
                  Form
                </label>
                <select
                  id={`${ids}-route-${route.key}-form`}
                  ref={(element) => {
                    if (element) {
                      routeSelects.current.set(route.key, element);
                      if (focusRoute.current === route.key) {
                        focusRoute.current = undefined;
                        element.focus();
                      }
                    } else routeSelects.current.delete(route.key);
                  }}
                  className={inputClass}
                  value={route.formId}
                  onChange={(event) =>
                    onChange(
                      routes.map((other) =>
                        other.key === route.key ? { ...other, formId: event.target.value } : other,
                      ),
                    )
                  }
                >
                  {formChoices.map(([id, label]) => (
                    <option
                      key={id}
                      value={id}
                      disabled={id !== route.formId && routes.some((r) => r.formId === id)}
                    >
                      {label}
                    </option>
                  ))}
                </select>
              </div>
              <div className="grid gap-1">
                <label
                  htmlFor={`${ids}-route-${route.key}-to`}
                  className="text-xs font-medium text-slate-700"
                >
                  Its recipients
                </label>
                <input
                  id={`${ids}-route-${route.key}-to`}
                  className={inputClass}
                  value={route.addresses}
                  autoComplete="off"
                  placeholder="onboarding@example.com"
                  onChange={(event) =>
                    onChange(
                      routes.map((other) =>
                        other.key === route.key
                          ? { ...other, addresses: event.target.value }
                          : other,
                      ),
                      `perForm.${route.formId}`,
                    )
                  }
                  aria-invalid={rowErrors.length ? true : undefined}
                  aria-describedby={rowErrors.length ? errorId : undefined}
                />
              </div>
              <Button
                variant="ghost"
                onClick={() => removeRoute(route.key)}
                aria-label={`Remove the recipients of form ${index + 1} (${formChoices.find(([id]) => id === route.formId)?.[1] ?? route.formId})`}
              >
                Remove
              </Button>
              <div className="sm:col-span-3">
                <FieldError id={errorId} messages={rowErrors} label="Its recipients" />
              </div>
            </li>
          );
        })}
      </ul>
      <div>
        <Button id={`${ids}-add`} onClick={addRoute} disabled={routes.length >= formChoices.length}>
          Add a form
        </Button>
      </div>
    </fieldset>
  );
}
