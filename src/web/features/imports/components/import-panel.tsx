// Pick a file, preview (dry run), then import: the steps both imports share.
import { Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';

interface ImportPanelProps<R> {
  accept: string;
  fileLabel: string;
  hint: string;
  /** Extra options (space, type) shown above the buttons. */
  options?: React.ReactNode;
  run: (file: File, dryRun: boolean) => Promise<R | null>;
  progress: number | null;
  error: string | null;
  /** Whether the preview allows the real import (members: a file with errors creates nothing). */
  canImport: (preview: R) => boolean;
  renderPreview: (preview: R) => React.ReactNode;
  renderResult: (result: R) => React.ReactNode;
}

export function ImportPanel<R>(props: ImportPanelProps<R>) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<R | null>(null);
  const [result, setResult] = useState<R | null>(null);
  const busy = props.progress !== null;

  const go = async (dryRun: boolean) => {
    if (!file) return;
    const answer = await props.run(file, dryRun);
    if (!answer) return;
    // A new preview stands alone: the result of an earlier import would read as this file's.
    if (dryRun) {
      setPreview(answer);
      setResult(null);
    } else {
      setResult(answer);
      setPreview(null);
    }
  };

  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <Label htmlFor={inputId}>{props.fileLabel}</Label>
        <Input
          id={inputId}
          type="file"
          accept={props.accept}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setPreview(null);
            setResult(null);
          }}
        />
        <p className="text-sm text-muted-foreground">{props.hint}</p>
      </div>
      {props.options}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" disabled={!file || busy} onClick={() => go(true)}>
          Preview
        </Button>
        <Button
          type="button"
          disabled={!file || busy || !preview || !props.canImport(preview)}
          onClick={() => go(false)}
        >
          <Upload className="size-4" aria-hidden="true" /> Import
        </Button>
        {busy && (
          <span className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Spinner className="size-4" />
            {props.progress !== null && props.progress < 1
              ? `Uploading… ${Math.round(props.progress * 100)}%`
              : 'Reading the file…'}
            <progress
              className="w-40"
              max={1}
              value={props.progress ?? undefined}
              aria-label="Upload progress"
            />
          </span>
        )}
      </div>
      {props.error && (
        <Alert variant="destructive">
          <AlertTitle>Error</AlertTitle>
          <AlertDescription>{props.error}</AlertDescription>
        </Alert>
      )}
      {preview && !busy && (
        <section aria-label="Preview" className="space-y-2">
          <h2 className="text-lg font-semibold">Preview</h2>
          {props.renderPreview(preview)}
        </section>
      )}
      {result && !busy && (
        <section aria-label="Result" className="space-y-2">
          <h2 className="text-lg font-semibold">Result</h2>
          {props.renderResult(result)}
        </section>
      )}
    </div>
  );
}
