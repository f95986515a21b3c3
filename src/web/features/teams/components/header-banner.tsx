import type { TeamDetail } from '@common/schemas/teams';
import {
  TEAM_HEADER_ASPECT,
  TEAM_IMAGE_OUTPUT_WIDTH,
  TEAM_IMAGE_SCALE,
  TEAM_IMAGE_JPEG_QUALITY,
  TEAM_IMAGE_TYPES,
} from '@common/teams';
import { ImagePlus, Trash2, Users } from 'lucide-react';
import { lazy, useRef, useState } from 'react';
import { MountWhenOpened } from '@web/components/mount-when-opened';
import type { ConfirmRequest } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/hooks/use-toast';
import { errorMessage } from '@web/lib/api';
import { useRemoveHeaderImage, useUploadHeaderImage } from '../api/file-mutations';

// Loaded on first opening (MountWhenOpened), not with the page.
const ImageCropDialog = lazy(async () => ({
  default: (await import('@web/components/image-crop-dialog')).ImageCropDialog,
}));

const ACCEPT = TEAM_IMAGE_TYPES.join(',');

/** The team's banner at 3.73:1; managers choose, crop and upload, replace or remove it. */
export function HeaderBanner({
  team,
  canManage,
  confirm,
}: {
  team: TeamDetail;
  canManage: boolean;
  confirm: (request: ConfirmRequest) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const upload = useUploadHeaderImage(team.id);
  const remove = useRemoveHeaderImage(team.id);

  const onChoose = (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!(TEAM_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      toast({
        variant: 'destructive',
        title: 'Invalid file type',
        description: 'Please upload an image file (JPG, PNG, GIF, WebP).',
      });
      return;
    }
    setChosen(file);
  };

  const onCrop = (blob: Blob, fileName: string) =>
    upload.mutate(
      { blob, fileName },
      {
        onSuccess: () => {
          setChosen(null);
          toast({ title: 'Header image uploaded successfully' });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Failed to upload header image',
            description: errorMessage(error, 'Please try again.'),
          }),
      },
    );

  const onRemove = () =>
    confirm({
      title: 'Remove header image?',
      description: 'The banner will be removed from this team.',
      confirmLabel: 'Remove',
      destructive: true,
      onConfirm: () =>
        remove
          .mutateAsync(undefined, {
            onSuccess: () => toast({ title: 'Header image removed successfully' }),
            onError: () => toast({ variant: 'destructive', title: 'Failed to remove header image' }),
          })
          .catch(() => {}),
    });

  return (
    <div
      className="relative overflow-hidden rounded-lg border bg-muted"
      style={{ aspectRatio: String(TEAM_HEADER_ASPECT) }}
    >
      {team.headerImage ? (
        <img src={team.headerImage} alt={`${team.name} header`} className="size-full object-cover" />
      ) : (
        <div className="flex size-full items-center justify-center bg-primary/10">
          <Users className="size-14 text-primary-text" aria-hidden="true" />
        </div>
      )}
      {canManage && (
        <div className="absolute bottom-3 right-3 flex gap-2">
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            className="hidden"
            onChange={onChoose}
            data-testid="header-file"
          />
          <Button size="sm" variant="secondary" className="shadow" onClick={() => input.current?.click()}>
            <ImagePlus aria-hidden="true" />
            {team.headerImage ? 'Replace image' : 'Upload header image'}
          </Button>
          {team.headerImage && (
            <Button size="sm" variant="destructive" className="shadow" onClick={onRemove}>
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          )}
        </div>
      )}
      <MountWhenOpened open={chosen !== null}>
        <ImageCropDialog
          file={chosen}
          title="Crop Header Image"
          aspect={TEAM_HEADER_ASPECT}
          outputWidth={TEAM_IMAGE_OUTPUT_WIDTH}
          scale={TEAM_IMAGE_SCALE}
          quality={TEAM_IMAGE_JPEG_QUALITY}
          busy={upload.isPending}
          onCancel={() => setChosen(null)}
          onCrop={onCrop}
        />
      </MountWhenOpened>
    </div>
  );
}
