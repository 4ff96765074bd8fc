// The in-process stack the analytics benches measure: a private DynamoDB Local, the whole
// app over it on a loopback HTTP server, and live landing pages to count events for.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { createApp } from '../../functions/app.ts';
import { loadConfig } from '../../functions/env.ts';
import { createServices } from '../../functions/services.ts';
import { ensureTable } from '../../functions/data/table.ts';
import type { LandingPage } from '../../functions/data/landing-pages/page-item.ts';
import { startDynamoLocal } from '../../functions/server/dynamo-local.ts';
import type { Services } from '../../functions/lib/context.ts';
import { landingTemplate } from '../../functions/shared/template.ts';

export interface AppStack {
  services: Services;
  server: Server;
  tableName: string;
  /** `pages` live landing pages, `campaign-1` ... */
  pages: LandingPage[];
  stop(): Promise<void>;
}

export async function startAppStack(name: string, pages: number): Promise<AppStack> {
  const dir = mkdtempSync(join(tmpdir(), `pb-bench-${name}-`));
  const dynamo = await startDynamoLocal({});
  const tableName = 'pharmabridge';
  const config = loadConfig({
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    DATA_DIR: join(dir, 'data'),
    LOG_LEVEL: 'warn',
  });
  const quiet = { info: () => {}, warn: () => {}, error: console.error };
  const services = createServices(
    config,
    { region: 'local', endpoint: dynamo.endpoint },
    { log: quiet },
  );
  const server = createServer(getRequestListener(createApp(services).fetch));
  const stop = async () => {
    server.close();
    services.db.destroy();
    await dynamo.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await ensureTable(services.db, tableName);
    const created: LandingPage[] = [];
    for (let rank = 0; rank < pages; rank++) {
      created.push(
        await services.pages.create({
          title: `Campaign page ${rank + 1}`,
          slug: `campaign-${rank + 1}`,
          isActive: true,
          content: landingTemplate(),
        }),
      );
    }
    return { services, server, tableName, pages: created, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
