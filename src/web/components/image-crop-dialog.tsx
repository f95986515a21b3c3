import { Minus, Move, Plus } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  clampOffset,
  drawRect,
  type Offset,
  outputType,
  type Size,
  shownSize,
  stepZoom,
} from '@web/lib/crop';
import { Button } from './ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './ui/dialog';

export interface ImageCropDialogProps {
  /** The chosen image; the dialog is open while there is one. */
  file: File | null;
  /** Width / height of the result (team header 3.73, profile picture 1). */
  aspect: number;
  /** Width of the result in pixels (team header 800, profile picture 300). */
  outputWidth: number;
  scale: { min: number; max: number; step: number };
  quality?: number;
  /** Always a JPEG (profile pictures), instead of keeping a PNG as PNG. */
  jpegOnly?: boolean;
  title?: string;
  description?: string;
  saveLabel?: string;
  /** True while the caller uploads the result: the buttons wait. */
  busy?: boolean;
  onCancel: () => void;
  onCrop: (blob: Blob, fileName: string) => void;
}

const MOVE_STEP = 10;
const MOVE_STEP_LARGE = 50;

/**
 * Crops an image in the browser: drag or use the arrow keys to move, the slider
 * or +/- to zoom. PNG stays PNG unless `jpegOnly`; anything else becomes a JPEG on a white
 * background.
 */
