// The audit log as one hash chain (issue 37, docs/decisions/0553-audit-hash-chain.md): each
// entry holds its position `seq`, the hash of the entry before it `prevHash` and its own
// `hash = SHA-256(prevHash + canonical JSON of the entry)`. The head item (AUDIT-HEAD/CHAIN-HEAD)
// holds the last position and hash; every audited transaction puts it back conditionally on
// the position it read (table.ts transact()), so two writers cannot both extend the chain
// from the same entry: one of them is refused, re-reads the head and tries again.
//
// What a broken link means: an entry whose stored hash is not the hash of its content was
// changed; an entry whose position or prevHash does not follow the entry before it comes
// after a removed (or before an inserted) one; an entry with no place in the chain, written
// after the chain began, was inserted. verifyChain() names the entry where that is seen.
import { createHash } from 'node:crypto';
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { stableStringify } from '../shared/stable-json.ts';
import type { AuditPart } from './audit-item.ts';
import { keys } from './keys.ts';

/** The prevHash of the first entry of the chain. */
export const GENESIS_HASH = '0'.repeat(64);

/** The head as stored: the last entry's position, hash, id and time; when the chain began. */
export interface ChainHead {
  seq: number;
  hash: string;
  lastId: string;
  lastAt: string;
  startedAt: string;
}

/** An audit item as read from the table (its keys included). */
export type StoredAuditItem = Record<string, unknown>;

/** The links transact() gives an entry. */
const CHAIN_FIELDS = new Set(['seq', 'prevHash', 'hash']);

/** Attributes that are where an entry is kept, not what it says, and the hashes themselves. */
const NOT_HASHED = new Set(['pk', 'sk', 'hash', 'prevHash']);

/** The hash an entry must carry: SHA-256 of the previous hash and its canonical JSON. */
export function entryHash(prevHash: string, item: StoredAuditItem): string {
  const content = Object.fromEntries(Object.entries(item).filter(([key]) => !NOT_HASHED.has(key)));
  return createHash('sha256')
    .update(prevHash + stableStringify(content))
    .digest('hex');
}

/** The head as it is now (a strongly consistent read), or undefined before the first entry. */
export async function readHead(
  db: DynamoDBDocumentClient,
  table: string,
): Promise<ChainHead | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: table, Key: keys.auditHead(), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  return {
    seq: Number(Item['seq']),
    hash: String(Item['hash']),
    lastId: String(Item['lastId']),
    lastAt: String(Item['lastAt']),
    startedAt: String(Item['startedAt']),
  };
}

/**
 * The audit parts chained after `head`, and the head's new state as the transaction's last
 * part: a Put conditional on the head still being the one read (absent before the first entry).
 */
