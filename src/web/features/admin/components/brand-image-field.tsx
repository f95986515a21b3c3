import { ImageUp, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@web/components/ui/button';
import { type BrandImageKind, useUploadBrandImage } from '../api/branding';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

interface BrandImageFieldProps {
  organizationId: number;
  kind: BrandImageKind;
  label: string;
  hint: string;
  url: string | null;
  onRemove: () => void;
  removing: boolean;
}

/** Pick, upload (re-encoded by the server) and show a logo or favicon. */
export function BrandImageField({
  organizationId,
  kind,
  label,
  hint,
  url,
  onRemove,
  removing,
}: BrandImageFieldProps) {
  const upload = useUploadBrandImage(organizationId, kind);
  const input = useRef<HTMLInputElement>(null);
  const id = `brand-${kind}`;
  return (
    <div className="space-y-2">
      <p className="font-medium" id={`${id}-label`}>
        {label}
      </p>
      <div className="flex items-center gap-4">
        <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted">
          {url ? (
            <img
              src={url}
              alt={`Current ${label.toLowerCase()}`}
              className="max-h-full max-w-full object-contain"
            />
          ) : (
            <span className="text-xs text-muted-foreground">None</span>
          )}
        </div>
        <div className="space-y-2">
          <input
            ref={input}
            id={id}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            aria-labelledby={`${id}-label`}
            aria-describedby={`${id}-hint`}
            data-testid={`${kind}-input`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) upload.mutate(file);
              e.target.value = '';
            }}
          />
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={upload.isPending}
              onClick={() => input.current?.click()}
            >
              <ImageUp aria-hidden="true" />
              {upload.isPending ? 'Uploading...' : `Upload ${label}`}
            </Button>
            {url && (
              <Button
                variant="ghost"
                size="sm"
                disabled={removing}
                onClick={onRemove}
                aria-label={`Remove ${label.toLowerCase()}`}
              >
                <Trash2 aria-hidden="true" />
                Remove
              </Button>
            )}
          </div>
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        </div>
      </div>
    </div>
  );
}
