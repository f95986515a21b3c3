// The geometry of the image crop dialog, kept apart from the canvas so it can be tested: the
// image is centred in a frame, scaled from the size that just covers the frame, and moved by an
// offset of its centre from the frame's centre (in frame pixels).

export interface Size {
  width: number;
  height: number;
}

export interface Offset {
  x: number;
  y: number;
}

/** The scale at which the image exactly covers the frame (zoom 1). */
export function coverScale(image: Size, frame: Size): number {
  return Math.max(frame.width / image.width, frame.height / image.height);
}

/** The image's size in the frame at a zoom. */
export function shownSize(image: Size, frame: Size, zoom: number): Size {
  const s = coverScale(image, frame) * zoom;
  return { width: image.width * s, height: image.height * s };
}

/**
 * Keeps the image on the frame's edges: larger than the frame, it may not uncover an edge;
 * smaller, it may not leave the frame.
 */
export function clampOffset(offset: Offset, image: Size, frame: Size, zoom: number): Offset {
  const shown = shownSize(image, frame, zoom);
  const limit = (shownLen: number, frameLen: number) => Math.abs(shownLen - frameLen) / 2;
  const clamp = (v: number, max: number) => Math.min(max, Math.max(-max, v)) || 0;
  return {
    x: clamp(offset.x, limit(shown.width, frame.width)),
    y: clamp(offset.y, limit(shown.height, frame.height)),
  };
}

/** Where the image lands in an output canvas of `output` size for what the frame shows. */
export function drawRect(image: Size, frame: Size, zoom: number, offset: Offset, output: Size) {
  const ratio = output.width / frame.width;
  const shown = shownSize(image, frame, zoom);
  const width = shown.width * ratio;
  const height = shown.height * ratio;
  return {
    x: (output.width - width) / 2 + offset.x * ratio,
    y: (output.height - height) / 2 + offset.y * ratio,
    width,
    height,
  };
}

/** Rounds a zoom to its step (0.1 → no 0.30000000000000004) within its range. */
export function stepZoom(value: number, range: { min: number; max: number; step: number }): number {
  const snapped = Math.round(value / range.step) * range.step;
  return Number(Math.min(range.max, Math.max(range.min, snapped)).toFixed(4));
}

/** PNG stays PNG (transparency); anything else becomes a JPEG on white. */
export function outputType(inputType: string): 'image/png' | 'image/jpeg' {
  return inputType === 'image/png' ? 'image/png' : 'image/jpeg';
}
