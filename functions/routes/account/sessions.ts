// /api/account/sessions: the signed-in administrator's sessions, and ending one.
import { Hono } from 'hono';
import { createFactory } from 'hono/factory';
import * as z from 'zod';
import { sessionKeyOf } from '../../data/sessions.ts';
import { clearSessionCookie, requireAdmin, sessionId } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { params } from '../../lib/validate.ts';
import { hashIdSchema, type SessionSummary } from '../../shared/account.ts';
import { ipOf, me } from '../support/identity.ts';

const idParam = params(z.object({ id: hashIdSchema }));
const { createHandlers } = createFactory<AppEnv>();

const listSessions = createHandlers(async (c) => {
  const services = c.get('services');
  const current = sessionKeyOf(sessionId(c)!);
  const sessions = await services.sessions.list(me(c));
  return c.json({
    sessions: sessions.map((session): SessionSummary => ({
      id: session.key,
      createdAt: session.createdAt,
      lastSeenAt: session.lastSeenAt,
      expiresAt: session.expiresAt,
      ...(session.userAgent ? { userAgent: session.userAgent } : {}),
      ...(session.ip ? { ip: session.ip } : {}),
      current: session.key === current,
    })),
  });
});

const endSession = createHandlers(idParam, async (c) => {
  const services = c.get('services');
  const { id } = c.req.valid('param');
  const email = me(c);
  if (!(await services.sessions.end(email, id))) throw notFound('Session');
  const current = id === sessionKeyOf(sessionId(c)!);
  if (current) clearSessionCookie(c);
  await services.audit.record({
    actor: email,
    action: 'session-end',
    summary: current ? 'Ended this session' : 'Ended another of their sessions',
    ip: ipOf(c),
  });
  return c.body(null, 204);
});

export const sessions = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/', ...listSessions)
  .delete('/:id', ...endSession);
