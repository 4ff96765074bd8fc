// `npm start`: the whole product locally, with no configuration.
import '../lib/zod-jitless.ts'; // first, before any module builds a schema
import './tsx-hooks.ts'; // before anything imports a .tsx module (the checks' renderer)
import { ConfigError, loadConfig } from '../env.ts';
import { jsonLogger } from '../core/logger.ts';
import { StartupError } from './dynamo-local.ts';
import { startHousekeeping } from './housekeeping.ts';
import { startLocalStack, type LocalStack } from './local-stack.ts';

const SHUTDOWN_LIMIT_MS = 4500;

let stack: LocalStack | undefined;
let stopping = false;

// Installed before start-up so a Ctrl-C during the first build still stops DynamoDB Local.
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`\n${signal}: stopping…\n`);
  setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS).unref();
  void (stack?.stop() ?? Promise.resolve()).then(() => process.exit(0));
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));

async function main(): Promise<void> {
  const config = loadConfig();
  const log = jsonLogger(config.env.LOG_LEVEL);
  const started = await startLocalStack(
    config,
    log,
    (pending) => {
      // Lets a signal during start-up stop what has been started so far.
      stack = pending;
    },
    (message) => {
      process.stderr.write(`pharmabridge: ${message}\n`);
      if (stopping) return;
      stopping = true;
      setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS).unref();
      void (stack?.stop() ?? Promise.resolve()).then(() => process.exit(1));
    },
  );
  stack = started;
  if (stopping) return void (await started.stop());
  // Announces the engine to `npm run backup`, sweeps abandoned uploads (housekeeping.ts).
  startHousekeeping(config, started, log);
  process.stdout.write(
    `\nPharmaBridge is running:\n  site   ${started.url}/\n  admin  ${started.url}/admin\n  api    ${started.url}/api/health\n` +
      (started.dynamoEndpoint
        ? `  store  DynamoDB Local at ${started.dynamoEndpoint} (data in ${config.env.DATA_DIR}/)\n`
        : '') +
      '\nPress Ctrl-C to stop.\n',
  );
  if (started.setupLink) {
    process.stdout.write(
      `\nNo administrator exists yet. Open this one-time link to create the first one\n` +
        `(it works once and expires in ${config.env.SETUP_TOKEN_TTL_MINUTES} minutes; restart for a new one):\n  ${started.setupLink}\n`,
    );
  }
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
