// /api/admin/claims (issue 36, docs/decisions/0521-claims-store.md): the approved wordings the
// pages say by token. Any administrator reads them; `edit` adds and changes them (a change of
// key, text or references voids an approval); `review` approves (an e-signature, as a page
// approval: the password again, and a code when enrolled) and withdraws.
import { Hono } from 'hono';
import * as z from 'zod';
import { handlerPermission, requireAdmin } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import {
  claimListSchema,
  claimSchema,
  claimUsageSchema,
  createClaimSchema,
  patchClaimSchema,
  withdrawSchema,
} from '../../shared/claims/model.ts';
import { claimWithdrawnSchema } from '../../shared/claims/withdrawal.ts';
import { approveSchema } from '../../shared/workflow.ts';
import { actorOf } from '../support/actor.ts';
import { claimUsage, claimUsageCounts } from '../support/claim-usage.ts';
import { afterWithdrawal } from '../support/claim-withdrawal.ts';
import { defineRoute, mount } from '../support/define-route.ts';
import { confirmSigner } from '../support/identity.ts';

const idParam = z.object({ id: z.uuid() });

export const listClaims = defineRoute(
  {
    method: 'get',
    path: '/',
    permission: 'session',
    summary: 'Every claim, by key, with its status as it holds today and how many pages say it',
    responses: { 200: claimListSchema },
  },
  async (c) => {
    const services = c.get('services');
    const [list, counts] = await Promise.all([services.claims.list(), claimUsageCounts(services)]);
    return c.json({
      claims: list.map((claim) => ({ ...claim, usageCount: counts.get(claim.key) ?? 0 })),
    });
  },
);

export const createClaim = defineRoute(
  {
    method: 'post',
    path: '/',
    permission: 'edit',
    summary: 'Adds a claim as a draft',
    middleware: [handlerPermission('edit')],
    request: { json: createClaimSchema },
    responses: { 201: claimSchema },
  },
  async (c, { json }) => c.json(await c.get('services').claims.create(json, actorOf(c)), 201),
);

export const getClaim = defineRoute(
  {
    method: 'get',
    path: '/:id',
    permission: 'session',
    summary: 'One claim',
    request: { params: idParam },
    responses: { 200: claimSchema },
  },
  async (c, { params }) => c.json(await c.get('services').claims.get(params.id)),
);

export const updateClaim = defineRoute(
  {
    method: 'patch',
    path: '/:id',
    permission: 'edit',
    summary: 'Changes a claim from the revision read; a new wording or reference voids approval',
    middleware: [handlerPermission('edit')],
    request: { params: idParam, json: patchClaimSchema },
    responses: { 200: claimSchema },
  },
  async (c, { params, json }) =>
    c.json(await c.get('services').claims.update(params.id, json, actorOf(c))),
);

export const claimUsageRoute = defineRoute(
  {
    method: 'get',
    path: '/:id/usage',
    permission: 'session',
    summary: 'The pages whose live version or working copy says the claim, with the fields',
    request: { params: idParam },
    responses: { 200: claimUsageSchema },
  },
  async (c, { params }) => {
    const services = c.get('services');
    const claim = await services.claims.get(params.id);
    return c.json({
      claim: { id: claim.id, key: claim.key },
      pages: await claimUsage(services, claim.key),
    });
  },
);

export const approveClaim = defineRoute(
  {
    method: 'post',
    path: '/:id/approve',
    permission: 'review',
    summary: "Approves the claim's wording and references with an e-signature",
    middleware: [handlerPermission('review')],
    request: { params: idParam, json: approveSchema },
    responses: { 200: claimSchema },
  },
  async (c, { params, json }) => {
    const services = c.get('services');
    await services.claims.get(params.id);
    return c.json(
      await confirmSigner(c, json, (signer) =>
        services.claims.approve(
          params.id,
          { signer, meaning: json.meaning, comment: json.comment },
          actorOf(c),
        ),
      ),
    );
  },
);

/**
 * Withdrawal is final; the answer's `effect` lists the pages saying the claim, what the
 * setting `withdrawnClaims` did to the live ones, and the publishers e-mailed.
 */
export const withdrawClaim = defineRoute(
  {
    method: 'post',
    path: '/:id/withdraw',
    permission: 'review',
    summary:
      'Withdraws a claim (final): lists, flags or takes down the pages saying it, and tells publishers',
    middleware: [handlerPermission('review')],
    request: { params: idParam, json: withdrawSchema },
    responses: { 200: claimWithdrawnSchema },
  },
  async (c, { params, json }) => {
    const claim = await c.get('services').claims.withdraw(params.id, json.reason, actorOf(c));
    const effect = await afterWithdrawal(c, [claim], `the claim "${claim.key}"`, json.reason);
    return c.json({ ...claim, effect });
  },
);

export const claims = mount(new Hono<AppEnv>().use(requireAdmin), [
  listClaims,
  createClaim,
  getClaim,
  updateClaim,
  claimUsageRoute,
  approveClaim,
  withdrawClaim,
]);
