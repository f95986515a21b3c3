import { useLayoutEffect, useRef } from 'react';
import { useInternalLinkClick } from './rendered-markdown';

// Nodes one block makes: its element, and a text node for whitespace before (the first block
// only) and after it. Blocks meet between whitespace and a tag, so their text nodes never merge.
const nodesOf = (block: string) => 1 + (/^\s/.test(block) ? 1 : 0) + (/\s$/.test(block) ? 1 : 0);
const sum = (counts: number[], from = 0, to = counts.length) => {
  let n = 0;
  for (let i = from; i < to; i++) n += counts[i];
  return n;
};

/**
 * The editor's preview: the library renderer's sanitized HTML in top-level blocks (inserted as
 * is; see RenderedMarkdown). Only the blocks an edit changed are replaced, so a long page is not
 * parsed and laid out again in full on every pause in typing.
 */
export function LivePreview({ blocks }: { blocks: string[] }) {
  const root = useRef<HTMLDivElement>(null);
  // What the DOM holds: the blocks and their node counts (null: not aligned, replace in full).
  const shown = useRef<{ blocks: string[]; counts: number[] | null }>({ blocks: [], counts: [] });
  const onClick = useInternalLinkClick();

  useLayoutEffect(() => {
    const el = root.current;
    if (!el) return;
    const old = shown.current;
    const counts = blocks.map(nodesOf);
    const replaceAll = () => {
      el.innerHTML = blocks.join('');
      shown.current = { blocks, counts: el.childNodes.length === sum(counts) ? counts : null };
    };
    if (!old.counts || el.childNodes.length !== sum(old.counts)) return replaceAll();
    let head = 0;
    const max = Math.min(old.blocks.length, blocks.length);
    while (head < max && old.blocks[head] === blocks[head]) head++;
    let tail = 0;
    while (tail < max - head && old.blocks[old.blocks.length - 1 - tail] === blocks[blocks.length - 1 - tail])
      tail++;
    const changed = blocks.slice(head, blocks.length - tail);
    const template = document.createElement('template');
    template.innerHTML = changed.join('');
    if (template.content.childNodes.length !== sum(counts, head, blocks.length - tail)) return replaceAll();
    const start = sum(old.counts, 0, head);
    const removed = sum(old.counts, head, old.blocks.length - tail);
    if (removed > 0) {
      const range = document.createRange();
      range.setStartBefore(el.childNodes[start]);
      range.setEndAfter(el.childNodes[start + removed - 1]);
      range.deleteContents();
    }
    el.insertBefore(template.content, el.childNodes[start] ?? null);
    shown.current = { blocks, counts };
  }, [blocks]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: only delegates link clicks; links keep their own keyboard access
    <div ref={root} className="wiki-content" onClick={onClick} />
  );
}
