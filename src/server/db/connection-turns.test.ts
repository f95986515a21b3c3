import { describe, expect, it } from 'vitest';
import { BRIEF_AHEAD, ConnectionTurns, TURN_TIMEOUT_MESSAGE, type TurnKind } from './connection-turns';
import { isDatabaseUnavailable } from './errors';

/** A turn that lasts until its `end()` is called; `order` records the turns as they start. */
function holder(turns: ConnectionTurns, kind: TurnKind, name: string, order: string[]) {
  let end: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    end = resolve;
  });
  const done = turns.run(kind, async () => {
    order.push(name);
    await ended;
    return name;
  });
  return { end, done };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('turns at the pooled connections', () => {
  it('starts at once while a connection is free', async () => {
    const turns = new ConnectionTurns(2, 0);
    const order: string[] = [];
    const a = holder(turns, 'long', 'a', order);
    const b = holder(turns, 'brief', 'b', order);
    await settle();
    expect(order).toEqual(['a', 'b']);
    a.end();
    b.end();
    await expect(Promise.all([a.done, b.done])).resolves.toEqual(['a', 'b']);
  });

  it('serves a brief turn waiting before a long one that waited longer', async () => {
    const turns = new ConnectionTurns(1, 0);
    const order: string[] = [];
    const first = holder(turns, 'long', 'first', order);
    const write = holder(turns, 'long', 'write', order);
    const read = holder(turns, 'brief', 'read', order);
    await settle();
    first.end();
    await first.done;
    await settle();
    expect(order).toEqual(['first', 'read']);
    read.end();
    await read.done;
    await settle();
    expect(order).toEqual(['first', 'read', 'write']);
    write.end();
    await write.done;
  });

  it(`lets at most ${BRIEF_AHEAD} brief turns go ahead of a waiting long one`, async () => {
    const turns = new ConnectionTurns(1, 0);
    const order: string[] = [];
    const first = holder(turns, 'brief', 'first', order);
    const write = holder(turns, 'long', 'write', order);
    const reads = Array.from({ length: BRIEF_AHEAD + 2 }, (_, i) =>
      holder(turns, 'brief', `read${i}`, order),
    );
    await settle();
    first.end();
    for (const turn of [write, ...reads]) turn.end();
    await Promise.all([first.done, write.done, ...reads.map((r) => r.done)]);
    const ahead = Array.from({ length: BRIEF_AHEAD }, (_, i) => `read${i}`);
    expect(order).toEqual(['first', ...ahead, 'write', `read${BRIEF_AHEAD}`, `read${BRIEF_AHEAD + 1}`]);
  });

  it('hands the connection on when a turn fails', async () => {
    const turns = new ConnectionTurns(1, 0);
    const failing = turns.run('long', async () => {
      throw new Error('refused');
    });
    const next = turns.run('brief', async () => 'served');
    await expect(failing).rejects.toThrow('refused');
    await expect(next).resolves.toBe('served');
  });

  it('gives up waiting after the timeout, as the pool would, and the caller answers 503', async () => {
    const turns = new ConnectionTurns(1, 20);
    const order: string[] = [];
    const busy = holder(turns, 'long', 'busy', order);
    const waiting = turns.run('brief', async () => 'never');
    const error = await waiting.catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(TURN_TIMEOUT_MESSAGE);
    expect(isDatabaseUnavailable(error)).toBe(true);
    // The one that gave up is not served later: the next turn is the next caller's.
    const after = turns.run('long', async () => 'after');
    busy.end();
    await expect(after).resolves.toBe('after');
    expect(order).toEqual(['busy']);
  });
});
