// The one Lambda function definition of the stack: every function (the two API functions,
// the setup function, the lead webhook drainer) is a NodejsFunction built from
// infra/lambda-esbuild.ts, on Node 24 for arm64, logging JSON into a log group of its own
// (a month) under a role of its own that may write only there.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, DockerImage, type Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { buildSync } from 'esbuild';
import { LAMBDA_ESBUILD, LAMBDA_EXTERNALS, lambdaBuildOptions } from '../lambda-esbuild.ts';

/** The repository: the asset's source folder, as for NodejsFunction (its lock file's). */
const PROJECT_ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

export interface NodeFunctionOptions {
  /** The handler module (exports `handler`). */
  readonly entry: string;
  readonly description: string;
  readonly roleDescription: string;
  readonly memorySize: number;
  readonly timeout: Duration;
  readonly environment: Record<string, string>;
  /** X-Ray active tracing. */
  readonly tracing?: boolean;
  /** Runs after bundling in the output folder (e.g. installs sharp beside the bundle). */
  readonly afterBundling?: (outputDir: string) => string[];
  /**
   * Built in chunks (infra/lambda-esbuild.ts `split`): index.mjs and what it imports
   * statically are read at a cold start, each `import()`ed chunk on first use
   * (docs/decisions/0545-public-function-cold-start.md). NodejsFunction's bundling writes one
   * file (`--outfile`), so such a function is built by esbuild here, with the same options.
   */
  readonly split?: boolean;
}

/**
 * The function's code built in chunks: the asset NodejsFunction would make (the repository
 * as source, hashed by its output, bundled locally, with no Docker image), from
 * lambdaBuildOptions. Bundling is skipped where the app's context says so, as for
 * NodejsFunction.
 */
function splitCode(entry: string): lambda.Code {
  return lambda.Code.fromAsset(PROJECT_ROOT, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: DockerImage.fromRegistry('dummy'),
      local: {
        tryBundle(outputDir) {
          buildSync({ ...lambdaBuildOptions(outputDir, { split: true }), entryPoints: [entry] });
          return true;
        },
      },
    },
  });
}

export interface NodeFunction {
  readonly fn: nodejs.NodejsFunction;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;
}

/**
 * A function with its log group and role, created in `scope` as `<prefix>Logs`,
 * `<prefix>Role` and `id`: the ids the stack's functions have always had, so adopting this
 * replaces no deployed resource.
 */
export function nodeFunction(
  scope: Construct,
  id: string,
  prefix: string,
  options: NodeFunctionOptions,
): NodeFunction {
  const logGroup = new logs.LogGroup(scope, `${prefix}Logs`, {
    retention: logs.RetentionDays.ONE_MONTH,
  });
  // An own role instead of AWSLambdaBasicExecutionRole: that managed policy may write to
  // every log group in the account, this one only to the function's own.
  const role = new iam.Role(scope, `${prefix}Role`, {
    assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
    description: options.roleDescription,
  });
  logGroup.grantWrite(role);
  const { afterBundling } = options;
  const fn = new nodejs.NodejsFunction(scope, id, {
    entry: options.entry,
    // With `code`, NodejsFunction takes the handler as Lambda names it (file.export).
    ...(options.split
      ? { code: splitCode(options.entry), handler: 'index.handler' }
      : { handler: 'handler' }),
    description: options.description,
    runtime: lambda.Runtime.NODEJS_24_X,
    architecture: lambda.Architecture.ARM_64,
    memorySize: options.memorySize,
    timeout: options.timeout,
    role,
    logGroup,
    loggingFormat: lambda.LoggingFormat.JSON,
    ...(options.tracing ? { tracing: lambda.Tracing.ACTIVE } : {}),
    // No --enable-source-maps: Node would read and parse the map at every cold start
    // (10-20 ms); functions/lib/stack-trace.ts maps a logged error's stack instead.
    environment: options.environment,
    bundling: {
      forceDockerBundling: false,
      format: nodejs.OutputFormat.ESM,
      target: LAMBDA_ESBUILD.target,
      mainFields: [...LAMBDA_ESBUILD.mainFields],
      banner: LAMBDA_ESBUILD.banner,
      minify: LAMBDA_ESBUILD.minify,
      sourceMap: LAMBDA_ESBUILD.sourceMap,
      sourcesContent: LAMBDA_ESBUILD.sourcesContent,
      externalModules: LAMBDA_EXTERNALS,
      ...(afterBundling
        ? {
            commandHooks: {
              beforeBundling: () => [],
              beforeInstall: () => [],
              afterBundling: (_inputDir: string, outputDir: string) => afterBundling(outputDir),
            },
          }
        : {}),
    },
  });
  return { fn, role, logGroup };
}
