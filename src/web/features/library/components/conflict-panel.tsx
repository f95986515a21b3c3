import type { WikiPage } from '@common/schemas/wiki';
import { TriangleAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Textarea } from '@web/components/ui/textarea';
import { personName } from '../lib/format';

interface Props {
  newer: WikiPage;
  mine: string;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

/** After a 409: the version saved meanwhile beside the user's own text, and a choice. */
export function ConflictPanel({ newer, mine, onKeepMine, onTakeTheirs }: Props) {
  return (
    <Alert variant="warning" role="alert">
      <TriangleAlert aria-hidden="true" />
      <AlertTitle>This page was changed while you were editing</AlertTitle>
      <AlertDescription className="space-y-3">
        <p>
          {personName(newer.author)} saved version {newer.currentVersion}. Your text is still in the editor:
          compare, then keep yours (it will be saved over theirs) or start again from theirs.
        </p>
        <div className="grid gap-3 lg:grid-cols-2">
          <div className="space-y-1">
            <p className="text-sm font-medium">Their version {newer.currentVersion}</p>
            <Textarea
              readOnly
              aria-label="Their version"
              className="h-56 font-mono text-xs"
              value={newer.content}
            />
          </div>
          <div className="space-y-1">
            <p className="text-sm font-medium">Your text</p>
            <Textarea readOnly aria-label="Your text" className="h-56 font-mono text-xs" value={mine} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" onClick={onKeepMine}>
            Keep my text
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onTakeTheirs}>
            Use their version
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
