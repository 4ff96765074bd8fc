// AWS: the daily copy of the audit trail (functions/audit/archive.ts) into the archive bucket
// with S3 Object Lock (infra/constructs/audit-archive.ts), run by an EventBridge rule just
// after midnight UTC. A failed run, or a day whose chain is broken, throws, so the function's
// Errors metric (and its alarm) counts it; the day can be written again by invoking it with {"day": "YYYY-MM-DD"} (an
// object already locked is kept: S3 adds a new version beside it).
import '../lib/zod-jitless.ts'; // first, before any module builds a schema
import * as z from 'zod';
import { AuditLog } from '../data/audit.ts';
import { createDocumentClient, dynamoTarget } from '../data/dynamo.ts';
import { loadConfig } from '../env.ts';
import { jsonLogger } from '../core/logger.ts';
import { S3ObjectStore } from '../storage/s3.ts';
import { archiveAuditDay } from './archive.ts';

const config = loadConfig();
const log = jsonLogger(config.env.LOG_LEVEL);
const bucket = config.env.AUDIT_ARCHIVE_BUCKET;
if (!bucket) throw new Error('AUDIT_ARCHIVE_BUCKET is not set: the stack sets it (infra/).');
const audit = new AuditLog(createDocumentClient(dynamoTarget(config)), config.env.TABLE_NAME);
const store = new S3ObjectStore({ bucket, region: config.env.AWS_REGION ?? 'us-east-1' });
const eventSchema = z.object({ day: z.iso.date().optional() }).loose();

export const handler = async (event: unknown) => {
  const { day } = eventSchema.parse(event ?? {});
  const archived = await archiveAuditDay(audit, store, new Date(), day);
  log.info('audit day archived', { ...archived });
  // Written all the same; the error makes the alarm tell someone.
  if (!archived.ok) throw new Error(`The audit chain is broken in ${archived.day}: see head.json`);
  return archived;
};
