// Small display helpers for the library screens.
import type { WikiPage } from '@common/schemas/library';
import { formatDateTime } from '@web/lib/format';

export function personName(author: WikiPage['author']): string {
  if (!author) return 'a former member';
  const name = [author.firstName, author.lastName].filter(Boolean).join(' ');
  return name || author.username;
}

export const shortDateTime = (iso: string): string => formatDateTime(iso);
