// A library page of realistic shape at the size limit: sections with headings, prose with
// emphasis, wiki links (to existing, renamed and missing pages), site links, lists and tables,
// repeated until it reaches `bytes`. Used to check that the renderer stays linear in the size.
export const BIG_PAGE_TARGETS = Array.from({ length: 300 }, (_, k) => ({
  title: `Page ${k}`,
  slug: `page-${k}`,
}));

export function bigMarkdown(bytes = 1_000_000): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const section = [
      `## Section ${i}`,
      '',
      `The **rigging** crew checks [[Page ${i % 300}]] and [the notes](/library/notes-${i % 50}) before`,
      `*every* flying cue. See [[Missing ${i}|what is missing]] and https://example.com/${i}.`,
      '',
      `- item one ${i}`,
      '- item two with `code`',
      '',
      '| Cue | Time | Who |',
      '| --- | :--: | --- |',
      `| ${i} | 10:00 | Sam |`,
      `| ${i + 1} | 10:05 | Maya |`,
      '',
      '',
    ].join('\n');
    parts.push(section);
    size += section.length;
  }
  return parts.join('').slice(0, bytes);
}
