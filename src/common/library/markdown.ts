// The one markdown renderer of the library: the page, the editor's live preview, history and the
// public page all draw through renderMarkdown, so what a writer previews is what readers get.
// Raw HTML is off in the parser and the output is sanitized again by an allow-list, so a pasted
// script, event handler or javascript:/data: link can never run (defence in depth: either layer
// alone should be enough).
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import sanitizeHtml from 'sanitize-html';
import { slugify } from './slug';

export interface LinkTarget {
  title: string;
  slug: string;
}

export interface RenderContext {
  /** Where internal links point: '/library' for members, '/public/{shortname}/library' outside. */
  basePath: string;
  /** Pages that exist, so links to them are drawn as links and others as missing. */
  targets: readonly LinkTarget[];
}

export interface TocEntry {
  level: number;
  text: string;
  id: string;
}

/** A table of contents is drawn once a page has this many headings. */
export const TOC_MIN_HEADINGS = 3;

interface Env {
  ctx?: RenderContext;
  /** The targets by lower-case title and by slug, made once per render (first one wins). */
  index?: { byTitle: Map<string, LinkTarget>; bySlug: Map<string, LinkTarget> };
  headingIds?: Map<string, number>;
  toc?: TocEntry[];
}

const SAFE_SCHEME = /^(https?|mailto):/i;
const ANY_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const INTERNAL_HREF = /^\/library\/([a-z0-9]+(?:-[a-z0-9]+)*)(#[\w-]*)?$/;

const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
// Only web, mail and relative addresses survive parsing; every other scheme becomes no link.
md.validateLink = (url) => {
  const u = url.trim();
  return !ANY_SCHEME.test(u) || SAFE_SCHEME.test(u);
};

const MAX_WIKILINK = 200;

// [[Page Title]] and [[Page Title|shown text]]
md.inline.ruler.before('link', 'wikilink', (state, silent) => {
  const start = state.pos;
  if (state.src.charCodeAt(start) !== 0x5b || state.src.charCodeAt(start + 1) !== 0x5b) return false;
  // Looked for only as far as the longest target, so a paragraph of unclosed `[[` stays linear.
  const end = state.src.slice(start + 2, start + 2 + MAX_WIKILINK + 2).indexOf(']]');
  if (end < 0) return false;
  const inner = state.src.slice(start + 2, start + 2 + end);
  if (/[\n[\]]/.test(inner)) return false;
  const [target, label] = inner.split('|', 2).map((s) => s.trim());
  if (!target) return false;
  if (!silent) {
    const open = state.push('wikilink_open', 'a', 1);
    open.meta = { title: target };
    const text = state.push('text', '', 0);
    text.content = label || target;
    state.push('wikilink_close', 'a', -1);
  }
  state.pos = start + 2 + end + 2;
  return true;
});

function targetIndex(env: Env) {
  if (!env.index) {
    const byTitle = new Map<string, LinkTarget>();
    const bySlug = new Map<string, LinkTarget>();
    for (const t of env.ctx?.targets ?? []) {
      const title = t.title.toLowerCase();
      if (!byTitle.has(title)) byTitle.set(title, t);
      if (!bySlug.has(t.slug)) bySlug.set(t.slug, t);
    }
    env.index = { byTitle, bySlug };
  }
  return env.index;
}

function findTarget(env: Env, by: { title?: string; slug?: string }) {
  if (!env.ctx) return undefined;
  const { byTitle, bySlug } = targetIndex(env);
  const slug = by.slug ?? (by.title ? slugify(by.title) : undefined);
  return (
    (by.title !== undefined ? byTitle.get(by.title.toLowerCase()) : undefined) ??
    (slug !== undefined ? bySlug.get(slug) : undefined)
  );
}

function internalAnchor(env: Env, slug: string, found: LinkTarget | undefined, hash = '') {
  const base = env.ctx?.basePath ?? '/library';
  const href = md.utils.escapeHtml(`${base}/${found?.slug ?? slug}${hash}`);
  const cls = found ? 'wiki-link' : 'wiki-link-missing';
  const title = found ? '' : ' title="This page does not exist yet"';
  return `<a href="${href}" class="${cls}"${title}>`;
}

md.renderer.rules.wikilink_open = (tokens, idx, _options, env: Env) => {
  const title = (tokens[idx].meta as { title: string }).title;
  return internalAnchor(env, slugify(title), findTarget(env, { title }));
};
md.renderer.rules.wikilink_close = () => '</a>';

const defaultLinkOpen =
  md.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env: Env, self) => {
  const internal = INTERNAL_HREF.exec(tokens[idx].attrGet('href') ?? '');
  if (internal) return internalAnchor(env, internal[1], findTarget(env, { slug: internal[1] }), internal[2]);
  return defaultLinkOpen(tokens, idx, options, env, self);
};

// An image from another host would be fetched by every reader's browser the moment the page
// opens, telling that host who read it and when (a tracking pixel). Only the site's own images
// are drawn; any other becomes a link the reader may choose to follow.
const OWN_IMAGE = /^\/(?!\/)/;
const defaultImage =
  md.renderer.rules.image ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.image = (tokens, idx, options, env: Env, self) => {
  const token = tokens[idx];
  const src = token.attrGet('src') ?? '';
  if (OWN_IMAGE.test(src)) return defaultImage(tokens, idx, options, env, self);
  const label = self.renderInlineAsText(token.children ?? [], options, env) || src;
  return `<a href="${md.utils.escapeHtml(src)}">${md.utils.escapeHtml(label)}</a>`;
};

