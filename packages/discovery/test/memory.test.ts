/**
 * `collectGarbage`: a full collection on demand, which `urilint scan` and the native reader use to let
 * go of garbage made in a burst.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../src/memory.js';

describe('collectGarbage', () => {
  it('collects an object nothing holds any more', async () => {
    let target: object | undefined = { payload: new Array(1000).fill('x') };
    const ref = new WeakRef(target);
    target = undefined;
    // A WeakRef's target is kept to the end of the job that made or read it.
    await nextTurn();
    expect(collectGarbage()).toBe(true);
    expect(ref.deref()).toBeUndefined();
  });

  it('keeps what is still held', async () => {
    const target = { payload: 'kept' };
    const ref = new WeakRef(target);
    await nextTurn();
    expect(collectGarbage()).toBe(true);
    expect(ref.deref()).toBe(target);
  });
});
