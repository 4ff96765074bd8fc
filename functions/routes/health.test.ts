import { describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../env.ts';
import { createServices } from '../services.ts';
import { memoryLogger, testApp } from '../test/harness.ts';

describe('GET /api/health', () => {
  it('is ok when DynamoDB answers', async () => {
    const { app } = await testApp();
    const response = await app.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('is 503 when DynamoDB does not answer', async () => {
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    const config = loadConfig({ DYNAMODB_ENDPOINT: 'http://127.0.0.1:9' });
    const app = createApp(
      createServices(
        config,
        { region: 'local', endpoint: 'http://127.0.0.1:9' },
        { log: memoryLogger() },
      ),
    );
    const response = await app.request('/api/health');
    expect(response.status).toBe(503);
    expect(((await response.json()) as { status: string }).status).toBe('unavailable');
  });
});
