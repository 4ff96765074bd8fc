// The CodeBuild client is AWS itself, so it is the one thing mocked here: a fake `send`
// that answers ListBuildsForProject, BatchGetBuilds and StartBuild from a list of builds.
import { describe, expect, it } from 'vitest';
import {
  BatchGetBuildsCommand,
  ListBuildsForProjectCommand,
  StartBuildCommand,
  type Build,
} from '@aws-sdk/client-codebuild';
import { CodeBuildRebuilder } from './codebuild.ts';

function fakeCodeBuild(builds: Build[]) {
  const started: StartBuildCommand[] = [];
  const send = async (command: unknown): Promise<unknown> => {
    if (command instanceof ListBuildsForProjectCommand) {
      expect(command.input).toEqual({ projectName: 'site-build', sortOrder: 'DESCENDING' });
      return { ids: builds.map((b) => b.id) };
    }
    if (command instanceof BatchGetBuildsCommand) {
      // CodeBuild does not promise the order of the ids asked for.
      return { builds: builds.filter((b) => command.input.ids?.includes(b.id!)).reverse() };
    }
    if (command instanceof StartBuildCommand) {
      started.push(command);
      const build: Build = {
        id: `site-build:${builds.length + 1}`,
        buildStatus: 'IN_PROGRESS',
        currentPhase: 'SUBMITTED',
      };
      builds.unshift(build);
      return { build };
    }
    throw new Error('unexpected command');
  };
  return { client: { send } as never, started, builds };
}

const at = (iso: string) => new Date(iso);

describe('CodeBuildRebuilder', () => {
  it('starts a build when none is waiting, and joins one that has not read the pages yet', async () => {
    const fake = fakeCodeBuild([
      {
        id: 'site-build:1',
        buildStatus: 'SUCCEEDED',
        startTime: at('2026-01-01T10:00:00Z'),
        endTime: at('2026-01-01T10:03:00Z'),
      },
    ]);
    const rebuilder = new CodeBuildRebuilder(fake.client, 'site-build');
    await rebuilder.request('update /a');
    expect(fake.started).toHaveLength(1);
    expect(fake.started[0]!.input.projectName).toBe('site-build');
    // A burst: the new build is still SUBMITTED/QUEUED, so the next edits join it.
    await rebuilder.request('update /b');
    fake.builds[0]!.currentPhase = 'PRE_BUILD';
    await rebuilder.request('update /c');
    expect(fake.started).toHaveLength(1);
    // Once it is building (it has read the pages), an edit needs one more build...
    fake.builds[0]!.currentPhase = 'BUILD';
    await rebuilder.request('update /d');
    expect(fake.started).toHaveLength(2);
    // ...and edits while that one is queued join it.
    await rebuilder.request('update /e');
    expect(fake.started).toHaveLength(2);
  });

  it('reads the status from CodeBuild: building, up to date, failed with the reason', async () => {
    const running = fakeCodeBuild([
      {
        id: 'b:2',
        buildStatus: 'IN_PROGRESS',
        currentPhase: 'BUILD',
        startTime: at('2026-01-02T09:00:00Z'),
      },
      {
        id: 'b:1',
        buildStatus: 'SUCCEEDED',
        startTime: at('2026-01-01T10:00:00Z'),
        endTime: at('2026-01-01T10:03:00Z'),
      },
    ]);
    expect(await new CodeBuildRebuilder(running.client, 'site-build').status()).toEqual({
      state: 'building',
      startedAt: '2026-01-02T09:00:00.000Z',
      lastFinishedAt: '2026-01-01T10:03:00.000Z',
      publishedAt: '2026-01-01T10:00:00.000Z',
    });

    const failed = fakeCodeBuild([
      {
        id: 'b:3',
        buildStatus: 'FAILED',
        startTime: at('2026-01-03T09:00:00Z'),
        endTime: at('2026-01-03T09:02:00Z'),
        logs: { deepLink: 'https://console.aws.amazon.com/cloudwatch/home#logsV2:b3' },
        phases: [
          { phaseType: 'INSTALL', phaseStatus: 'SUCCEEDED' },
          {
            phaseType: 'BUILD',
            phaseStatus: 'FAILED',
            contexts: [
              {
                statusCode: 'COMMAND_EXECUTION_ERROR',
                message: 'Error while executing command: npm run build. Reason: exit status 1',
              },
            ],
          },
        ],
      },
      {
        id: 'b:1',
        buildStatus: 'SUCCEEDED',
        startTime: at('2026-01-01T10:00:00Z'),
        endTime: at('2026-01-01T10:03:00Z'),
      },
    ]);
    const status = await new CodeBuildRebuilder(failed.client, 'site-build').status();
    expect(status.state).toBe('failed');
    expect(status.logTail).toBe(
      'BUILD FAILED: COMMAND_EXECUTION_ERROR Error while executing command: npm run build. Reason: exit status 1',
    );
    expect(status.logUrl).toBe('https://console.aws.amazon.com/cloudwatch/home#logsV2:b3');
    expect(status.publishedAt).toBe('2026-01-01T10:00:00.000Z');

    expect(await new CodeBuildRebuilder(fakeCodeBuild([]).client, 'site-build').status()).toEqual({
      state: 'up-to-date',
    });
  });
});
