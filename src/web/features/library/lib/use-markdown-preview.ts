// The editor's live preview, drawn by a worker so the text box never waits for it
// (preview-scheduler.ts says when and in what order).
import type { LinkTarget } from '@common/library/markdown';
import { startTransition, useEffect, useRef, useState } from 'react';
import { topLevelBlocks } from './html-blocks';
import { createPreviewScheduler, type PreviewPort, type PreviewScheduler } from './preview-scheduler';

function startWorker(): PreviewPort | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./markdown-preview.worker.ts', import.meta.url), {
      type: 'module',
      name: 'markdown-preview',
    });
  } catch {
    return null;
  }
}

// Only where there is no worker: the renderer then loads into the page itself.
async function renderHere(content: string, targets: readonly LinkTarget[]) {
  const { renderMarkdown } = await import('@common/library/markdown');
  return topLevelBlocks(renderMarkdown(content, { basePath: '/library', targets }).html);
}

export interface MarkdownPreview {
  /** The preview's sanitized HTML in top-level blocks, null until first drawn (as the editor opens). */
  blocks: string[] | null;
  /** Whether the text changed since the preview shown was drawn. */
  outdated: boolean;
}

export function useMarkdownPreview(content: string, targets: readonly LinkTarget[]): MarkdownPreview {
  const [shown, setShown] = useState<{ blocks: string[]; content: string } | null>(null);
  const scheduler = useRef<PreviewScheduler | null>(null);
  useEffect(() => {
    const created = createPreviewScheduler({
      port: startWorker(),
      fallback: renderHere,
      onPreview: (blocks, drawn) => startTransition(() => setShown({ blocks, content: drawn })),
    });
    scheduler.current = created;
    return () => created.dispose();
  }, []);
  useEffect(() => {
    scheduler.current?.request(content, targets);
  }, [content, targets]);
  return { blocks: shown?.blocks ?? null, outdated: shown?.content !== content };
}