export function chainParts(
  table: string,
  head: ChainHead | undefined,
  parts: readonly AuditPart[],
): { parts: AuditPart[]; head: AuditPart & { Put: { ConditionExpression: string } } } {
  let seq = head?.seq ?? 0;
  let prevHash = head?.hash ?? GENESIS_HASH;
  const chained = parts.map((part) => {
    // Built again on each attempt: an earlier attempt's links are dropped first.
    const item = Object.entries(part.Put.Item).filter(([key]) => !CHAIN_FIELDS.has(key));
    const linked: StoredAuditItem = { ...Object.fromEntries(item), seq: ++seq };
    const hash = entryHash(prevHash, linked);
    const full: StoredAuditItem = { ...linked, prevHash, hash };
    prevHash = hash;
    return { Put: { ...part.Put, Item: full } };
  });
  const last = chained.at(-1)?.Put.Item;
  const newHead = {
    ...keys.auditHead(),
    seq,
    hash: prevHash,
    lastId: String(last?.['id']),
    lastAt: String(last?.['at']),
    startedAt: head?.startedAt ?? String(chained[0]?.Put.Item['at']),
  };
  return {
    parts: chained,
    head: {
      Put: {
        TableName: table,
        Item: newHead,
        ...(head
          ? {
              ConditionExpression: 'seq = :seq',
              ExpressionAttributeValues: { ':seq': head.seq },
            }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
    },
  };
}

/** The answer of a verification: how many entries were checked and where it breaks, if it does. */
export interface ChainVerdict {
  ok: boolean;
  checked: number;
  firstBroken?: { id: string; at: string };
}

interface Linked {
  id: string;
  at: string;
  seq: number;
  prevHash: string;
  hash: string;
  item: StoredAuditItem;
}

const linkOf = (item: StoredAuditItem): Linked | undefined => {
  const { id, at, seq, prevHash, hash } = item;
  if (typeof seq !== 'number' || !Number.isInteger(seq) || seq < 1) return undefined;
  if (typeof prevHash !== 'string' || typeof hash !== 'string') return undefined;
  return { id: String(id), at: String(at), seq, prevHash, hash, item };
};

const intact = (entry: Linked) => entryHash(entry.prevHash, entry.item) === entry.hash;

const follows = (entry: Linked, before: Linked | undefined) =>
  before
    ? entry.seq === before.seq + 1 && entry.prevHash === before.hash
    : entry.seq !== 1 || entry.prevHash === GENESIS_HASH;

/**
 * Checks a run of entries: `items` are every stored entry of positions `seq` first..last
 * (the first one's own prevHash is taken as given: older entries are outside the run or
 * expired) and any entry without a position written in that time. `head`, when given,
 * is compared with the last entry: entries removed from the end leave the head ahead
 * (unless the head's last entry is older than `keptSince`, the retention: it expired).
 */
export function verifyChain(
  items: readonly StoredAuditItem[],
  head: ChainHead | undefined,
  options: { checkHead: boolean; keptSince: string },
): ChainVerdict {
  const broken: { id: string; at: string; seq: number }[] = [];
  const linked: Linked[] = [];
  for (const item of items) {
    const link = linkOf(item);
    if (link) linked.push(link);
    // No place in the chain, but written after it began: inserted (or its fields removed).
    else if (head && String(item['at']) >= head.startedAt) {
      broken.push({ id: String(item['id']), at: String(item['at']), seq: 0 });
    }
  }
  linked.sort((a, b) => a.seq - b.seq || a.id.localeCompare(b.id));
  let before: Linked | undefined;
  for (let index = 0; index < linked.length; index++) {
    const entry = linked[index]!;
    const next = linked[index + 1];
    if (next && next.seq === entry.seq) {
      // Two entries at one position: the one the chain goes on from is the genuine one.
      const rivals = linked.filter((other) => other.seq === entry.seq);
      const after = linked.find((other) => other.seq === entry.seq + 1);
      const genuine =
        rivals.find((rival) => after?.prevHash === rival.hash && intact(rival)) ??
        rivals.find((rival) => intact(rival) && follows(rival, before)) ??
        entry;
      for (const rival of rivals) if (rival !== genuine) broken.push(rival);
      index += rivals.length - 1;
      if (!intact(genuine) || !follows(genuine, before)) broken.push(genuine);
      before = genuine;
      continue;
    }
    if (!intact(entry) || !follows(entry, before)) broken.push(entry);
    before = entry;
  }
  if (options.checkHead && head) {
    const last = before;
    if (!last || last.seq < head.seq) {
      // The last entries are gone (unless expired): the head still names the last one written.
      if (head.lastAt >= options.keptSince) {
        broken.push({ id: head.lastId, at: head.lastAt, seq: head.seq });
      }
    } else if (last.seq === head.seq && last.hash !== head.hash) {
      broken.push(last);
    } else if (last.seq > head.seq) {
      for (const entry of linked) if (entry.seq > head.seq) broken.push(entry);
    }
  }
  const checked = items.length;
  const first = broken.sort((a, b) => a.at.localeCompare(b.at) || a.seq - b.seq)[0];
  return first
    ? { ok: false, checked, firstBroken: { id: first.id, at: first.at } }
    : { ok: true, checked };
}
