// /api/admin/evidence (issue 36, docs/decisions/0521-claims-store.md): what substantiates the
// claims. Any administrator reads it; `edit` adds and changes it; `review` withdraws it.
// A document's PDF is a private file of the asset store (functions/routes/admin/assets.ts),
// never served publicly.
import { Hono } from 'hono';
import * as z from 'zod';
import { handlerPermission, requireAdmin } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import {
  createEvidenceSchema,
  evidenceListSchema,
  evidenceSchema,
  patchEvidenceSchema,
  withdrawSchema,
  type Claim,
} from '../../shared/claims/model.ts';
import { evidenceWithdrawnSchema } from '../../shared/claims/withdrawal.ts';
import { actorOf } from '../support/actor.ts';
import { afterWithdrawal } from '../support/claim-withdrawal.ts';
import { defineRoute, mount } from '../support/define-route.ts';

const idParam = z.object({ id: z.uuid() });

export const listEvidence = defineRoute(
  {
    method: 'get',
    path: '/',
    permission: 'session',
    summary: 'Every piece of evidence, by title',
    responses: { 200: evidenceListSchema },
  },
  async (c) => c.json({ evidence: await c.get('services').evidence.list() }),
);

export const createEvidence = defineRoute(
  {
    method: 'post',
    path: '/',
    permission: 'edit',
    summary: 'Adds a piece of evidence',
    middleware: [handlerPermission('edit')],
    request: { json: createEvidenceSchema },
    responses: { 201: evidenceSchema },
  },
  async (c, { json }) => c.json(await c.get('services').evidence.create(json, actorOf(c)), 201),
);

export const getEvidence = defineRoute(
  {
    method: 'get',
    path: '/:id',
    permission: 'session',
    summary: 'One piece of evidence',
    request: { params: idParam },
    responses: { 200: evidenceSchema },
  },
  async (c, { params }) => {
    const evidence = c.get('services').evidence;
    return c.json(evidence.present(await evidence.stored(params.id)));
  },
);

export const updateEvidence = defineRoute(
  {
    method: 'patch',
    path: '/:id',
    permission: 'edit',
    summary: 'Changes a piece of evidence (null clears an optional field)',
    middleware: [handlerPermission('edit')],
    request: { params: idParam, json: patchEvidenceSchema },
    responses: { 200: evidenceSchema },
  },
  async (c, { params, json }) =>
    c.json(await c.get('services').evidence.update(params.id, json, actorOf(c))),
);

/**
 * Withdrawal is final. The claims it was the last current reference of stop being approved
 * (their status is computed when read); `effect` says which, and what followed for the
 * pages saying them, as a claim's withdrawal does.
 */
export const withdrawEvidence = defineRoute(
  {
    method: 'post',
    path: '/:id/withdraw',
    permission: 'review',
    summary:
      'Withdraws a piece of evidence (final); the claims it alone supported lapse, and their pages follow',
    middleware: [handlerPermission('review')],
    request: { params: idParam, json: withdrawSchema },
    responses: { 200: evidenceWithdrawnSchema },
  },
  async (c, { params, json }) => {
    const { claims, evidence } = c.get('services');
    const cites = (claim: Claim) =>
      claim.references.some((reference) => reference.evidenceId === params.id);
    const approvedBefore = new Set(
      (await claims.list())
        .filter((claim) => claim.status === 'approved' && cites(claim))
        .map((claim) => claim.id),
    );
    const withdrawn = await evidence.withdraw(params.id, json.reason, actorOf(c));
    const lapsed = (await claims.list()).filter(
      (claim) => approvedBefore.has(claim.id) && claim.status !== 'approved',
    );
    const effect = await afterWithdrawal(
      c,
      lapsed,
      `the evidence "${withdrawn.title}"`,
      json.reason,
    );
    return c.json({ ...withdrawn, effect });
  },
);

export const evidence = mount(new Hono<AppEnv>().use(requireAdmin), [
  listEvidence,
  createEvidence,
  getEvidence,
  updateEvidence,
  withdrawEvidence,
]);
