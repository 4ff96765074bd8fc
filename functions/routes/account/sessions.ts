// /api/account/sessions: the signed-in administrator's sessions, and ending one.
import { Hono } from 'hono';
import * as z from 'zod';
import { sessionKeyOf } from '../../data/sessions.ts';
import { clearSessionCookie, requireAdmin, sessionId } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { hashIdSchema, sessionListSchema, type SessionList } from '../../shared/account.ts';
import { defineRoute, mount } from '../support/define-route.ts';
import { ipOf, me } from '../support/identity.ts';

export const listSessions = defineRoute(
  {
    method: 'get',
    path: '/',
    permission: 'session',
    summary: "The signed-in administrator's sessions, this one marked current",
    responses: { 200: sessionListSchema },
  },
  async (c) => {
    const services = c.get('services');
    const current = sessionKeyOf(sessionId(c)!);
    const sessions = await services.sessions.list(me(c));
    return c.json<SessionList>({
      sessions: sessions.map((session) => ({
        id: session.key,
        createdAt: session.createdAt,
        lastSeenAt: session.lastSeenAt,
        expiresAt: session.expiresAt,
        ...(session.userAgent ? { userAgent: session.userAgent } : {}),
        ...(session.ip ? { ip: session.ip } : {}),
        current: session.key === current,
      })),
    });
  },
);

export const endSession = defineRoute(
  {
    method: 'delete',
    path: '/:id',
    permission: 'session',
    summary: 'Ends one of their sessions (this one too: its cookie is cleared)',
    request: { params: z.object({ id: hashIdSchema }) },
    responses: { 204: null },
  },
  async (c, { params: { id } }) => {
    const services = c.get('services');
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
  },
);

export const sessions = mount(new Hono<AppEnv>().use(requireAdmin), [listSessions, endSession]);
