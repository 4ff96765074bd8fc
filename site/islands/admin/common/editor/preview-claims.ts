// The claims the editor's live preview renders (issue 36, docs/decisions/0523-claims-rendered.md):
// for content that says `{{claim:<key>}}`, the claims and evidence as the API answers them
// (status as of today), narrowed to what the page says, so the preview shows the approved
// wording with the same reference numbers as the built page, and marks a claim that is not
// approved. Content without a token asks nothing.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  claimListSchema,
  evidenceListSchema,
} from '../../../../../functions/shared/claims/model.ts';
import {
  claimKeysOf,
  pageClaimsOf,
  type PageClaims,
} from '../../../../../functions/shared/claims/page-claims.ts';
import type { LandingContent } from '../../../../../functions/shared/landing-content.ts';
import { request } from '../../api.ts';

/** Under the claims' and the evidence's own keys, so their screens' changes refresh these. */
const CLAIMS_KEY = ['/api/admin/claims', 'preview'] as const;
const EVIDENCE_KEY = ['/api/admin/evidence', 'preview'] as const;

/** The claims `content` says; undefined while they are read (the preview marks the tokens). */
export function usePreviewClaims(content: LandingContent): PageClaims | undefined {
  const keys = useMemo(() => claimKeysOf(content), [content]);
  const wanted = keys.length > 0;
  const claims = useQuery({
    queryKey: CLAIMS_KEY,
    queryFn: () => request(claimListSchema, 'GET', '/api/admin/claims'),
    enabled: wanted,
  });
  const evidence = useQuery({
    queryKey: EVIDENCE_KEY,
    queryFn: () => request(evidenceListSchema, 'GET', '/api/admin/evidence'),
    enabled: wanted,
  });
  return useMemo(
    () =>
      wanted && claims.data && evidence.data
        ? pageClaimsOf(keys, claims.data.claims, evidence.data.evidence)
        : undefined,
    [wanted, keys, claims.data, evidence.data],
  );
}
