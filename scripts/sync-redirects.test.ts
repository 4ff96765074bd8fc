// The rebuild's copy of the redirect and experiment maps into CloudFront's KeyValueStore:
// only what changed, in batches UpdateKeys accepts, each conditional on the ETag the previous
// call returned.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeExperimentMap } from '../functions/server/experiment-map.ts';
import { writeRedirectMap } from '../functions/server/redirect-map.ts';
import { kvsUpdates, syncEdgeStore, syncRedirects, type KvsCli } from './sync-redirects.ts';

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

  it("writes the build's redirects and experiments, with the secret, and removes the rest", async () => {
    const dist = mkdtempSync(join(tmpdir(), 'sync-edge-'));
    for (const page of [
      '',
      'spring-launch',
      'variants/spring-launch/a',
      'variants/spring-launch/b',
    ]) {
      mkdirSync(join(dist, page), { recursive: true });
      writeFileSync(join(dist, page, 'index.html'), '<h1>page</h1>');
    }
    writeRedirectMap(dist, [{ from: '/old-launch', to: '/spring-launch', status: 301 }]);
    const secret = 'ab'.repeat(32);
    writeExperimentMap(
      dist,
      [
        {
          path: '/spring-launch',
          experimentId: '01JEXPLAUNCH',
          variantPrefix: '/variants/spring-launch',
          variants: [
            { id: 'a', weight: 50 },
            { id: 'b', weight: 50 },
          ],
        },
      ],
      secret,
    );
    const calls: [string, string[]][] = [];
    const cli: KvsCli = async (command, args) => {
      calls.push([command, args]);
      if (command === 'list-keys') {
        return {
          Items: [
            { Key: '/old-launch', Value: '301 /spring-launch' },
            // An experiment that ended: its page serves itself again.
            { Key: '/', Value: 'x 01JEXPENDED /variants/default a:50 b:50' },
          ],
        };
      }
      return { ETag: 'E1' };
    };
    expect(await syncEdgeStore('arn:kvs', dist, cli)).toEqual({ puts: 2, deletes: 1 });
    const update = calls.find(([command]) => command === 'update-keys')![1];
    expect(JSON.parse(update[update.indexOf('--puts') + 1]!)).toEqual([
      { Key: '/spring-launch', Value: 'x 01JEXPLAUNCH /variants/spring-launch a:50 b:50' },
      { Key: 'x:secret', Value: secret },
    ]);
    expect(JSON.parse(update[update.indexOf('--deletes') + 1]!)).toEqual([{ Key: '/' }]);
  });
});
