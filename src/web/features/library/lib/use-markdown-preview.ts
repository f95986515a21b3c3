// The editor's live preview. Rendering a page near the 1 MB limit takes long enough that doing it
// on every key would make each key wait for it, so the preview is drawn once typing pauses (the
// pause longer for a long page), and as a transition, so the text box never waits for it.
import { type LinkTarget, renderMarkdown } from '@common/wiki/markdown';
import { startTransition, useEffect, useRef, useState } from 'react';

const PAUSE_MS = 150;
const LONG_PAGE_PAUSE_MS = 600;
const LONG_PAGE_CHARS = 100_000;

/** The preview's HTML (null until first drawn, which happens right after the editor opens). */
export function useMarkdownPreview(content: string, targets: readonly LinkTarget[]): string | null {
  const [html, setHtml] = useState<string | null>(null);
  const drawn = useRef(false);
  useEffect(() => {
    const pause = !drawn.current ? 0 : content.length > LONG_PAGE_CHARS ? LONG_PAGE_PAUSE_MS : PAUSE_MS;
    const timer = setTimeout(() => {
      drawn.current = true;
      const next = renderMarkdown(content, { basePath: '/library', targets }).html;
      startTransition(() => setHtml(next));
    }, pause);
    return () => clearTimeout(timer);
  }, [content, targets]);
  return html;
}
