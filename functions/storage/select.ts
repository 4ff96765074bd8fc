// Picks the ObjectStore driver for a config, like createMailer picks a transport:
// UPLOADS_BUCKET set selects S3 (UPLOADS_ENDPOINT for an S3-compatible server), otherwise
// the disk under DATA_DIR/objects, which needs no configuration.
import type { Config } from '../env.ts';
import { DiskObjectStore } from './disk.ts';
import type { ObjectStore } from './object-store.ts';
import { S3ObjectStore } from './s3.ts';

export function createObjectStore(config: Config, now: () => Date = () => new Date()): ObjectStore {
  const { env } = config;
  if (env.UPLOADS_BUCKET) {
    return new S3ObjectStore({
      bucket: env.UPLOADS_BUCKET,
      // Lambda sets AWS_REGION; the bucket lives in the stack's region.
      region: env.AWS_REGION ?? 'us-east-1',
      endpoint: env.UPLOADS_ENDPOINT,
      now,
    });
  }
  return new DiskObjectStore({ dataDir: env.DATA_DIR, now });
}
