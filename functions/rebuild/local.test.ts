import { describe, expect, it } from 'vitest';
import { LocalRebuilder, type LocalBuildResult } from './local.ts';

/** A build whose end the test decides. */
function controlledBuild() {
  const finishes: ((result: LocalBuildResult) => void)[] = [];
  let started = 0;
  const build = () =>
    new Promise<LocalBuildResult>((done) => {
      started += 1;
      finishes.push(done);
    });
  return {
    build,
    started: () => started,
    finish: (result: LocalBuildResult = { ok: true, logTail: '' }) => finishes.shift()?.(result),
  };
}

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('LocalRebuilder', () => {
  it('turns a burst of requests into one build', async () => {
    const control = controlledBuild();
    const rebuilder = new LocalRebuilder({ build: control.build, debounceMs: 40 });
    for (let i = 0; i < 5; i++) {
      await rebuilder.request(`edit ${i}`);
      await wait(10);
    }
    expect((await rebuilder.status()).state).toBe('building');
    await wait(80);
    expect(control.started()).toBe(1);
    control.finish();
    await rebuilder.idle();
    expect(rebuilder.builds).toBe(1);
    const status = await rebuilder.status();
    expect(status.state).toBe('up-to-date');
    expect(status.lastFinishedAt).toBeDefined();
    expect(status.publishedAt).toBe(status.startedAt);
  });

  it('runs exactly one more build for any number of edits made during a build', async () => {
    const control = controlledBuild();
    const rebuilder = new LocalRebuilder({ build: control.build, debounceMs: 10 });
    await rebuilder.request('first');
    await wait(40);
    expect(control.started()).toBe(1);
    await rebuilder.request('during 1');
    await rebuilder.request('during 2');
    await rebuilder.request('during 3');
    control.finish();
    await wait(60);
    expect(control.started()).toBe(2);
    expect((await rebuilder.status()).state).toBe('building');
    control.finish();
    await rebuilder.idle();
    expect(rebuilder.builds).toBe(2);
    expect((await rebuilder.status()).state).toBe('up-to-date');
  });

  it('reports a failed build with its log tail until a later build succeeds', async () => {
    const control = controlledBuild();
    const rebuilder = new LocalRebuilder({ build: control.build, debounceMs: 0 });
    await rebuilder.request('broken');
    await wait(20);
    control.finish({ ok: false, logTail: 'error: content/landing.json is not valid' });
    await rebuilder.idle();
    const failed = await rebuilder.status();
    expect(failed.state).toBe('failed');
    expect(failed.logTail).toBe('error: content/landing.json is not valid');
    expect(failed.publishedAt).toBeUndefined();

    await rebuilder.request('fixed');
    await wait(20);
    control.finish();
    await rebuilder.idle();
    const fixed = await rebuilder.status();
    expect(fixed.state).toBe('up-to-date');
    expect(fixed.logTail).toBeUndefined();
  });

  it('treats a build that throws as failed, and starts from the known last build', async () => {
    const rebuilder = new LocalRebuilder({
      build: () => Promise.reject(new Error('spawn ENOENT')),
      debounceMs: 0,
      initial: { finishedAt: '2026-01-01T00:00:00.000Z', publishedAt: '2025-12-31T23:59:00.000Z' },
    });
    expect(await rebuilder.status()).toEqual({
      state: 'up-to-date',
      lastFinishedAt: '2026-01-01T00:00:00.000Z',
      publishedAt: '2025-12-31T23:59:00.000Z',
    });
    await rebuilder.request('x');
    await wait(10);
    await rebuilder.idle();
    const status = await rebuilder.status();
    expect(status.state).toBe('failed');
    expect(status.logTail).toBe('spawn ENOENT');
    expect(status.publishedAt).toBe('2025-12-31T23:59:00.000Z');
  });

  it('still builds during a steady stream of edits (max wait)', async () => {
    const control = controlledBuild();
    const rebuilder = new LocalRebuilder({ build: control.build, debounceMs: 50, maxWaitMs: 120 });
    for (let i = 0; i < 12; i++) {
      await rebuilder.request(`edit ${i}`);
      await wait(20);
    }
    expect(control.started()).toBeGreaterThanOrEqual(1);
    control.finish();
    control.finish();
    await rebuilder.stop();
  });

  it('with recordOnly, logs each request, builds nothing and says rebuilds are off', async () => {
    const control = controlledBuild();
    const logged: { message: string; details?: Record<string, unknown> }[] = [];
    const log = {
      info: (message: string, details?: Record<string, unknown>) =>
        logged.push({ message, details }),
      warn: () => {},
      error: () => {},
    };
    const rebuilder = new LocalRebuilder({
      build: control.build,
      debounceMs: 0,
      recordOnly: true,
      log,
      initial: { finishedAt: '2026-01-01T00:00:00.000Z', publishedAt: '2025-12-31T23:59:00.000Z' },
    });
    await rebuilder.request('update /spring');
    await rebuilder.request('scheduled publish /spring by a@example.com');
    await wait(20);
    await rebuilder.idle();
    expect(control.started()).toBe(0);
    expect(rebuilder.builds).toBe(0);
    expect(rebuilder.requests).toBe(2);
    expect(logged).toEqual([
      { message: 'site rebuild requested', details: { reason: 'update /spring', run: false } },
      {
        message: 'site rebuild requested',
        details: { reason: 'scheduled publish /spring by a@example.com', run: false },
      },
    ]);
    // The served build is still the one it was; the state says no rebuild will come.
    expect(await rebuilder.status()).toEqual({
      state: 'disabled',
      lastFinishedAt: '2026-01-01T00:00:00.000Z',
      publishedAt: '2025-12-31T23:59:00.000Z',
    });
  });
});
