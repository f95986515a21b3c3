import { renderMarkdown } from '@common/library/markdown';
import { describe, expect, it } from 'vitest';
import { HOSTILE_MARKDOWN } from '../../../../../tests/support/hostile-markdown';
import { topLevelBlocks } from './html-blocks';

const ctx = { basePath: '/library', targets: [{ title: 'Home', slug: 'home' }] };

describe('cutting the preview into top-level blocks', () => {
  it('gives one block per top-level element, which join back into exactly the input', () => {
    const source = [
      '# One',
      '## Two',
      '### Three',
      'A paragraph with **bold**, `<code>` and a [[Home]] link.<br>',
      '- a\n- b\n  - c',
      '```\n<pre> inside & out\n\n\nstill code\n```',
      '| a | b |\n| - | :-: |\n| 1 | 2 |',
      '---',
      '![pic](/files/x.png)',
      '> quoted\n>\n> twice',
    ].join('\n\n');
    const { html } = renderMarkdown(source, ctx);
    const blocks = topLevelBlocks(html);
    expect(blocks.join('')).toBe(html);
    expect(blocks.map((b) => /^<(\w+)/.exec(b)?.[1])).toEqual([
      'nav',
      'h1',
      'h2',
      'h3',
      'p',
      'ul',
      'pre',
      'table',
      'hr',
      'p',
      'blockquote',
    ]);
  });

  it('keeps hostile markdown exactly as sanitized', () => {
    const { html } = renderMarkdown(HOSTILE_MARKDOWN, ctx);
    const blocks = topLevelBlocks(html);
    expect(blocks.length).toBeGreaterThan(10);
    expect(blocks.join('')).toBe(html);
  });

  it('gives the whole input as one block when it is not a row of elements', () => {
    for (const html of ['text <p>x</p>', '<p>x</p> text', '<p>unclosed', '</p><p>x</p>', '<p>a</p></div>'])
      expect(topLevelBlocks(html)).toEqual([html]);
    expect(topLevelBlocks('')).toEqual([]);
    expect(topLevelBlocks('<br>\n<hr/>')).toEqual(['<br>\n', '<hr/>']);
  });
});
