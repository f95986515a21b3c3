import { CircleHelp } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';

const HELP: [string, string][] = [
  ['Headers', '# Heading 1, ## Heading 2, ### Heading 3'],
  ['Bold', '**bold text**'],
  ['Italic', '*italic text*'],
  ['Inline code', '`code`'],
  ['External links', '[Link text](https://example.com)'],
  ['Internal links', '[[Page Title]] or [Link text](/library/page-slug)'],
  ['Lists', '- item, or 1. item'],
];

/** The markdown help of the library toolbar. */
export function HelpDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <CircleHelp aria-hidden="true" /> Help
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Markdown help</DialogTitle>
          <DialogDescription>How to format library pages.</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {HELP.map(([term, syntax]) => (
            <div key={term} className="contents">
              <dt className="font-medium">{term}</dt>
              <dd>
                <code className="rounded bg-muted px-1.5 py-0.5">{syntax}</code>
              </dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-muted-foreground">
          Pages with three or more headings get a table of contents. A link to a page that does not exist yet
          is shown in red; follow it to create the page.
        </p>
      </DialogContent>
    </Dialog>
  );
}
