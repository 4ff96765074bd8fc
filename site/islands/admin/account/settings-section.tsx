// Publishing settings (issue 23, issue 36; admins only; docs/decisions/0549-publishing-settings.md):
// the approvals a working copy needs, the claims lint (warn or block), what a withdrawn claim
// does to the pages that use it, whether the errors of the checks before publishing refuse
// submit and publish (issue 38), whether unresolved comments block an approval, and the
// reviewer checklist every e-signature confirms item by item (checklist-editor.tsx: add, edit,
// remove, reorder, up to 12; empty and repeated items are refused with sentences before
// anything is sent), and the job code prefix (job-code-setting.tsx, issue 37). Save sends only
// the settings that changed (the PUT takes any subset). It lives in the Account area, whose URL
// (/admin/account) survives a reload.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import {
  CHECKLIST_ITEM_MAX,
  type Settings,
  type SettingsUpdate,
} from '../../../../functions/shared/workflow.ts';
import { describeError } from '../api.ts';
import { ME_KEY } from '../permissions.ts';
import { useToast } from '../toast.tsx';
import { Button, FormAlert, InfoTip, inputClass } from '../ui.tsx';
import { saveSettings, SETTINGS_KEY, settingsQuery } from './account-api.ts';
import { ChecklistEditor } from './checklist-editor.tsx';
import { JobCodeSetting, jobCodePrefixProblem } from './job-code-setting.tsx';
import {
  CHECKS,
  checksChoice,
  CHOICES,
  describe,
  LINT,
  period,
  PERIODS,
  WITHDRAWN,
} from './settings-choices.ts';

/** The checklist's problems as sentences, by item index; none when it can be saved. */
export function checklistProblems(items: readonly string[]): Map<number, string> {
  const problems = new Map<number, string>();
  const seen = new Map<string, number>();
  items.forEach((raw, index) => {
    const item = raw.trim();
    if (!item) problems.set(index, `Item ${index + 1} is empty: write it or remove it.`);
    else if (item.length > CHECKLIST_ITEM_MAX) {
      problems.set(
        index,
        `Item ${index + 1} is longer than ${CHECKLIST_ITEM_MAX} characters: shorten it.`,
      );
    } else if (seen.has(item)) {
      problems.set(
        index,
        `Item ${index + 1} repeats item ${seen.get(item)! + 1}: list each item once.`,
      );
    } else seen.set(item, index);
  });
  return problems;
}

/** What differs from what is stored: the PUT's body (empty when nothing changed). */
export function changedSettings(stored: Settings, edited: Settings): SettingsUpdate {
  const changes: Partial<Settings> = {};
  if (edited.approvalsRequired !== stored.approvalsRequired) {
    changes.approvalsRequired = edited.approvalsRequired;
  }
  if (edited.claimsLint !== stored.claimsLint) changes.claimsLint = edited.claimsLint;
  if (edited.withdrawnClaims !== stored.withdrawnClaims) {
    changes.withdrawnClaims = edited.withdrawnClaims;
  }
  if (edited.checksBlockPublishing !== stored.checksBlockPublishing) {
    changes.checksBlockPublishing = edited.checksBlockPublishing;
  }
  if (edited.openCommentsBlockApproval !== stored.openCommentsBlockApproval) {
    changes.openCommentsBlockApproval = edited.openCommentsBlockApproval;
  }
  if (edited.jobCodePrefix.trim() !== stored.jobCodePrefix) {
    changes.jobCodePrefix = edited.jobCodePrefix.trim();
  }
  if (edited.maxApprovalMonths !== stored.maxApprovalMonths) {
    changes.maxApprovalMonths = edited.maxApprovalMonths;
  }
  const checklist = edited.reviewChecklist.map((item) => item.trim());
  if (checklist.join('\n') !== stored.reviewChecklist.join('\n')) {
    changes.reviewChecklist = checklist;
  }
  return changes as SettingsUpdate;
}

function Setting({
  id,
  label,
  tip,
  about,
  children,
}: {
  id: string;
  label: string;
  /** The tooltip button's name: "About <tip>". */
  tip: string;
  about: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <InfoTip about={tip}>{about}</InfoTip>
      </div>
      {children}
    </div>
  );
}

