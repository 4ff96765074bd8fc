// The claim form's draft (issue 36): what the fields hold (forbidden wordings one per line),
// the API's create/patch value made from it, and the forbidden wordings' errors, each naming
// its line. Used by claim-editor.tsx; tested in claim-draft.test.ts.
import type { Claim } from '../common/claims-api.ts';

export interface Draft {
  key: string;
  text: string;
  category: string;
  references: { evidenceId: string; locator: string }[];
  /** One per line. */
  forbidden: string;
  expiresAt: string;
}

export const draftOf = (claim: Claim | undefined): Draft => ({
  key: claim?.key ?? '',
  text: claim?.text ?? '',
  category: claim?.category ?? '',
  references: claim?.references.map((reference) => ({ ...reference })) ?? [
    { evidenceId: '', locator: '' },
  ],
  forbidden: claim?.forbiddenWordings.join('\n') ?? '',
  expiresAt: claim?.expiresAt ?? '',
});

export const valueOf = (draft: Draft) => ({
  key: draft.key.trim(),
  text: draft.text,
  category: draft.category,
  references: draft.references,
  forbiddenWordings: draft.forbidden
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
  ...(draft.expiresAt ? { expiresAt: draft.expiresAt } : {}),
});

/** The forbidden wordings' problems, each naming its line. */
export function forbiddenErrors(
  errorsOf: (field: string) => string[] | undefined,
  draft: Draft,
): string[] | undefined {
  const lines = valueOf(draft).forbiddenWordings;
  const found = [
    ...(errorsOf('forbiddenWordings') ?? []).map((message) => `The forbidden wordings ${message}.`),
    ...lines.flatMap((line, index) =>
      (errorsOf(`forbiddenWordings.${index}`) ?? []).map(
        (message) => `The forbidden wording "${line}" ${message}.`,
      ),
    ),
  ];
  return found.length ? found : undefined;
}
