// Brings up the local stack behind `npm start` and the browser tests: the store (DynamoDB
// Local unless configured otherwise), the table and seed data, a current site build,
// and the HTTP server, whose static side knows a visitor by the API's own client-address
// resolver (services.clientIp, TRUST_PROXY). Returns a handle whose stop() leaves no child
// process behind.
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { createApp } from '../app.ts';
import type { Config } from '../env.ts';
import type { Logger } from '../core/logger.ts';
import { seedDefaultPage } from '../data/seed.ts';
import { ClaimsSeed, seedClaims } from '../data/claims/seed.ts';
import { bootstrapAdmin, BootstrapError } from '../lib/auth.ts';
import { createSiteRebuilder, storeFingerprint } from './rebuild-site.ts';
import { ensureTable } from '../data/table.ts';
import { startDrainer } from '../webhooks/drainer.ts';
import { runDueSchedules, SCHEDULE_INTERVAL_MS } from '../publishing/scheduler.ts';
import { runLeadReminders } from '../mail/lead-reminder.ts';
import { runLifecycle } from '../publishing/lifecycle.ts';
import { runWeeklyReport } from '../reports/weekly.ts';
import { dynamoTarget } from '../data/dynamo.ts';
import {
  ensurePrivateDir,
  StartupError,
  superviseDynamoLocal,
  type SupervisedDynamoLocal,
} from './dynamo-local.ts';
import { createFrontServer, drainServer, requestClientIp } from './http.ts';
import { socketIp } from '../lib/client-ip.ts';
import { DiskObjectStore } from '../storage/disk.ts';
import { createUploadsHandler, type UploadsHandler } from '../storage/serve.ts';
import { buildSite, buildStamp, isBuildCurrent } from './site-build.ts';
import { StaticSite } from './static-site/site.ts';
import { ChromiumPrinter, findChromium } from '../inspection/printer.ts';
import { PublicationPrinter } from '../inspection/prints.ts';
import { publicPath } from '../shared/slug.ts';
import { chooseRebuilder, createServices } from '../services.ts';
import type { Rebuilder } from '../rebuild/rebuilder.ts';

/**
 * How long requests in flight get to finish when the server stops: within start.ts's
 * 4.5 s limit, leaving DynamoDB Local its 2 s to stop after them.
 */
export const HTTP_DRAIN_MS = 1500;

export interface LocalStack {
  url: string;
  server: Server;
  dynamoEndpoint: string | undefined;
  /** First run without ADMIN_EMAIL/ADMIN_PASSWORD: the one-time link that creates the first administrator. */
  setupLink?: string;
  stop(): Promise<void>;
}

