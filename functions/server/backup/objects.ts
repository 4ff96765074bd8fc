// The object store's part of a backup (docs/decisions/0341-backups-hold-every-prefix-and-the-keys.md):
// a rule for every prefix of the store (OBJECT_RULES, typed by functions/storage/disk-layout.ts),
// the check that DATA_DIR/objects holds nothing a backup does not know, the copy of each
// object into the archive, and the archive entries a restore takes back as objects.
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import {
  DISK_WORK_FOLDERS,
  OBJECT_NAME_SHAPES,
  type ObjectPrefix,
} from '../../storage/disk-layout.ts';
import { BackupError } from './errors.ts';
import type { BackupManifest } from './manifest.ts';
import type { TarWriter } from './tar.ts';

/**
 * What a backup does with each prefix of the object store: copy it, or leave it out for a
 * reason. A prefix added to OBJECT_NAME_SHAPES is a type error here until it has a rule.
 */
const OBJECT_RULES: Record<ObjectPrefix, 'copy' | { skip: string }> = {
  'uploads/': 'copy',
  'assets/': 'copy',
  'pending/': { skip: 'uploads never published, which expire within 2 days anyway' },
};
export const COPIED_PREFIXES = (Object.keys(OBJECT_RULES) as ObjectPrefix[]).filter(
  (prefix) => OBJECT_RULES[prefix] === 'copy',
);

/** A file of a copied prefix: an object (uploads/ also keeps each object's .meta beside it). */
function isObjectName(prefix: ObjectPrefix, name: string): boolean {
  const meta = prefix === 'uploads/' ? '(?:\\.meta)?' : '';
  return new RegExp(`^${OBJECT_NAME_SHAPES[prefix].source}${meta}$`).test(name);
}

/** objects/<prefix><name> of a backup, when the prefix is one a backup copies. */
export function objectOfEntry(name: string): string | undefined {
  const match = /^objects\/([a-z]+\/)([^/]+)$/.exec(name);
  if (!match) return undefined;
  const prefix = match[1] as ObjectPrefix;
  if (!COPIED_PREFIXES.includes(prefix) || !isObjectName(prefix, match[2]!)) return undefined;
  return `${prefix}${match[2]}`;
}

type ObjectFile = BackupManifest['objects']['files'][number];

/**
 * The names of the copied prefixes' files, checked: a folder or a file under
 * DATA_DIR/objects that no rule names stops the backup (left out, it would be lost at the
 * restore without anyone knowing). Run before the table is read, and again as the objects
 * are copied.
 */
export async function objectNames(objectsDir: string): Promise<Map<ObjectPrefix, string[]>> {
  const known = [
    ...Object.keys(OBJECT_RULES).map((prefix) => prefix.slice(0, -1)),
    ...DISK_WORK_FOLDERS,
  ];
  const leftOut = known
    .filter((name) => !COPIED_PREFIXES.includes(`${name}/` as ObjectPrefix))
    .map((name) => `${name}/`)
    .join(', ');
  const unknown = (what: string) =>
    new BackupError(
      `${what} is not something a backup knows (it copies ${COPIED_PREFIXES.join(' and ')} under ${objectsDir}, and leaves out ${leftOut}). Nothing was written: move it out of ${objectsDir}, or back it up yourself, and run the backup again.`,
    );
  const top = await fs.readdir(objectsDir, { withFileTypes: true }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  for (const entry of top) {
    if (!entry.isDirectory() || !known.includes(entry.name)) {
      throw unknown(join(objectsDir, entry.name));
    }
  }
  const names = new Map<ObjectPrefix, string[]>();
  for (const prefix of COPIED_PREFIXES) {
    const dir = join(objectsDir, prefix);
    const listed = (await fs.readdir(dir).catch(() => [] as string[])).sort();
    for (const name of listed) if (!isObjectName(prefix, name)) throw unknown(join(dir, name));
    names.set(prefix, listed);
  }
  return names;
}

/** Every object of the copied prefixes into the archive, as it is now. */
export async function addObjects(tar: TarWriter, objectsDir: string): Promise<ObjectFile[]> {
  const files: ObjectFile[] = [];
  for (const [prefix, names] of await objectNames(objectsDir)) {
    const dir = join(objectsDir, prefix);
    for (const name of names) {
      // Opened first: an object replaced meanwhile (a rename over it) is read whole, as it was.
      const handle = await fs.open(join(dir, name), 'r').catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      });
      if (!handle) continue; // deleted since the listing
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) {
          throw new BackupError(`${join(dir, name)} is not a file; a backup copies files only.`);
        }
        const key = `${prefix}${name}`;
        const sha256 = await tar.add(
          `objects/${key}`,
          stat.size,
          handle.createReadStream({ autoClose: false, start: 0 }),
          stat.mtime,
        );
        files.push({ key, bytes: stat.size, sha256 });
      } finally {
        await handle.close();
      }
    }
  }
  return files;
}
