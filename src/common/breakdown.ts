// Report note statuses and their labels, zod-free so the report screens load no schema library on
// their first paint (the schemas in schemas/breakdown.ts are built on these).
export const NOTE_STATUSES = ['open', 'acknowledged', 'done'] as const;
export type NoteStatus = (typeof NOTE_STATUSES)[number];
export const NOTE_STATUS_LABELS: Record<NoteStatus, string> = {
  open: 'Open',
  acknowledged: 'Acknowledged',
  done: 'Done',
};
