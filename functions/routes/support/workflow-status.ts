// A page's workflow as the admin shows it beside the page (GET /api/admin/pages/:id and the
// workflow routes' answers): working copy, approvals against the setting, schedule, comments,
// preview links (docs/decisions/0132-working-copy.md) and the claims check of the content
// under review (docs/decisions/0522-claims-rules.md).
import type { Context } from 'hono';
import type { LandingPage } from '../../data/landing-pages/page-item.ts';
import { WorkflowRepository } from '../../data/workflow/repository.ts';
import type { AppEnv } from '../../lib/context.ts';
import { checkClaims } from '../../shared/claims/rules.ts';
import type { WorkflowStatus } from '../../shared/workflow.ts';
import { checksResult } from '../../data/workflow/checks.ts';

/** The page's workflow, as GET /api/admin/pages/:id shows it beside the page. */
export async function workflowStatus(
  c: Context<AppEnv>,
  page: LandingPage,
): Promise<WorkflowStatus> {
  const { workflow, claims } = c.get('services');
  const [workingCopy, settings, schedule, comments, previewLinks, claimList] = await Promise.all([
    workflow.workingCopy(page.id),
    workflow.settings(),
    workflow.schedules(page.id),
    workflow.comments(page.id),
    workflow.previewLinks(page.id),
    claims.list(),
  ]);
  const check = checkClaims(workingCopy?.content ?? page.content, claimList, settings.claimsLint);
  const subject = workingCopy ?? page;
  const checks = await workflow.runChecks(subject, settings);
  const approvals = await workflow.signatures(page.id, workingCopy);
  const current = WorkflowRepository.approvalsOf(approvals);
  return {
    workingCopy: workingCopy ?? null,
    approvals,
    approvalsRequired: settings.approvalsRequired,
    approvalsMissing: Math.max(0, settings.approvalsRequired - current),
    schedule,
    comments,
    previewLinks,
    claimsCheck: { lint: settings.claimsLint, ...check },
    checks: checksResult(
      checks,
      workingCopy ? 'working-copy' : 'live',
      subject.revision,
      c.get('services').now(),
      settings.checksBlockPublishing,
    ),
  };
}
