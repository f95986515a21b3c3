// pipelinedWrite without a database: what is sent in which order, and which failure is the answer.
import { describe, expect, it } from 'vitest';
import type { Runner } from './client';
import { pipelinedWrite } from './pipelined-write';

/** A transaction's runner that records what was sent and answers from `answers` (a function or rows). */
function recordingRunner(answers: Record<string, () => Promise<unknown[]>> = {}) {
  const sent: string[] = [];
  const run = (text: string) => {
    const answer = answers[text];
    return (answer ? answer() : Promise.resolve([{ text }])) as Promise<never[]>;
  };
  const q: Runner = {
    query: (text) => {
      sent.push(text);
      return run(text);
    },
    last: (text) => {
      sent.push(`${text} + commit`);
      return run(text);
    },
  };
  return { q, sent };
}

const refused = () => Promise.reject(new Error('refused'));

describe('pipelinedWrite', () => {
  it('sends the write and the answer, read with the COMMIT, before the lock statement is answered', async () => {
    const { q, sent } = recordingRunner();
    let grant: () => void = () => {};
    const locked = new Promise<void>((resolve) => {
      grant = resolve;
    });
    const answer = pipelinedWrite(q, {
      locked,
      write: async (r) => ({ value: 7, pending: r.query('write') }),
      answer: (last, id) => last.query(`read ${id}`),
    });
    await Promise.resolve();
    expect(sent).toEqual(['write', 'read 7 + commit']);
    grant();
    expect(await answer).toEqual([{ text: 'read 7' }]);
  });

  it("answers with the lock statement's refusal rather than the failures behind it", async () => {
    const { q } = recordingRunner({ write: refused, read: refused });
    const locked = Promise.reject(new Error('plan changed'));
    await expect(
      pipelinedWrite(q, {
        locked,
        write: async (r) => ({ value: 0, pending: r.query('write') }),
        answer: (last) => last.query('read'),
      }),
    ).rejects.toThrow('plan changed');
  });

  it("answers with the write's failure rather than the read's", async () => {
    const { q } = recordingRunner({
      write: () => Promise.reject(new Error('conflicts')),
      read: () => Promise.reject(new Error('aborted')),
    });
    await expect(
      pipelinedWrite(q, {
        locked: Promise.resolve(),
        write: async (r) => ({ value: 0, pending: r.query('write') }),
        answer: (last) => last.query('read'),
      }),
    ).rejects.toThrow('conflicts');
  });

  it('answers with the read once the write and the lock statement succeeded', async () => {
    const { q, sent } = recordingRunner();
    const answer = await pipelinedWrite(q, {
      locked: Promise.resolve(),
      write: async (r) => {
        const [row] = await r.query<{ text: string }>('insert');
        await r.query('audit');
        return { value: row.text };
      },
      answer: async (last, text) => ({ text, read: await last.query('read') }),
    });
    expect(sent).toEqual(['insert', 'audit', 'read + commit']);
    expect(answer).toEqual({ text: 'insert', read: [{ text: 'read' }] });
  });
});
