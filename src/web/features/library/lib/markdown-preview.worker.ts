// The editor's preview, drawn off the main thread by the library's one renderer: the HTML sent
// back is already sanitized by the same allow-list as the server's, and is inserted as is (cut
// into blocks that join back into exactly that HTML).
import { type LinkTarget, renderMarkdown } from '@common/library/markdown';
import { topLevelBlocks } from './html-blocks';
import type { PreviewDone, PreviewJob } from './preview-scheduler';

interface WorkerScope {
  onmessage: ((event: MessageEvent<PreviewJob>) => void) | null;
  postMessage(message: PreviewDone): void;
}

const scope = self as unknown as WorkerScope;
let targets: readonly LinkTarget[] = [];

scope.onmessage = ({ data }) => {
  if (data.targets) targets = data.targets;
  const { html } = renderMarkdown(data.content, { basePath: '/library', targets });
  scope.postMessage({ seq: data.seq, blocks: topLevelBlocks(html) });
};
