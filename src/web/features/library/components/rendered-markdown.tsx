import './wiki-content.css';
import type { MouseEvent } from 'react';
import { useLocation } from 'wouter';

/** Links inside the site stay in the app (a plain click only; new tabs and other sites as usual). */
export function useInternalLinkClick() {
  const [, navigate] = useLocation();
  return (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!href?.startsWith('/') || href.startsWith('//') || anchor?.target) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(href);
  };
}

/**
 * HTML from the library's one renderer (common/library/markdown.ts: parsed with raw HTML off and
 * sanitized by an allow-list), so it is inserted as is. Links inside the site stay in the app.
 */
export function RenderedMarkdown({ html, className }: { html: string; className?: string }) {
  const onClick = useInternalLinkClick();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: only delegates link clicks; links keep their own keyboard access
    <div
      className={`wiki-content ${className ?? ''}`}
      onClick={onClick}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the library renderer
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
