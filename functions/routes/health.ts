// GET /api/health: is the store answering? An outage is logged like every other store
// outage (docs/decisions/0102-store-supervision-and-health.md): one line when it starts, one when
// the store answers again, not a line per check (a load balancer checks every few seconds), and the
// 503 says when to look again.
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { Hono } from 'hono';
import * as z from 'zod';
import { storeIncidents } from '../app-builder.ts';
import type { VisitorEnv } from '../lib/context.ts';
import { STORE_RETRY_AFTER_SECONDS } from '../lib/store-errors.ts';
import { defineVisitorRoute, mount } from './support/define-route.ts';

export const checkHealth = defineVisitorRoute(
  {
    method: 'get',
    path: '/',
    permission: 'public',
    summary: 'Whether the store answers (503 with Retry-After while it does not)',
    responses: { 200: z.object({ status: z.literal('ok') }) },
  },
  async (c) => {
    const services = c.get('services');
    c.header('Cache-Control', 'no-store');
    try {
      // A success ends an open incident (the app's store middleware reports it).
      await services.db.send(new DescribeTableCommand({ TableName: services.tableName }), {
        abortSignal: AbortSignal.timeout(2000),
      });
      return c.json({ status: 'ok' });
    } catch (error) {
      storeIncidents(services).failure(error, c.get('requestId'));
      c.header('Retry-After', String(STORE_RETRY_AFTER_SECONDS));
      return c.json(
        {
          status: 'unavailable',
          error: { code: 'unavailable', message: 'The database is not answering' },
        },
        503,
      );
    }
  },
);

export const health = mount(new Hono<VisitorEnv>(), [checkHealth]);
