// Hostile markdown must render inert: nothing that can run script, load a document or reach
// outside the page survives, whichever trick carries it. The same input is checked in Chromium
// by tests/e2e/library.spec.ts.
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { BIG_PAGE_TARGETS, bigMarkdown } from '../../../tests/support/big-markdown';
import { HOSTILE_MARKDOWN } from '../../../tests/support/hostile-markdown';
import { internalLinks, renderMarkdown } from './markdown';

const ctx = { basePath: '/library', targets: [{ title: 'Home', slug: 'home' }] };

/** The output parsed as a browser would: every element, and every URL an attribute carries. */
function parsed(html: string) {
  const document = new Window().document;
  const root = document.createElement('div');
  root.innerHTML = html;
  const elements = [...root.querySelectorAll('*')];
  const tags = new Set(elements.map((e) => e.tagName.toLowerCase()));
  const attrs = new Set(elements.flatMap((e) => [...e.attributes].map((a) => a.name.toLowerCase())));
  const urls = elements.flatMap((e) =>
    ['href', 'src'].map((n) => e.getAttribute(n)).filter((u) => u !== null),
  );
  return { tags, attrs, urls: urls as string[] };
}

describe('renderMarkdown with hostile input', () => {
  const { html } = renderMarkdown(HOSTILE_MARKDOWN, ctx);

  it('keeps only allow-listed elements and attributes: no script, handler or style', () => {
    const { tags, attrs } = parsed(html);
    expect([...tags].filter((t) => !['p', 'a', 'code', 'pre'].includes(t))).toEqual([]);
    expect([...attrs].filter((a) => !['href', 'class', 'title', 'target', 'rel'].includes(a))).toEqual([]);
  });

  it('leaves only web, mail and same-site addresses in links', () => {
    const { urls } = parsed(html);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url).toMatch(/^(https:\/\/example\.com|\/library\/[a-z0-9-]+)$/);
  });

  it("draws only the site's own images; another host's image becomes a link nothing fetches", () => {
    const { html: own } = renderMarkdown('![poster](/files/12/abcdef0123456789)', ctx);
    expect(own).toContain('<img src="/files/12/abcdef0123456789" alt="poster" />');
    const { html: away } = renderMarkdown(
      '![pixel](https://tracker.example/p.gif) ![](http://tracker.example/q.png) <img src="https://x.example/r.png">',
      ctx,
    );
    expect(parsed(away).tags.has('img')).toBe(false);
    expect(away).toContain(
      '<a href="https://tracker.example/p.gif" target="_blank" rel="noopener noreferrer">pixel</a>',
    );
    expect(away).toContain('>http://tracker.example/q.png</a>');
  });

  it('shows raw HTML and entities as text', () => {
    expect(html).toContain('&lt;script&gt;window.__pwned = 1&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=');
    expect(html).toContain('<code>&lt;script&gt;in code&lt;/script&gt;</code>');
  });
});

describe('renderMarkdown links and headings', () => {
  it('opens external links in a new tab without an opener', () => {
    const { html } = renderMarkdown('[site](https://example.com) and https://example.org', ctx);
    expect(html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">site</a>',
    );
    expect(html).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer">');
  });

  it('resolves internal links by title and slug and marks missing ones', () => {
    const { html } = renderMarkdown(
      '[[home]] [[Home|start]] [x](/library/home) [[Nowhere]] [y](/library/gone)',
      ctx,
    );
    expect(html).toContain('<a href="/library/home" class="wiki-link">home</a>');
    expect(html).toContain('<a href="/library/home" class="wiki-link">start</a>');
    expect(html).toContain('<a href="/library/home" class="wiki-link">x</a>');
    expect(html).toContain(
      '<a href="/library/nowhere" class="wiki-link-missing" title="This page does not exist yet">',
    );
    expect(html).toContain('<a href="/library/gone" class="wiki-link-missing"');
    const pub = renderMarkdown('[[Home]]', { basePath: '/public/demo/library', targets: ctx.targets });
    expect(pub.html).toContain('href="/public/demo/library/home"');
    expect(internalLinks('[[A]] [b](/library/b) `[[not]]`')).toEqual({ titles: ['A'], slugs: ['b'] });
  });

  it('gives headings unique anchors and a table of contents from three headings', () => {
    const short = renderMarkdown('# One\n## Two', ctx);
    expect(short.html).not.toContain('wiki-toc');
    const long = renderMarkdown('# Intro\n## Cast\n## Cast\n### Crew & <Props>', ctx);
    expect(long.toc.map((e) => e.id)).toEqual(['h-intro', 'h-cast', 'h-cast-2', 'h-crew-props']);
    expect(long.html).toContain('<nav class="wiki-toc" aria-label="Contents">');
    expect(long.html).toContain('<h2 id="h-cast-2">Cast<a href="#h-cast-2" class="wiki-anchor"');
    expect(long.html).toContain('<a href="#h-crew-props">Crew &amp; &lt;Props&gt;</a>');
  });
});

describe('renderMarkdown at the size limit', () => {
  // Work that grows with the square of the page (each heading searching back through every
  // token, each link through every page) made a page of this size far too slow to open.
  it('renders a 1 MB page of realistic shape, every heading anchored and every link resolved', () => {
    const source = bigMarkdown(1024 * 1024);
    const { html, toc } = renderMarkdown(source, { basePath: '/library', targets: BIG_PAGE_TARGETS });
    const sections = source.match(/^## /gm)?.length ?? 0;
    expect(sections).toBeGreaterThan(2000);
    expect(toc).toHaveLength(sections);
    expect(html.match(/class="wiki-anchor"/g)).toHaveLength(sections);
    expect(html).toContain('<a href="/library/page-299" class="wiki-link">Page 299</a>');
    expect(html.match(/class="wiki-link-missing"/g)?.length).toBeGreaterThanOrEqual(sections * 2 - 2);
    expect(internalLinks(source).titles.length).toBeGreaterThan(sections);
  }, 30_000);
});
