// The form editor's sections for what surrounds the fields (form-editor.tsx is its layout):
// the consent box, the submit button's words and the thanks shown once sent, and the
// auto-reply e-mail with its merge fields. Each edit goes through the editor's one edit
// (use-form-editor.ts), so the live checks and the unsaved guard see it.
import type { FieldErrors } from '../api.ts';
import { TextField } from '../ui.tsx';
import { CheckboxField, Section, TextAreaField } from './controls.tsx';
import { MERGE_FIELDS, type Draft } from './form-editing.ts';

export function FormTextSections({
  draft,
  errors,
  edit,
}: {
  draft: Draft;
  errors: FieldErrors;
  edit: (change: (draft: Draft) => Draft) => void;
}) {
  const consent = draft.consent;
  const autoReply = draft.autoReply;
  return (
    <>
      <Section
        title="Consent"
        id="consent-section-heading"
        description="With a text, the form shows a box to tick before sending; the lead keeps what the visitor agreed to."
      >
        <TextAreaField
          label="Consent text"
          hint="Empty: no consent box."
          value={consent.text}
          onChange={(event) =>
            edit((d) => ({ ...d, consent: { ...d.consent, text: event.target.value } }))
          }
          errors={errors['consent.text']}
        />
        <TextField
          label="Privacy notice"
          hint="A path on this site (/privacy) or an https:// address, linked beside the box."
          value={consent.privacyUrl}
          spellCheck={false}
          onChange={(event) =>
            edit((d) => ({
              ...d,
              consent: { ...d.consent, privacyUrl: event.target.value },
            }))
          }
          errors={errors['consent.privacyUrl']}
        />
        <CheckboxField
          label="Consent required"
          hint="The form cannot be sent without the box ticked."
          checked={consent.required}
          onChange={(required) => edit((d) => ({ ...d, consent: { ...d.consent, required } }))}
          errors={errors['consent.required']}
        />
      </Section>
      <Section title="After sending" id="sending-section-heading">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
          <TextField
            label="Submit button"
            hint="The words on the button."
            value={draft.submitLabel}
            onChange={(event) => edit((d) => ({ ...d, submitLabel: event.target.value }))}
            errors={errors['submitLabel']}
          />
          <TextField
            label="Success message"
            hint="Shown once the form is sent."
            value={draft.successMessage}
            onChange={(event) => edit((d) => ({ ...d, successMessage: event.target.value }))}
            errors={errors['successMessage']}
          />
        </div>
      </Section>
      <Section
        title="Auto-reply"
        id="auto-reply-section-heading"
        description="An e-mail to the visitor's address once the form is sent. Off unless turned on here."
      >
        <CheckboxField
          label="Send an auto-reply"
          checked={autoReply.enabled}
          onChange={(enabled) => edit((d) => ({ ...d, autoReply: { ...d.autoReply, enabled } }))}
          errors={errors['autoReply.enabled']}
        />
        <p className="text-xs text-slate-600" id="merge-fields-hint">
          Merge fields: {MERGE_FIELDS.map((name) => `{{${name}}}`).join(' and ')} in the message are
          replaced by what the visitor typed (empty when they left it out), as plain text in which
          no web address becomes a link. The subject takes none: it reaches whatever address was
          typed.
        </p>
        <TextField
          label="Subject"
          value={autoReply.subject}
          disabled={!autoReply.enabled}
          onChange={(event) =>
            edit((d) => ({
              ...d,
              autoReply: { ...d.autoReply, subject: event.target.value },
            }))
          }
          errors={errors['autoReply.subject']}
        />
        <TextAreaField
          label="Message"
          rows={6}
          value={autoReply.body}
          disabled={!autoReply.enabled}
          onChange={(event) =>
            edit((d) => ({
              ...d,
              autoReply: { ...d.autoReply, body: event.target.value },
            }))
          }
          errors={errors['autoReply.body']}
        />
      </Section>{' '}
    </>
  );
}
