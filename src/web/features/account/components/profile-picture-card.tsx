import {
  PICTURE_TOO_LARGE,
  PICTURE_WRONG_TYPE,
  PROFILE_PICTURE_CROP,
  PROFILE_PICTURE_MAX_BYTES,
} from '@common/account';
import type { SessionUser } from '@common/schemas/auth';
import { Camera, Trash2 } from 'lucide-react';
import { lazy, useRef, useState } from 'react';
import { MountWhenOpened } from '@web/components/mount-when-opened';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { PersonAvatar } from '@web/components/person-avatar';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/hooks/use-toast';
import { useRemoveProfilePicture, useUploadProfilePicture } from '../api/profile-picture';

// Loaded on first opening (MountWhenOpened), not with the page.
const ImageCropDialog = lazy(async () => ({
  default: (await import('@web/components/image-crop-dialog')).ImageCropDialog,
}));

const TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
// Zoom 1 is the smallest scale that still covers the square (lib/crop.ts).
const SCALE = { min: 1, max: PROFILE_PICTURE_CROP.maxScale, step: PROFILE_PICTURE_CROP.step };

/** Profile Picture: choose, check, crop to a square, upload; or remove. */
export function ProfilePictureCard({ user }: { user: SessionUser }) {
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [confirming, setConfirming] = useState(false);
  const upload = useUploadProfilePicture();
  const remove = useRemoveProfilePicture();

  const onChoose = (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!TYPES.includes(file.type)) return toast({ variant: 'destructive', ...PICTURE_WRONG_TYPE });
    if (file.size > PROFILE_PICTURE_MAX_BYTES) return toast({ variant: 'destructive', ...PICTURE_TOO_LARGE });
    setChosen(file);
  };

  const onCrop = (blob: Blob, fileName: string) =>
    upload.mutate(
      { blob, fileName },
      {
        onSuccess: () => {
          setChosen(null);
          toast({ title: 'Profile picture updated' });
        },
        onError: () =>
          toast({ variant: 'destructive', title: 'Failed to upload profile picture. Please try again.' }),
      },
    );

  const onRemove = () =>
    remove
      .mutateAsync(undefined, {
        onSuccess: () => toast({ title: 'Profile picture removed' }),
        onError: () =>
          toast({ variant: 'destructive', title: 'Failed to remove profile picture. Please try again.' }),
      })
      .catch(() => {});

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Profile Picture</CardTitle>
        <CardDescription>
          JPG, PNG, GIF or WebP, up to 5MB. You can crop it before it is saved.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-6">
        <PersonAvatar person={user} alt="Your profile picture" className="size-24 text-2xl" />
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept={TYPES.join(',')}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="profile-picture-input"
            onChange={onChoose}
          />
          <Button type="button" onClick={() => input.current?.click()} disabled={upload.isPending}>
            <Camera aria-hidden="true" />
            {user.profilePicture ? 'Change Picture' : 'Upload Picture'}
          </Button>
          {user.profilePicture && (
            <Button
              type="button"
              variant="outline"
              onClick={() => setConfirming(true)}
              disabled={remove.isPending}
            >
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          )}
        </div>
      </CardContent>
      <MountWhenOpened open={chosen !== null}>
        <ImageCropDialog
          file={chosen}
          aspect={1}
          outputWidth={PROFILE_PICTURE_CROP.size}
          scale={SCALE}
          quality={PROFILE_PICTURE_CROP.quality}
          jpegOnly
          title="Crop Profile Picture"
          busy={upload.isPending}
          onCancel={() => setChosen(null)}
          onCrop={onCrop}
        />
      </MountWhenOpened>
      <ConfirmDialog
        request={
          confirming
            ? {
                title: 'Remove profile picture?',
                description: 'Your initials will show instead.',
                confirmLabel: 'Remove',
                destructive: true,
                onConfirm: onRemove,
              }
            : null
        }
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