function inlineText(token: Token | undefined): string {
  return (token?.children ?? [])
    .filter((c) => c.type === 'text' || c.type === 'code_inline')
    .map((c) => c.content)
    .join('')
    .trim();
}

// Headings get stable ids (prefixed, so they cannot clobber the page's own globals) and a
// self-link, and are collected for the table of contents.
md.core.ruler.push('heading_ids', (state) => {
  const env = state.env as Env;
  env.headingIds ??= new Map();
  env.toc ??= [];
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].type !== 'heading_open') continue;
    const text = inlineText(tokens[i + 1]);
    const base = `h-${slugify(text)}`;
    const n = (env.headingIds.get(base) ?? 0) + 1;
    env.headingIds.set(base, n);
    const id = n === 1 ? base : `${base}-${n}`;
    tokens[i].attrSet('id', id);
    // The closing tag draws the self-link; it learns the id here rather than searching back.
    let close = i + 1;
    while (close < tokens.length && tokens[close].type !== 'heading_close') close++;
    if (close < tokens.length) tokens[close].meta = { id };
    env.toc.push({ level: Number(tokens[i].tag.slice(1)), text, id });
  }
});
md.renderer.rules.heading_close = (tokens, idx) => {
  const id = (tokens[idx].meta as { id?: string } | null)?.id;
  const anchor = id ? `<a href="#${id}" class="wiki-anchor" aria-label="Link to this section">#</a>` : '';
  return `${anchor}</${tokens[idx].tag}>\n`;
};

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'strong',
    'em',
    's',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'nav',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'class', 'aria-label', 'target', 'rel'],
    img: ['src', 'alt', 'title'],
    h1: ['id'],
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
    h5: ['id'],
    h6: ['id'],
    th: ['style'],
    td: ['style'],
    ol: ['start'],
    code: ['class'],
    nav: ['class', 'aria-label'],
  },
  allowedClasses: {
    a: ['wiki-link', 'wiki-link-missing', 'wiki-anchor'],
    code: ['language-*'],
    nav: ['wiki-toc'],
  },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  // Images only from this site (relative addresses); see the image rule above.
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  transformTags: {
    // Links leaving the site open in a new tab that cannot reach back to this one.
    a: (tagName, attribs) => {
      const { target: _t, rel: _r, ...rest } = attribs;
      const external = /^(https?:)?\/\//i.test(rest.href ?? '');
      return {
        tagName,
        attribs: external ? { ...rest, target: '_blank', rel: 'noopener noreferrer' } : rest,
      };
    },
  },
};

function escapeText(text: string) {
  return md.utils.escapeHtml(text);
}

function tocHtml(toc: TocEntry[]): string {
  const items = toc.map((e) => `<li><a href="#${e.id}">${escapeText(e.text)}</a></li>`).join('');
  return `<nav class="wiki-toc" aria-label="Contents"><p><strong>Contents</strong></p><ul>${items}</ul></nav>\n`;
}

export interface Rendered {
  html: string;
  toc: TocEntry[];
}

/** A page parsed once: what its links name can be read, and it can be drawn, without parsing again. */
export interface ParsedMarkdown {
  tokens: Token[];
  env: Env;
}

export function parseMarkdown(source: string): ParsedMarkdown {
  const env: Env = {};
  return { tokens: md.parse(source, env), env };
}

export function renderParsed(parsed: ParsedMarkdown, ctx: RenderContext): Rendered {
  const env: Env = { ...parsed.env, ctx, index: undefined };
  const body = md.renderer.render(parsed.tokens, md.options, env);
  const toc = env.toc ?? [];
  const html = (toc.length >= TOC_MIN_HEADINGS ? tocHtml(toc) : '') + body;
  return { html: sanitizeHtml(html, SANITIZE), toc };
}

export function renderMarkdown(source: string, ctx: RenderContext): Rendered {
  return renderParsed(parseMarkdown(source), ctx);
}

/** What a page's internal links point at: titles from [[…]], slugs from /library/… links. */
export function internalLinks(source: string | ParsedMarkdown): { titles: string[]; slugs: string[] } {
  const titles = new Set<string>();
  const slugs = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const t of tokens) {
      if (t.type === 'wikilink_open') titles.add((t.meta as { title: string }).title);
      if (t.type === 'link_open') {
        const m = INTERNAL_HREF.exec(t.attrGet('href') ?? '');
        if (m) slugs.add(m[1]);
      }
      if (t.children) walk(t.children);
    }
  };
  walk(typeof source === 'string' ? md.parse(source, {}) : source.tokens);
  return { titles: [...titles], slugs: [...slugs] };
}

/**
 * What a page's links name, as stored with it: `links`, the slugs for "What links here" ([[Title]]
 * counted by its slug); and for its view, the wikilink titles in lower case (as they are looked up)
 * and the page addresses its links name.
 */
export function storedLinks(source: string | ParsedMarkdown): {
  links: string[];
  titles: string[];
  slugs: string[];
} {
  const { titles, slugs } = internalLinks(source);
  return {
    links: [...new Set([...slugs, ...titles.map(slugify)])],
    titles: [...new Set(titles.map((t) => t.toLowerCase()))],
    slugs,
  };
}
