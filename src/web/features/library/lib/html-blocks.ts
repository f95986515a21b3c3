// The preview's sanitized HTML cut into its top-level elements, so an edit redraws only the
// blocks it changed (a page near the 1 MB limit takes the browser long to lay out in full).
// Joined, the blocks are exactly the input: nothing is added, dropped or re-encoded.

// The sanitizer escapes every `<` and `>` in text and attribute values, so each one here is a tag.
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*>/g;
const VOID = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'source', 'track', 'wbr']);

/**
 * Each top-level element of `html` with the whitespace after it; the whole of `html` as one
 * block when anything but elements and whitespace stands at the top level.
 */
export function topLevelBlocks(html: string): string[] {
  const blocks: string[] = [];
  let depth = 0;
  let start = 0;
  for (const m of html.matchAll(TAG)) {
    const closing = m[1] === '/';
    if (depth === 0 && (closing || html.slice(start, m.index).trim())) return [html];
    if (closing) depth -= 1;
    else if (!VOID.has(m[2].toLowerCase()) && !m[0].endsWith('/>')) depth += 1;
    if (depth === 0) {
      const end = m.index + m[0].length;
      const next = html.slice(end).search(/\S/);
      const stop = next < 0 ? html.length : end + next;
      blocks.push(html.slice(start, stop));
      start = stop;
    }
  }
  if (depth !== 0 || start < html.length) return blocks.length === 0 && !html.trim() ? [] : [html];
  return blocks;
}
