// The rebuild's copy of the redirect and experiment maps, and the live pages' slugs, into
// CloudFront's KeyValueStore: only what changed, in batches UpdateKeys accepts, each
// conditional on the ETag the previous call returned (the AWS CLI is a fake runner here).
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
            // Live slugs (issue 33): one still live, one unpublished since.
            { Key: 'live:default', Value: 'page-0' },
            { Key: 'live:winter-sale', Value: 'page-9' },
          ],
        };
      }
      return { ETag: 'E1' };
    };
    // The table's live pages are read after the store's keys are listed.
    const livePages = async () => {
      expect(calls.map(([command]) => command)).toEqual(['list-keys']);
      return [
        { id: 'page-0', slug: 'default' },
        { id: 'page-1', slug: 'spring-launch' },
      ];
    };
    expect(await syncEdgeStore('arn:kvs', dist, cli, livePages)).toEqual({ puts: 3, deletes: 2 });
    const update = calls.find(([command]) => command === 'update-keys')![1];
    expect(JSON.parse(update[update.indexOf('--puts') + 1]!)).toEqual([
      { Key: '/spring-launch', Value: 'x 01JEXPLAUNCH /variants/spring-launch a:50 b:50' },
      { Key: 'x:secret', Value: secret },
      { Key: 'live:spring-launch', Value: 'page-1' },
    ]);
    expect(JSON.parse(update[update.indexOf('--deletes') + 1]!)).toEqual([
      { Key: '/' },
      { Key: 'live:winter-sale' },
    ]);
  });

  it("sends a batch again with the store's new ETag when the API wrote meanwhile (issue 33)", async () => {
    const calls: [string, string[]][] = [];
    let etag = 'E0';
    const cli: KvsCli = async (command, args) => {
      calls.push([command, args]);
      if (command === 'list-keys') return { Items: [] };
      if (command === 'describe-key-value-store') return { ETag: etag };
      // The API's live-slug write lands between the describe and the first update.
      if (args[args.indexOf('--if-match') + 1] === 'E0') {
        etag = 'E-api';
        throw Object.assign(new Error('Command failed: aws cloudfront-keyvaluestore update-keys'), {
          stderr:
            'An error occurred (ConflictException) when calling the UpdateKeys operation: Pre-Condition failed',
        });
      }
      return { ETag: 'E2' };
    };
    expect(await syncRedirects('arn:kvs', new Map([['/a', '301 /b']]), cli)).toEqual({
      puts: 1,
      deletes: 0,
    });
    expect(calls.map(([command]) => command)).toEqual([
      'list-keys',
      'describe-key-value-store',
      'update-keys',
      'describe-key-value-store',
      'update-keys',
    ]);
    // Any other failure fails the sync (and so the rebuild) loudly.
    const broken: KvsCli = async (command) => {
      if (command === 'update-keys') throw new Error('AccessDeniedException');
      return command === 'list-keys' ? { Items: [] } : { ETag: 'E0' };
    };
    await expect(syncRedirects('arn:kvs', new Map([['/a', '301 /b']]), broken)).rejects.toThrow(
      'AccessDeniedException',
    );
  });
});
