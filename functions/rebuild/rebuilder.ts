// The rebuild webhook behind every admin change that affects public pages. Chosen at
// start-up: locally the server rebuilds the site itself (local.ts); in AWS a CodeBuild
// project builds, syncs to the bucket and invalidates CloudFront (codebuild.ts).
// A status is the shape /api/admin/build sends (functions/shared/api/build.ts).
import type { BuildStatus } from '../shared/api/build.ts';

export interface Rebuilder {
  /** Asks for a build; debounced and coalesced, never waits for the build itself. */
  request(reason: string): Promise<void>;
  status(): Promise<BuildStatus>;
}

/** For deployments with no build project: changes are saved and nothing is rebuilt. */
export class DisabledRebuilder implements Rebuilder {
  async request(): Promise<void> {}
  async status(): Promise<BuildStatus> {
    return { state: 'disabled' };
  }
}
