// Rebuilds in AWS: a CodeBuild project (infra/) builds the site from DynamoDB, syncs it
// to the bucket and invalidates CloudFront. Lambda keeps no timers, so the debounce is
// a question put to CodeBuild itself: a build that has not yet reached its BUILD phase
// has not read the pages yet, so it will include this change and no new build starts.
// A burst of edits therefore gives one build; an edit after a build has read the data
// starts one more build, and every later edit joins that one while it is still queued
// or provisioning. The status is always read from CodeBuild, so it survives restarts
// and is the same on every Lambda instance.
import {
  BatchGetBuildsCommand,
  ListBuildsForProjectCommand,
  StartBuildCommand,
  type Build,
  type CodeBuildClient,
} from '@aws-sdk/client-codebuild';
import type { Logger } from '../core/logger.ts';
import type { BuildStatus } from '../shared/api/build.ts';
import type { Rebuilder } from './rebuilder.ts';

/** Phases before the build reads the pages (the buildspec reads them in BUILD). */
const BEFORE_READING = new Set([
  'SUBMITTED',
  'QUEUED',
  'PROVISIONING',
  'DOWNLOAD_SOURCE',
  'INSTALL',
  'PRE_BUILD',
]);
const RECENT = 10;

type Client = Pick<CodeBuildClient, 'send'>;

export class CodeBuildRebuilder implements Rebuilder {
  private readonly client: Client;
  private readonly project: string;
  private readonly log: Logger | undefined;

  constructor(client: Client, project: string, log?: Logger) {
    this.client = client;
    this.project = project;
    this.log = log;
  }

  async request(reason: string): Promise<void> {
    const builds = await this.recentBuilds();
    const waiting = builds.find(
      (build) =>
        build.buildStatus === 'IN_PROGRESS' &&
        BEFORE_READING.has(build.currentPhase ?? 'SUBMITTED'),
    );
    if (waiting) {
      this.log?.info('site rebuild joins a build that has not read the pages yet', {
        reason,
        buildId: waiting.id,
      });
      return;
    }
    const started = await this.client.send(
      new StartBuildCommand({
        projectName: this.project,
        environmentVariablesOverride: [
          { name: 'REBUILD_REASON', value: reason.slice(0, 200), type: 'PLAINTEXT' },
        ],
      }),
    );
    this.log?.info('site rebuild started', { reason, buildId: started.build?.id });
  }

  async status(): Promise<BuildStatus> {
    const builds = await this.recentBuilds();
    const running = builds.find((build) => build.buildStatus === 'IN_PROGRESS');
    const finished = builds.filter((build) => build.buildStatus !== 'IN_PROGRESS' && build.endTime);
    const last = finished[0];
    const lastOk = finished.find((build) => build.buildStatus === 'SUCCEEDED');
    const status: BuildStatus = {
      state: running
        ? 'building'
        : !last || last.buildStatus === 'SUCCEEDED'
          ? 'up-to-date'
          : 'failed',
    };
    const startedAt = (running ?? last)?.startTime;
    if (startedAt) status.startedAt = startedAt.toISOString();
    if (last?.endTime) status.lastFinishedAt = last.endTime.toISOString();
    if (lastOk?.startTime) status.publishedAt = lastOk.startTime.toISOString();
    if (status.state === 'failed' && last) {
      status.logTail = failureTail(last);
      if (last.logs?.deepLink) status.logUrl = last.logs.deepLink;
    }
    return status;
  }

  /** The project's latest builds, newest first. */
  private async recentBuilds(): Promise<Build[]> {
    const list = await this.client.send(
      new ListBuildsForProjectCommand({ projectName: this.project, sortOrder: 'DESCENDING' }),
    );
    const ids = (list.ids ?? []).slice(0, RECENT);
    if (ids.length === 0) return [];
    const result = await this.client.send(new BatchGetBuildsCommand({ ids }));
    const order = new Map(ids.map((id, index) => [id, index]));
    return (result.builds ?? []).sort(
      (a, b) => (order.get(a.id ?? '') ?? RECENT) - (order.get(b.id ?? '') ?? RECENT),
    );
  }
}

/** CodeBuild keeps the full log in CloudWatch; its phase messages say what failed. */
function failureTail(build: Build): string {
  const lines = (build.phases ?? [])
    .filter((phase) => phase.phaseStatus && phase.phaseStatus !== 'SUCCEEDED')
    .flatMap((phase) =>
      (phase.contexts ?? []).map((context) =>
        `${phase.phaseType ?? 'PHASE'} ${phase.phaseStatus}: ${context.statusCode ?? ''} ${context.message ?? ''}`.trim(),
      ),
    );
  return (
    lines.join('\n') || `Build ${build.id ?? ''} ended ${build.buildStatus ?? 'unsuccessfully'}`
  );
}