/** A setting chosen from a few named options. */
function Choice<T extends string>({
  options,
  value,
  onChange,
  ...setting
}: {
  id: string;
  label: string;
  tip: string;
  about: string;
  options: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <Setting {...setting}>
      <select
        id={setting.id}
        className={inputClass}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
      >
        {(Object.entries(options) as [T, string][]).map(([option, label]) => (
          <option key={option} value={option}>
            {label}
          </option>
        ))}
      </select>
    </Setting>
  );
}

export function SettingsSection() {
  const settings = useQuery(settingsQuery);
  const [edited, setEdited] = useState<Settings | undefined>();
  /** Stable keys of the checklist's rows, so a moved row keeps its focus. */
  const [rowKeys, setRowKeys] = useState<number[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [problems, setProblems] = useState<Map<number, string>>(new Map());
  const form = useRef<HTMLFormElement>(null);
  const ids = useId();
  const toast = useToast();
  const client = useQueryClient();
  const current = edited ?? settings.data;
  const keys = rowKeys ?? current?.reviewChecklist.map((_, index) => index) ?? [];

  const change = (patch: Partial<Settings>) => {
    if (!current) return;
    setEdited({ ...current, ...patch });
  };
  const setItems = (items: string[], order: number[]) => {
    change({ reviewChecklist: items });
    setRowKeys(order);
    setProblems(new Map());
  };
  const focusRow = (key: number, part: 'input' | 'add' = 'input') =>
    requestAnimationFrame(() =>
      form.current
        ?.querySelector<HTMLElement>(
          part === 'add' ? '[data-checklist-add]' : `[data-checklist-row="${key}"] input`,
        )
        ?.focus(),
    );

  const save = useMutation({
    mutationFn: (update: SettingsUpdate) => saveSettings(update),
    onSuccess: (saved) => {
      client.setQueryData(SETTINGS_KEY, saved);
      // The signature dialog reads the checklist from /api/auth/me.
      void client.invalidateQueries({ queryKey: ME_KEY });
      setEdited(undefined);
      setRowKeys(undefined);
      toast({ title: 'Publishing settings saved', description: describe(saved.approvalsRequired) });
    },
    onError: (failure) => setError(describeError(failure)),
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setError(undefined);
    if (!current || !settings.data) return;
    if (jobCodePrefixProblem(current.jobCodePrefix)) {
      document.getElementById(`${ids}-prefix`)?.focus();
      return;
    }
    const found = checklistProblems(current.reviewChecklist);
    setProblems(found);
    if (found.size > 0) {
      const first = Math.min(...found.keys());
      focusRow(keys[first]!);
      return;
    }
    const update = changedSettings(settings.data, current);
    if (Object.keys(update).length === 0) {
      setError('Nothing to save: the settings are as stored.');
      return;
    }
    save.mutate(update);
  };

  return (
    <section
      aria-labelledby="settings-heading"
      className="rounded-xl border border-slate-200 bg-white p-6 lg:col-span-2"
      data-testid="publishing-settings"
    >
      <h2 id="settings-heading" className="text-lg font-semibold text-ink">
        Publishing
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Changes to live pages are prepared as working copies. Choose how many reviewers must sign
        off (with their password, recorded as an electronic signature) before one can go live, and
        how claims, comments and the reviewer checklist govern that review.
      </p>
      {settings.isPending && (
        <p role="status" className="mt-4 text-sm text-slate-600">
          Loading the settings...
        </p>
      )}
      {settings.isError && (
        <FormAlert message={`The settings could not be loaded: ${describeError(settings.error)}`} />
      )}
      {current && (
        <form ref={form} onSubmit={submit} className="mt-4 grid gap-4" noValidate>
          <div className="grid gap-4 md:grid-cols-2">
            <Setting
              id="approvals-required"
              label="Approvals required before publishing"
              tip="the approvals setting"
              about="Approvals count only while the working copy has exactly the content that was signed; any edit voids them. The author of a change cannot approve it."
            >
              <select
                id="approvals-required"
                className={inputClass}
                value={current.approvalsRequired}
                onChange={(event) => change({ approvalsRequired: Number(event.target.value) })}
              >
                {CHOICES.map((n) => (
                  <option key={n} value={n}>
                    {describe(n)}
                  </option>
                ))}
              </select>
            </Setting>
            <Choice
              id={`${ids}-lint`}
              label="Text that reads like a claim"
              tip="the claims lint"
              about="Text outside a {{claim:key}} token that looks like a claim (a figure beside words such as accuracy or faster; compliant, certified, best, #1). Warn lists it in the Review tab; Block refuses to approve, publish or schedule the page until it is a claim token or reworded."
              options={LINT}
              value={current.claimsLint}
              onChange={(claimsLint) => change({ claimsLint })}
            />
            <Choice
              id={`${ids}-withdrawn`}
              label="When a claim is withdrawn"
              tip="withdrawn claims"
              about="A claim is withdrawn by a reviewer, or stops being approved when its last current evidence is withdrawn. Every page whose live version or working copy uses it is listed and flagged; with the second choice its live pages are also taken down at once (to the redirect their Lifecycle names, if any), except the home page, which stays live. Publishers are told by e-mail either way."
              options={WITHDRAWN}
              value={current.withdrawnClaims}
              onChange={(withdrawnClaims) => change({ withdrawnClaims })}
            />
            <Choice
              id={`${ids}-checks`}
              label="Errors found by the checks before publishing"
              tip="the checks before publishing"
              about="Each save of a working copy is checked as it will render: links, accessibility, search and social tags, structured data, claims and content left to fill in. Block refuses to submit or publish it while errors remain (a publisher may publish over them, saying why, which the version keeps); List shows them in the Review tab only. Warnings never refuse anything."
              options={CHECKS}
              value={checksChoice(current.checksBlockPublishing)}
              onChange={(choice) => change({ checksBlockPublishing: choice === 'block' })}
            />
            <Setting
              id={`${ids}-period`}
              label="Approval period"
              tip="the approval period"
              about="When set, a page can be published (now, scheduled, or when its schedule fires) only with an expiry, set in its Lifecycle dialog, within that many months of the publication. At the expiry the page is taken down or flagged, as its Lifecycle says."
            >
              <select
                id={`${ids}-period`}
                className={inputClass}
                value={current.maxApprovalMonths}
                onChange={(event) => change({ maxApprovalMonths: Number(event.target.value) })}
              >
                {[...new Set([...PERIODS, current.maxApprovalMonths])].map((n) => (
                  <option key={n} value={n}>
                    {period(n)}
                  </option>
                ))}
              </select>
            </Setting>
            <div className="flex items-center gap-2 self-end pb-2">
              <input
                id={`${ids}-comments`}
                type="checkbox"
                checked={current.openCommentsBlockApproval}
                onChange={(event) => change({ openCommentsBlockApproval: event.target.checked })}
              />
              <label htmlFor={`${ids}-comments`} className="text-sm font-medium text-slate-800">
                Unresolved comments block approval
              </label>
              <InfoTip about="open comments">
                On: a working copy with a comment nobody has resolved cannot be approved; the
                refusal says how many are open. Off: reviewers may sign over open comments.
              </InfoTip>
            </div>
            <JobCodeSetting
              id={`${ids}-prefix`}
              value={current.jobCodePrefix}
              onChange={(jobCodePrefix) => change({ jobCodePrefix })}
            />
          </div>

          <ChecklistEditor
            ids={ids}
            items={current.reviewChecklist}
            keys={keys}
            problems={problems}
            setItems={setItems}
            focusRow={focusRow}
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" variant="primary" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
            {edited && (
              <Button
                onClick={() => {
                  setEdited(undefined);
                  setRowKeys(undefined);
                  setProblems(new Map());
                  setError(undefined);
                }}
              >
                Undo changes
              </Button>
            )}
          </div>
          <FormAlert message={error} />
        </form>
      )}
    </section>
  );
}