export async function startLocalStack(
  config: Config,
  log: Logger,
  /** Receives a handle whose stop() undoes what has started so far, before start-up ends. */
  onPending?: (pending: LocalStack) => void,
  /** Something the stack cannot recover from happened after start-up (the store keeps dying). */
  onFatal?: (message: string) => void,
): Promise<LocalStack> {
  const { env } = config;
  let site: StaticSite | undefined;
  const cleanups: (() => Promise<void>)[] = [];
  // Aborting kills whatever child process start-up is waiting on (DynamoDB Local, a build).
  const starting = new AbortController();
  // Shutdown order: the HTTP listener first (stop accepting, let requests in flight
  // finish, up to HTTP_DRAIN_MS), then the rest in reverse order of start: the webhook
  // drainer (which gives its claims back while the store still answers), the rebuilder,
  // the store's client, and DynamoDB Local last.
  let drainHttp: (() => Promise<void>) | undefined;
  const runCleanups = async () => {
    await drainHttp?.().catch(() => undefined);
    drainHttp = undefined;
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };
  let startup: Promise<unknown> = Promise.resolve();
  const stop = async () => {
    starting.abort();
    // Let start-up unwind first (a killed child is awaited there), then undo the rest.
    await startup.catch(() => undefined);
    await runCleanups();
  };

  const run = async (): Promise<LocalStack> => {
    // Claim the port first: a clear error now beats one after a minute of building.
    let fetchApi: (request: Request, env: unknown) => Response | Promise<Response> = () =>
      Response.json(
        { error: { code: 'unavailable', message: 'The server is starting' } },
        { status: 503 },
      );
    let uploads: UploadsHandler | undefined;
    // The redirects' hit counter, once the store is up: not awaited, a failure only logged.
    let countHit: (from: string) => void = () => {};
    // The static site's client address (experiments): the API's resolver once the services
    // exist, which is before any site is served; until then the same rule from the config.
    let staticClientIp = requestClientIp(socketIp(env.TRUST_PROXY));
    // Whether /legacy/<slug> is a live page's, asked of the store (no site is served before).
    let liveSlug: (slug: string) => Promise<boolean> = () => Promise.resolve(false);
    const server = createFrontServer({
      fetch: (request, env) => fetchApi(request, env),
      site: () => site,
      uploads: () => uploads,
      onRedirect: (from) => countHit(from),
      clientIp: (req) => staticClientIp(req),
      liveSlug: (slug) => liveSlug(slug),
    });
    server.listen(env.PORT, env.HOST);
    // Not events.once: it rejects on 'error' with the raw error before we can explain it.
    await new Promise<void>((listening, failed) => {
      server.once('listening', listening);
      server.once('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'EADDRINUSE') {
          failed(new StartupError(`Port ${env.PORT} is already in use; set PORT to another port.`));
        } else if (error.code === 'EACCES') {
          failed(
            new StartupError(`Port ${env.PORT} needs privileges; set PORT to a port above 1023.`),
          );
        } else {
          failed(error);
        }
      });
    });
    drainHttp = () => drainServer(server, HTTP_DRAIN_MS);
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : env.PORT;
    const url = `http://${env.HOST === '0.0.0.0' || env.HOST === '127.0.0.1' ? 'localhost' : env.HOST}:${port}`;
    onPending?.({ url, server, dynamoEndpoint: undefined, stop });

    let dynamo: SupervisedDynamoLocal | undefined;
    ensurePrivateDir(env.DATA_DIR);
    if (config.store.kind === 'embedded') {
      dynamo = await superviseDynamoLocal({
        dataDir: env.DATA_DIR,
        port: env.DYNAMODB_LOCAL_PORT,
        signal: starting.signal,
        log,
        onGiveUp: (message) => onFatal?.(message),
      });
      cleanups.push(() => dynamo!.stop());
      log.info('DynamoDB Local started', {
        endpoint: dynamo.endpoint,
        dataDir: resolve(env.DATA_DIR),
      });
    }
    // The rebuild webhook: every admin change rebuilds the site here and swaps it in.
    let siteReady = () => {};
    const ready = new Promise<void>((done) => (siteReady = done));
    const siteRebuilder = createSiteRebuilder({
      distDir: resolve(env.DIST_DIR),
      env: () => buildEnv,
      fingerprint: () => storeFingerprint(services),
      publish: (built) => (site = built),
      ready,
      debounceMs: env.REBUILD_DEBOUNCE_MS,
      recordOnly: env.LOCAL_REBUILDS === 'off',
      log,
    });
    cleanups.push(async () => {
      siteReady();
      await siteRebuilder.stop();
    });
    // Every change visitors could see asks for a rebuild; it also has the publication printed
    // for its inspection package (functions/inspection/prints.ts), set up once the store is.
    let requestPrint = () => {};
    const rebuilder: Rebuilder = env.REBUILD_PROJECT
      ? chooseRebuilder(config, log)
      : siteRebuilder.rebuilder;
    const services = createServices(config, dynamoTarget(config, dynamo), {
      log,
      rebuilder: {
        request: async (reason) => {
          try {
            await rebuilder.request(reason);
          } finally {
            requestPrint();
          }
        },
        status: () => rebuilder.status(),
      },
    });
    cleanups.push(async () => services.db.destroy());
    const chromium =
      env.INSPECTION_PRINTS === 'off'
        ? undefined
        : findChromium(env.CHROMIUM_PATH, process.env['PATH'] ?? '');
    const prints = new PublicationPrinter({
      pages: services.pages,
      objects: services.objects,
      printer: chromium ? new ChromiumPrinter(chromium) : undefined,
      // The run-time copy shows what is live the moment the write commits; the prebuilt page
      // follows with the rebuild (docs/decisions/0563-printed-at-publication.md).
      printAddress: (slug) => `${url}/legacy/${slug}`,
      publicAddress: (slug) => `${config.siteUrl}${publicPath(slug)}`,
      now: services.now,
      log,
    });
    requestPrint = () => prints.request();
    cleanups.push(() => prints.stop());
    log.info(
      chromium
        ? 'publications are printed for inspection packages'
        : 'publications are not printed (no Chromium, or INSPECTION_PRINTS=off): packages say so',
      chromium ? { chromium } : {},
    );
    staticClientIp = requestClientIp(services.clientIp);
    liveSlug = async (slug) => (await services.pages.getBySlug(slug))?.isActive === true;
    // Uploads kept on disk are served here; with UPLOADS_BUCKET they live in S3.
    if (services.objects instanceof DiskObjectStore) {
      uploads = createUploadsHandler(services.objects);
    }
    if ((await ensureTable(services.db, services.tableName)) === 'created') {
      log.info('table created', { table: services.tableName });
    }
    if ((await seedDefaultPage(services.pages)) === 'created')
      log.info('default landing page seeded');
    const seededClaims = await seedClaims(
      new ClaimsSeed(services.db, services.tableName, services.now),
    );
    if (seededClaims > 0)
      log.info('claims seeded from content/claims.json', { claims: seededClaims });
    let setupLink: string | undefined;
    try {
      const admin = await bootstrapAdmin(services, log);
      if (admin.kind === 'setup') setupLink = `${url}/admin/setup?token=${admin.token}`;
    } catch (error) {
      if (error instanceof BootstrapError) throw new StartupError(error.message);
      throw error;
    }
    // Two-factor secrets an earlier version stored in clear (functions/data/two-factor/store.ts).
    const sealed = await services.twoFactor.sealClearSecrets();
    if (sealed > 0) log.info('two-factor secrets encrypted', { count: sealed });
    const app = createApp(services);
    fetchApi = (request, env) => app.fetch(request, env);
    countHit = (from) =>
      void services.redirects.countHit(from).catch((error: unknown) =>
        log.warn('redirect hit not counted', {
          from,
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    // CRM webhook: deliver what a previous run left pending, then each new lead at once.
    if (services.leadWebhook) {
      const drainer = startDrainer(services.leadWebhook, log, { outbox: services.outbox });
      cleanups.push(() => drainer.stop());
      // Where it delivers is the lead routing settings' business, read per delivery
      // (functions/webhooks/lead-routing.ts); the URL is never logged (it may hold a token).
      log.info('lead webhook drainer on');
    }
    // Webhook subscriptions (issue 40): the same drainer over the event outbox.
    const subscriptionDrainer = startDrainer(services.subscriptionWebhooks, log);
    cleanups.push(() => subscriptionDrainer.stop());

    // Scheduled publishes and unpublishes (functions/publishing/scheduler.ts): the schedules
    // live in the table, so a restart picks up what was due meanwhile at its first run.
    let scheduleRun: Promise<unknown> | undefined;
    const runSchedules = () => {
      scheduleRun ??= runDueSchedules(services)
        // Review-by reminders and expiries (docs/decisions/0558-expiry-and-reminders.md).
        .then(() => runLifecycle(services))
        // A publication not printed yet (the server was down, or Chromium failed once).
        .then(() => prints.request())
        // The weekly report (issue 25) is due at most once a week; the check is one read.
        .then(() => runWeeklyReport(services))
        // Ended experiments' visitor keys (docs/decisions/0320-experiment-visitor-key.md).
        .then(() => services.experiments.sweepEndedVisitors())
        // Leads still new after the SLA (docs/decisions/0391-lead-sla-reminder.md).
        .then(() => runLeadReminders(services))
        .catch((error: unknown) =>
          log.error('schedule run failed', {
            error: error instanceof Error ? error.message : String(error),
          }),
        )
        .finally(() => (scheduleRun = undefined));
    };
    const scheduleTimer = setInterval(runSchedules, SCHEDULE_INTERVAL_MS);
    scheduleTimer.unref();
    runSchedules();
    cleanups.push(async () => {
      clearInterval(scheduleTimer);
      await scheduleRun;
    });

    const buildEnv: Record<string, string | undefined> = {
      ...process.env,
      ...(dynamo
        ? {
            DYNAMODB_ENDPOINT: dynamo.endpoint,
            DYNAMODB_LOCAL_KEY: dynamo.accessKeyId,
            AWS_REGION: 'local',
          }
        : {}),
      SITE_URL: config.siteUrl,
    };
    const stamp = buildStamp(await storeFingerprint(services));
    const distDir = resolve(env.DIST_DIR);
    if (!isBuildCurrent(distDir, stamp)) {
      log.info('building the site (sources or pages changed)…');
      const started = Date.now();
      const result = await buildSite({ distDir, stamp, env: buildEnv, signal: starting.signal });
      if (!result.ok) throw new StartupError(`The site build failed:\n${result.logTail}`);
      log.info('site built', { seconds: Math.round((Date.now() - started) / 100) / 10 });
    }
    site = StaticSite.load(distDir);
    siteRebuilder.markServed();
    siteReady();
    return {
      url,
      server,
      dynamoEndpoint: dynamo?.endpoint,
      stop,
      ...(setupLink ? { setupLink } : {}),
    };
  };
  const started = run();
  startup = started;
  try {
    return await started;
  } catch (error) {
    await runCleanups();
    throw error;
  }
}
