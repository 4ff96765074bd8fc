// The site build's status (/api/admin/build, functions/rebuild/rebuilder.ts). Part of
// functions/shared/api/ (docs/decisions/0485-shared-contracts-by-concern.md).
import * as z from 'zod';

/**
 * up-to-date: the public site reflects every change made so far. building: a build is
 * running or about to start. failed: the last build failed; the public site still serves
 * the build before it. disabled: no rebuild is configured (tests, or a deployment without a
 * build project).
 */
export const BUILD_STATES = ['up-to-date', 'building', 'failed', 'disabled'] as const;

export const buildStatusSchema = z.object({
  state: z.enum(BUILD_STATES),
  /** When the running (or last) build started. */
  startedAt: z.string().optional(),
  /** When the last build finished, successful or not. */
  lastFinishedAt: z.string().optional(),
  /**
   * Data snapshot being served (the start of the last successful build): a page changed
   * before this is in the static output.
   */
  publishedAt: z.string().optional(),
  /** The last lines of a failed build's log, or why the rebuild could not be requested. */
  logTail: z.string().optional(),
  /** Where the full build log is (AWS console), when there is one. */
  logUrl: z.string().optional(),
});
export type BuildStatus = z.infer<typeof buildStatusSchema>;
