// Small display helpers for the library screens.
import type { WikiPage } from '@common/schemas/wiki';

export function personName(author: WikiPage['author']): string {
  if (!author) return 'a former member';
  const name = [author.firstName, author.lastName].filter(Boolean).join(' ');
  return name || author.username;
}

export function shortDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
