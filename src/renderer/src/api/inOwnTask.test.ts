import { describe, expect, it } from 'vitest';
import { inOwnTask } from './inOwnTask';

describe('inOwnTask', () => {
  it('runs no call in the task that queued it', async () => {
    let ran = false;
    const done = inOwnTask(async () => {
      ran = true;
    });
    // However many microtasks pass, the call waits for a task of its own.
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(ran).toBe(false);
    await done;
    expect(ran).toBe(true);
  });

  it('runs the calls in the order they were queued, each in a task of its own', async () => {
    const order: string[] = [];
    const calls = ['a', 'b', 'c'].map((name) =>
      inOwnTask(async () => {
        order.push(name);
        // Work queued by a call as a microtask runs before the next call starts: the next one is a later task.
        void Promise.resolve().then(() => order.push(`${name}'`));
        return name;
      }),
    );
    expect(await Promise.all(calls)).toEqual(['a', 'b', 'c']);
    expect(order).toEqual(['a', "a'", 'b', "b'", 'c', "c'"]);
  });

  it('never waits on an earlier call’s answer', async () => {
    void inOwnTask(() => new Promise<never>(() => {}));
    await expect(inOwnTask(async () => 'second')).resolves.toBe('second');
  });
});
