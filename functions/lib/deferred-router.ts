// A router mounted at start-up whose module is loaded on its first request: the public
// Lambda function mounts its rarely used routes this way, so a cold start neither reads nor
// runs their code (docs/decisions/0545-public-function-cold-start.md). Hono builds its route
// matcher once, so the loaded router cannot join the app's own: the placeholder answers
// everything under its mount path and hands each request to a small app holding the real
// router, with the context the app's middleware has set (services, request id) copied in.
// The answers are the same as the router mounted directly: an error thrown inside reaches
// the app's error handler (the one envelope, app-builder.ts), and a method or path the
// router does not have gets the app's own 404.
import { Hono, type Context, type Env } from 'hono';

/** A router as ApiRoute mounts it (functions/app-builder.ts). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Router<E extends Env> = Hono<E, any, any>;

/**
 * A placeholder for the router `load` resolves to, mounted at `base` (the full path, with
 * the app's `/api`). `load` runs once, on the first request under `base`; a failed load is
 * tried again on the next one.
 */
export function deferredRouter<E extends Env>(
  base: string,
  load: () => Promise<Router<E>>,
): Hono<E> {
  /** The app's context of each request the loaded router is answering. */
  const outer = new WeakMap<Request, Context<E>>();
  let loading: Promise<Hono<E>> | undefined;
  const loaded = async (): Promise<Hono<E>> => {
    const router = await load();
    const app = new Hono<E>({ strict: false }).basePath(base);
    app.use(async (c, next) => {
      const from = outer.get(c.req.raw);
      if (from)
        for (const [key, value] of Object.entries(from.var)) c.set(key as never, value as never);
      await next();
    });
    app.route('/', router);
    // Not this router's: the app's own 404 (its notFound handler, its envelope).
    app.notFound((c) => {
      const from = outer.get(c.req.raw);
      if (!from) throw new Error(`No route for ${c.req.method} ${c.req.path}`);
      return from.notFound();
    });
    // Rethrown, so the app's error handler answers it as it answers its own routes' errors.
    app.onError((error) => {
      throw error;
    });
    return app;
  };

  const placeholder = new Hono<E>();
  placeholder.all('*', async (c) => {
    loading ??= loaded().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    const app = await loading;
    outer.set(c.req.raw, c);
    return app.fetch(c.req.raw, c.env);
  });
  return placeholder;
}
