// The rebuild webhook behind every admin change that affects public pages. Chosen at
// start-up: locally the server rebuilds the site itself (local.ts); in AWS a CodeBuild
// project builds, syncs to the bucket and invalidates CloudFront (codebuild.ts).

export type BuildState =
  /** The public site reflects every change made so far. */
  | 'up-to-date'
  /** A build is running or about to start. */
  | 'building'
  /** The last build failed; the public site still serves the build before it. */
  | 'failed'
  /** No rebuild is configured (tests, or a deployment without a build project). */
  | 'disabled';

export interface BuildStatus {
  state: BuildState;
  /** When the running (or last) build started. */
  startedAt?: string;
  /** When the last build finished, successful or not. */
  lastFinishedAt?: string;
  /**
   * Data snapshot of the site being served: the start of the last successful build.
   * A page created before this is in the static output.
   */
  publishedAt?: string;
  /** The last lines of the failed build's log. */
  logTail?: string;
  /** Where the full build log is (AWS console), when there is one. */
  logUrl?: string;
}

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
