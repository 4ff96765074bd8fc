// Test harness: the real app over a fresh table in the run's DynamoDB Local.
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../env.ts';
import type { Logger } from '../lib/context.ts';
import { ensureTable } from '../data/table.ts';
import { createServices } from '../services.ts';

export interface LoggedLine {
  level: 'info' | 'warn' | 'error';
  message: string;
  details: Record<string, unknown> | undefined;
}

export function memoryLogger(lines: LoggedLine[] = []): Logger & { lines: LoggedLine[] } {
  const add =
    (level: LoggedLine['level']) => (message: string, details?: Record<string, unknown>) => {
      lines.push({ level, message, details });
    };
  return { lines, info: add('info'), warn: add('warn'), error: add('error') };
}

export async function testApp(overrides: Record<string, string> = {}) {
  const endpoint = inject('dynamoEndpoint');
  const tableName = `test-${randomUUID()}`;
  const config = loadConfig({ TABLE_NAME: tableName, DYNAMODB_ENDPOINT: endpoint, ...overrides });
  const log = memoryLogger();
  const services = createServices(config, { region: 'local', endpoint }, log);
  await ensureTable(services.db, tableName);
  const app = createApp(services);
  const json = (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    app.request(path, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  return { app, services, log, json };
}
