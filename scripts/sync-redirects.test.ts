// The rebuild's copy of the redirect map into CloudFront's KeyValueStore: only what changed,
// in batches UpdateKeys accepts, each conditional on the ETag the previous call returned.
import { describe, expect, it } from 'vitest';
import { kvsUpdates, syncRedirects, type KvsCli } from './sync-redirects.ts';

describe('sync-redirects', () => {
  it('puts new and changed keys, deletes the ones the map lacks, leaves the rest', () => {
    const current = new Map([
      ['/same', '301 /a'],
      ['/changed', '301 /old'],
      ['/gone', '302 /demo'],
    ]);
    const wanted = new Map([
      ['/same', '301 /a'],
      ['/changed', '301 /new'],
      ['/added', '302 https://partner.example/'],
    ]);
    expect(kvsUpdates(current, wanted)).toEqual([
      {
        puts: [
          { Key: '/changed', Value: '301 /new' },
          { Key: '/added', Value: '302 https://partner.example/' },
        ],
        deletes: [{ Key: '/gone' }],
      },
    ]);
    expect(kvsUpdates(wanted, wanted)).toEqual([]);
  });

  it('sends at most 50 changes a call, chaining the ETags', async () => {
    const wanted = new Map(Array.from({ length: 120 }, (_, i) => [`/p${i}`, `301 /t${i}`]));
    const calls: [string, string[]][] = [];
    const cli: KvsCli = async (command, args) => {
      calls.push([command, args]);
      if (command === 'list-keys') return { Items: [{ Key: '/old', Value: '301 /x' }] };
      if (command === 'describe-key-value-store') return { ETag: 'E0' };
      return { ETag: `E${calls.filter(([c]) => c === 'update-keys').length}` };
    };
    expect(await syncRedirects('arn:kvs', wanted, cli)).toEqual({ puts: 120, deletes: 1 });
    const updates = calls.filter(([command]) => command === 'update-keys').map(([, a]) => a);
    expect(updates.map((args) => args[args.indexOf('--if-match') + 1])).toEqual(['E0', 'E1', 'E2']);
    const sizes = updates.map((args) =>
      ['--puts', '--deletes']
        .filter((flag) => args.includes(flag))
        .reduce((sum, flag) => sum + JSON.parse(args[args.indexOf(flag) + 1]!).length, 0),
    );
    expect(sizes).toEqual([50, 50, 21]);
    expect(updates.every((args) => args.includes('arn:kvs'))).toBe(true);
  });
});
