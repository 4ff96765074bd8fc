// Lead routing's "CRM webhook": on or off, the URL, and the signing secret, which is
// write-only ("A secret is set" / "Replace secret", or one generated in this browser).
// Governed by docs/decisions/0180-lead-routing-settings.md and
// docs/decisions/0046-crm-webhook-outbox.md.
import { useId, useRef } from 'react';
import type { FieldErrors } from '../api.ts';
import { Button, FieldError, InfoTip, inputClass, Tooltip } from '../ui.tsx';
import { errorsOf, generateSecret, type Draft } from './lead-routing-draft.ts';

type Webhook = Pick<Draft, 'enabled' | 'url' | 'secret'>;

export function WebhookFields({
  webhook,
  secretSet,
  fields,
  onChange,
  generated,
  onGenerated,
}: {
  webhook: Webhook;
  /** A secret is saved (so it may be kept). */
  secretSet: boolean;
  fields: FieldErrors;
  /** The webhook changed; `clears` names the API errors the change answers. */
  onChange: (patch: Partial<Webhook>, clears?: string) => void;
  /** The secret on screen was generated here (and must be copied before it is saved). */
  generated: boolean;
  onGenerated: (generated: boolean) => void;
}) {
  const ids = useId();
  const secretInput = useRef<HTMLInputElement>(null);
  const change = onChange;
  const replaceSecret = () => {
    change({ secret: '' });
    requestAnimationFrame(() => secretInput.current?.focus());
  };
  const keepSecret = () => {
    change({ secret: undefined });
    onGenerated(false);
    requestAnimationFrame(() => document.getElementById(`${ids}-replace`)?.focus());
  };
  const urlErrors = errorsOf(fields, 'webhook.url');
  const secretErrors = errorsOf(fields, 'webhook.secret');
  return (
    <fieldset className="grid gap-3 border-t border-slate-200 pt-4">
      <legend className="flex items-center gap-2 text-base font-semibold text-ink">
        CRM webhook
        <InfoTip about="the CRM webhook">
          Each new lead (never spam) is POSTed to this URL as JSON, signed the Standard Webhooks way
          with the secret, and retried for about 15 hours if the CRM does not accept it.
        </InfoTip>
      </legend>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          className="h-6 w-6"
          checked={webhook.enabled}
          onChange={(event) => change({ enabled: event.target.checked })}
        />
        Send new leads to the CRM webhook
      </label>
      <div className="grid gap-1">
        <label htmlFor={`${ids}-url`} className="text-sm font-medium text-slate-800">
          Webhook URL
        </label>
        <p id={`${ids}-url-hint`} className="text-xs text-slate-600">
          An https:// address of your CRM, Zapier or n8n. When running locally, http://localhost
          works too.
        </p>
        <input
          id={`${ids}-url`}
          type="url"
          className={inputClass}
          value={webhook.url}
          autoComplete="off"
          spellCheck={false}
          placeholder="https://crm.example.com/hooks/leads"
          onChange={(event) => change({ url: event.target.value }, 'webhook.url')}
          aria-invalid={urlErrors.length ? true : undefined}
          aria-describedby={`${ids}-url-hint${urlErrors.length ? ` ${ids}-url-error` : ''}`}
        />
        <FieldError id={`${ids}-url-error`} messages={urlErrors} label="The webhook URL" />
      </div>
      <div className="grid gap-1" data-testid="lead-routing-secret">
        <div className="flex items-center gap-2">
          <span id={`${ids}-secret-label`} className="text-sm font-medium text-slate-800">
            Signing secret
          </span>
          <InfoTip about="the signing secret">
            The CRM checks each delivery&apos;s signature with this secret (whsec_ followed by
            base64). It is stored encrypted and never shown again: to change it, replace it.
          </InfoTip>
        </div>
        {webhook.secret === undefined ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-slate-700">A secret is set.</p>
            <Button id={`${ids}-replace`} onClick={replaceSecret}>
              Replace secret
            </Button>
          </div>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <input
                id={`${ids}-secret`}
                ref={secretInput}
                aria-labelledby={`${ids}-secret-label`}
                className={`${inputClass} !mt-0 min-w-0 flex-1 basis-64 font-mono`}
                value={webhook.secret}
                autoComplete="off"
                spellCheck={false}
                placeholder="whsec_..."
                onChange={(event) => {
                  onGenerated(false);
                  change({ secret: event.target.value }, 'webhook.secret');
                }}
                aria-invalid={secretErrors.length ? true : undefined}
                aria-describedby={
                  [
                    generated ? `${ids}-secret-generated` : '',
                    secretErrors.length ? `${ids}-secret-error` : '',
                  ]
                    .join(' ')
                    .trim() || undefined
                }
              />
              <Tooltip content="Makes a new random secret in this browser (32 bytes). Copy it into your CRM, then save.">
                <Button
                  onClick={() => {
                    change({ secret: generateSecret() });
                    onGenerated(true);
                    secretInput.current?.focus();
                  }}
                >
                  Generate
                </Button>
              </Tooltip>
              {secretSet && (
                <Button variant="ghost" onClick={keepSecret}>
                  Keep the current secret
                </Button>
              )}
            </div>
            {generated && (
              <p id={`${ids}-secret-generated`} className="text-xs text-slate-600">
                Copy this secret into your CRM now: once saved it is never shown again.
              </p>
            )}
          </>
        )}
        <FieldError id={`${ids}-secret-error`} messages={secretErrors} label="The signing secret" />
      </div>
    </fieldset>
  );
}
