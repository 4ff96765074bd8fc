import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { Hono } from 'hono';
import type { AppEnv } from '../lib/context.ts';

export const health = new Hono<AppEnv>().get('/', async (c) => {
  const { db, tableName, log } = c.get('services');
  c.header('Cache-Control', 'no-store');
  try {
    await db.send(new DescribeTableCommand({ TableName: tableName }), {
      abortSignal: AbortSignal.timeout(2000),
    });
    return c.json({ status: 'ok' });
  } catch (error) {
    log.warn('health check failed', { requestId: c.get('requestId'), error: String(error) });
    return c.json(
      {
        status: 'unavailable',
        error: { code: 'unavailable', message: 'The database is not answering' },
      },
      503,
    );
  }
});