export function ImageCropDialog(props: ImageCropDialogProps) {
  const { file, title = 'Crop Image', description } = props;
  return (
    <Dialog open={file !== null} onOpenChange={(open) => !open && !props.busy && props.onCancel()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {description ??
              'Drag the image or use the arrow keys to position it; zoom with the slider or + and -.'}
          </DialogDescription>
        </DialogHeader>
        {file && <Cropper key={`${file.name}-${file.size}-${file.lastModified}`} {...props} file={file} />}
      </DialogContent>
    </Dialog>
  );
}

function useObjectUrlImage(file: File) {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => setImage(img);
    img.onerror = () => setFailed(true);
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return { image, failed };
}

function Cropper({
  file,
  aspect,
  outputWidth,
  scale,
  quality = 0.9,
  jpegOnly = false,
  saveLabel,
  busy,
  onCancel,
  onCrop,
}: ImageCropDialogProps & { file: File }) {
  const { image, failed } = useObjectUrlImage(file);
  const frameRef = useRef<HTMLDivElement>(null);
  const [frameWidth, setFrameWidth] = useState(0);
  const initialZoom = stepZoom(1, scale);
  const [zoom, setZoom] = useState(initialZoom);
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const drag = useRef<{ pointerId: number; x: number; y: number; start: Offset } | null>(null);
  const helpId = useId();
  const zoomId = useId();

  useEffect(() => {
    const el = frameRef.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setFrameWidth(entry.contentRect.width));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const frame: Size = { width: frameWidth, height: frameWidth / aspect };
  const natural: Size | null = image ? { width: image.naturalWidth, height: image.naturalHeight } : null;
  const ready = natural !== null && frameWidth > 0;

  const place = useCallback(
    (next: Offset, nextZoom = zoom) => {
      if (!natural || frameWidth === 0) return;
      setOffset(clampOffset(next, natural, { width: frameWidth, height: frameWidth / aspect }, nextZoom));
    },
    [natural, frameWidth, aspect, zoom],
  );

  const zoomTo = (value: number) => {
    const next = stepZoom(value, scale);
    setZoom(next);
    place(offset, next);
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    const step = e.shiftKey ? MOVE_STEP_LARGE : MOVE_STEP;
    const moves: Record<string, Offset> = {
      ArrowLeft: { x: -step, y: 0 },
      ArrowRight: { x: step, y: 0 },
      ArrowUp: { x: 0, y: -step },
      ArrowDown: { x: 0, y: step },
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      place({ x: offset.x + move.x, y: offset.y + move.y });
    } else if (e.key === '+' || e.key === '=') {
      e.preventDefault();
      zoomTo(zoom + scale.step);
    } else if (e.key === '-' || e.key === '_') {
      e.preventDefault();
      zoomTo(zoom - scale.step);
    } else if (e.key === '0') {
      e.preventDefault();
      setZoom(initialZoom);
      place({ x: 0, y: 0 }, initialZoom);
    }
  };

  const onPointerDown = (e: React.PointerEvent) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { pointerId: e.pointerId, x: e.clientX, y: e.clientY, start: offset };
  };
  const onPointerMove = (e: React.PointerEvent) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    place({ x: d.start.x + e.clientX - d.x, y: d.start.y + e.clientY - d.y });
  };
  const endDrag = () => {
    drag.current = null;
  };

  const save = () => {
    if (!image || !natural || !ready) return;
    const output: Size = { width: outputWidth, height: Math.round(outputWidth / aspect) };
    const canvas = document.createElement('canvas');
    canvas.width = output.width;
    canvas.height = output.height;
    const context = canvas.getContext('2d');
    if (!context) return;
    const type = jpegOnly ? 'image/jpeg' : outputType(file.type);
    if (type === 'image/jpeg') {
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, output.width, output.height);
    }
    context.imageSmoothingQuality = 'high';
    const r = drawRect(natural, frame, zoom, offset, output);
    context.drawImage(image, r.x, r.y, r.width, r.height);
    const base = file.name.replace(/\.[^.]*$/, '') || 'image';
    canvas.toBlob(
      (blob) => blob && onCrop(blob, `${base}.${type === 'image/png' ? 'png' : 'jpg'}`),
      type,
      type === 'image/jpeg' ? quality : undefined,
    );
  };

  const shown = ready ? shownSize(natural, frame, zoom) : null;

  return (
    <div className="space-y-4">
      {/* An application region: a screen reader passes the arrow keys through to move the image. */}
      <div
        ref={frameRef}
        role="application"
        aria-roledescription="image cropper"
        aria-label="Crop area"
        aria-describedby={helpId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the crop area is operated from the keyboard
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        className="relative w-full cursor-move touch-none select-none overflow-hidden rounded-md border bg-[repeating-conic-gradient(#e5e7eb_0%_25%,#fff_0%_50%)] bg-[length:16px_16px] outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        style={{ aspectRatio: String(aspect) }}
        data-testid="crop-frame"
      >
        {failed ? (
          <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-destructive">
            This image could not be opened. Please choose another file.
          </p>
        ) : image && shown ? (
          <img
            src={image.src}
            alt=""
            draggable={false}
            className="pointer-events-none absolute max-w-none"
            style={{
              width: shown.width,
              height: shown.height,
              left: (frame.width - shown.width) / 2 + offset.x,
              top: (frame.height - shown.height) / 2 + offset.y,
            }}
          />
        ) : null}
      </div>
      <p id={helpId} className="flex items-center gap-2 text-xs text-muted-foreground">
        <Move className="size-3.5" aria-hidden="true" />
        Drag, or focus the image and use the arrow keys (Shift for larger steps); + and - zoom, 0 resets.
      </p>
      <div className="flex items-center gap-3">
        <Button
          variant="outline"
          size="icon"
          className="size-8"
          aria-label="Zoom out"
          onClick={() => zoomTo(zoom - scale.step)}
          disabled={zoom <= scale.min}
        >
          <Minus aria-hidden="true" />
        </Button>
        <label htmlFor={zoomId} className="sr-only">
          Zoom
        </label>
        <input
          id={zoomId}
          type="range"
          min={scale.min}
          max={scale.max}
          step={scale.step}
          value={zoom}
          onChange={(e) => zoomTo(Number(e.target.value))}
          className="h-2 flex-1 cursor-pointer accent-primary"
          aria-valuetext={`${Math.round(zoom * 100)}%`}
        />
        <Button
          variant="outline"
          size="icon"
          className="size-8"
          aria-label="Zoom in"
          onClick={() => zoomTo(zoom + scale.step)}
          disabled={zoom >= scale.max}
        >
          <Plus aria-hidden="true" />
        </Button>
        <span className="w-12 text-right text-sm tabular-nums text-muted-foreground" aria-hidden="true">
          {Math.round(zoom * 100)}%
        </span>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={save} disabled={!ready || busy || failed}>
          {busy ? 'Saving...' : (saveLabel ?? 'Crop & Save')}
        </Button>
      </DialogFooter>
    </div>
  );
}
