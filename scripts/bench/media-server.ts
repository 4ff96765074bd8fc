// The media benchmark's server process: the local server's front (functions/server/http.ts)
// with the API and the disk driver's /objects/uploads/* handler, over an in-memory
// DynamoDB Local, without the site build (which would compete for the CPU being measured).
// Prints one JSON line { url, cookie } once it answers, with a signed-in administrator.
import type { AddressInfo } from 'node:net';
import { createApp } from '../../functions/app.ts';
import { dynamoTarget } from '../../functions/data/dynamo.ts';
import { ensureTable } from '../../functions/data/table.ts';
import { loadConfig } from '../../functions/env.ts';
import { LOCAL_COOKIE } from '../../functions/lib/auth.ts';
import { jsonLogger } from '../../functions/core/logger.ts';
import { hashPassword } from '../../functions/lib/passwords.ts';
import { startDynamoLocal } from '../../functions/server/dynamo-local.ts';
import { createFrontServer } from '../../functions/server/http.ts';
import { createServices } from '../../functions/services.ts';
import { DiskObjectStore } from '../../functions/storage/disk.ts';
import { createUploadsHandler } from '../../functions/storage/serve.ts';

const config = loadConfig();
const dynamo = await startDynamoLocal({});
const services = createServices(config, dynamoTarget(config, dynamo), {
  log: jsonLogger('warn'),
});
await ensureTable(services.db, services.tableName);
const email = 'bench@pharmabridge.test';
await services.admins.create(email, await hashPassword('bench-lantern-harbour-42'));
const session = await services.sessions.create(email, 86_400);
if (!(services.objects instanceof DiskObjectStore))
  throw new Error('the bench uses the disk driver');
const uploads = createUploadsHandler(services.objects);
const app = createApp(services);
const server = createFrontServer({
  fetch: (request, env) => app.fetch(request, env),
  site: () => undefined,
  uploads: () => uploads,
});
server.listen(config.env.PORT, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(
    `${JSON.stringify({ url: `http://127.0.0.1:${port}`, cookie: `${LOCAL_COOKIE}=${session.id}` })}\n`,
  );
});

const stop = () => {
  server.closeAllConnections();
  server.close();
  void dynamo.stop().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
