// `npm start`: the whole product locally, with no configuration.
import { ConfigError, loadConfig } from '../env.ts';
import { jsonLogger } from '../lib/context.ts';
import { StartupError } from './dynamo-local.ts';
import { startLocalStack } from './local-stack.ts';

const SHUTDOWN_LIMIT_MS = 4500;

async function main(): Promise<void> {
  const config = loadConfig();
  const log = jsonLogger(config.env.LOG_LEVEL);
  const stack = await startLocalStack(config, log);
  process.stdout.write(
    `\nPharmaBridge is running:\n  site   ${stack.url}/\n  admin  ${stack.url}/admin\n  api    ${stack.url}/api/health\n` +
      (stack.dynamoEndpoint
        ? `  store  DynamoDB Local at ${stack.dynamoEndpoint} (data in ${config.env.DATA_DIR}/)\n`
        : '') +
      '\nPress Ctrl-C to stop.\n',
  );
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${signal}: stopping…\n`);
    setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS).unref();
    void stack.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof StartupError || error instanceof ConfigError) {
    process.stderr.write(`pharmabridge: ${error.message}\n`);
  } else {
    process.stderr.write(
      `pharmabridge: failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
  process.exit(1);
});
