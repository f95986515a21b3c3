import type { TeamDetail } from '@common/schemas/teams';
import { TEAM_ASSET_MAX_BYTES } from '@common/teams';
import { Download, FileText, Trash2, Upload } from 'lucide-react';
import { useRef } from 'react';
import type { ConfirmRequest } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/hooks/use-toast';
import { errorMessage } from '@web/lib/api';
import { useDeleteAsset, useUploadAsset } from '../api/file-mutations';

function formatSize(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The team's files: anyone in the organization downloads; managers upload (10 MB) and delete. */
export function AssetsCard({
  team,
  canManage,
  confirm,
}: {
  team: TeamDetail;
  canManage: boolean;
  confirm: (request: ConfirmRequest) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAsset(team.id);
  const remove = useDeleteAsset(team.id);

  const onChoose = (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (file.size > TEAM_ASSET_MAX_BYTES) {
      toast({
        variant: 'destructive',
        title: 'File too large',
        description: 'Files must be smaller than 10MB.',
      });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast({ title: 'File uploaded successfully' }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to upload file',
          description: errorMessage(error, 'Please try again.'),
        }),
    });
  };

  const onDelete = (id: number, name: string) =>
    confirm({
      title: 'Delete file?',
      description: `"${name}" will be deleted. This action cannot be undone.`,
      confirmLabel: 'Delete',
      destructive: true,
      onConfirm: () =>
        remove
          .mutateAsync(id)
          .then(() => toast({ title: 'File deleted successfully' }))
          .catch(() => toast({ variant: 'destructive', title: 'Failed to delete file' })),
    });

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between space-y-0">
        <CardTitle as="h2" className="text-xl">
          Assets
        </CardTitle>
        {canManage && (
          <>
            <input ref={input} type="file" className="hidden" onChange={onChoose} data-testid="asset-file" />
            <Button
              size="sm"
              variant="outline"
              onClick={() => input.current?.click()}
              disabled={upload.isPending}
            >
              <Upload aria-hidden="true" />
              {upload.isPending ? 'Uploading...' : 'Upload'}
            </Button>
          </>
        )}
      </CardHeader>
      <CardContent>
        {team.assets.length === 0 ? (
          <p className="text-sm text-muted-foreground">No files yet</p>
        ) : (
          <ul className="divide-y" aria-label="Team files">
            {team.assets.map((a) => (
              <li key={a.id} className="flex items-center gap-3 py-2">
                <FileText className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{a.originalName}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    {a.mimeType}
                    {a.fileSize !== null && ` · ${formatSize(a.fileSize)}`}
                  </p>
                </div>
                <Button asChild variant="ghost" size="icon" className="size-8">
                  <a href={a.filePath} download={a.originalName} aria-label={`Download ${a.originalName}`}>
                    <Download aria-hidden="true" />
                  </a>
                </Button>
                {canManage && (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label={`Delete ${a.originalName}`}
                    onClick={() => onDelete(a.id, a.originalName)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
