import { useEffect, useState } from 'react';
import { Skeleton } from '@web/components/ui/skeleton';

/** The otpauth address as a QR code; the library loads only when a member sets up two-step sign-in. */
export function QrCode({ value }: { value: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(value, { margin: 1, width: 200, errorCorrectionLevel: 'M' }))
      .then((url) => live && setSrc(url))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [value]);
  if (failed)
    return <p className="text-sm text-destructive">The QR code could not be drawn: enter the key by hand.</p>;
  if (!src) return <Skeleton className="size-[200px]" />;
  return (
    <img
      src={src}
      width={200}
      height={200}
      alt="QR code for your authenticator app"
      className="rounded border"
    />
  );
}
