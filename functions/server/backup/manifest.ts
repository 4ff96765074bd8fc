// The backup file's manifest and entry names (docs/decisions/0109-backup-and-restore.md,
// docs/decisions/0341-backups-hold-every-prefix-and-the-keys.md): the format and version,
// the size and SHA-256 of every other entry, and the check of an unpacked archive against it.
import * as z from 'zod';
import { KEY_FILE as INSTALL_KEY_FILE } from '../../webhooks/secret-box.ts';
import { BackupError } from './errors.ts';

export const BACKUP_FORMAT = 'pharmabridge-backup';
/** 2: assets/, the install key, encryption; 1 (uploads and items only) is still restored. */
export const BACKUP_VERSION = 2;
export const ITEMS_ENTRY = 'items.jsonl';
export const MANIFEST_ENTRY = 'manifest.json';
export const KEYS_DIR = 'keys';

const partSchema = z.object({ bytes: z.number().int().min(0), sha256: z.string() });
export type Part = z.infer<typeof partSchema>;
const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.union([z.literal(1), z.literal(BACKUP_VERSION)]),
  createdAt: z.string(),
  table: z.string(),
  /** running-server, stopped-install (a copy of the engine's files) or endpoint. */
  source: z.string(),
  items: partSchema.extend({ count: z.number().int().min(0) }),
  objects: z.object({
    count: z.number().int().min(0),
    files: z.array(partSchema.extend({ key: z.string() })),
  }),
  /**
   * The install key (keys/lead-settings.key) and where it came from: DATA_DIR's file or
   * LEAD_SETTINGS_KEY. None before anything was ever encrypted; version 1 had none.
   */
  keys: z
    .array(partSchema.extend({ name: z.literal(INSTALL_KEY_FILE) }))
    .max(1)
    .default([]),
  installKeyFrom: z.enum(['file', 'environment', 'none']).default('none'),
  /** Files of image and download records that were deleted or replaced while the backup ran. */
  missingObjects: z.array(z.string()),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/**
 * The archive's manifest, read from `manifestText` and checked against the entries unpacked
 * (`parts`: each entry's size and SHA-256 as it streamed by). `notBackup` is the sentence
 * for a file that is no backup.
 */
export function verifiedManifest(
  file: string,
  manifestText: string | undefined,
  parts: ReadonlyMap<string, Part>,
  notBackup: string,
): BackupManifest {
  if (manifestText === undefined) {
    throw new BackupError(`${file} has no manifest: it is incomplete. Nothing was restored.`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(manifestText);
  } catch {
    throw new BackupError(notBackup);
  }
  const head = z.object({ format: z.string(), version: z.number() }).safeParse(raw);
  if (!head.success || head.data.format !== BACKUP_FORMAT) throw new BackupError(notBackup);
  if (head.data.version !== 1 && head.data.version !== BACKUP_VERSION) {
    throw new BackupError(
      `${file} is a backup of format ${head.data.version}; this version reads formats 1 and ${BACKUP_VERSION}. Restore it with the version of the product that made it.`,
    );
  }
  const manifest = manifestSchema.safeParse(raw);
  if (!manifest.success) throw new BackupError(notBackup);
  const expected = new Map<string, { bytes: number; sha256: string }>([
    [ITEMS_ENTRY, manifest.data.items],
    ...manifest.data.objects.files.map((part) => [part.key, part] as const),
    ...manifest.data.keys.map((part) => [`${KEYS_DIR}/${part.name}`, part] as const),
  ]);
  for (const [name, want] of expected) {
    const have = parts.get(name);
    if (!have) {
      throw new BackupError(
        `${file} lacks ${name}, which its manifest lists. Nothing was restored.`,
      );
    }
    if (have.bytes !== want.bytes || have.sha256 !== want.sha256) {
      throw new BackupError(
        `${file} is damaged: ${name} does not match its checksum in the manifest. Nothing was restored.`,
      );
    }
  }
  for (const name of parts.keys()) {
    if (!expected.has(name)) {
      throw new BackupError(
        `${file} holds ${name}, which its manifest does not list. ${notBackup}`,
      );
    }
  }
  return manifest.data;
}
