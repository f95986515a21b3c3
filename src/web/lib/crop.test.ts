import { describe, expect, it } from 'vitest';
import { clampOffset, coverScale, drawRect, outputType, stepZoom } from './crop';

const frame = { width: 373, height: 100 };

describe('crop geometry', () => {
  it('covers the frame at zoom 1', () => {
    expect(coverScale({ width: 1000, height: 1000 }, frame)).toBeCloseTo(0.373);
    expect(coverScale({ width: 3730, height: 500 }, frame)).toBeCloseTo(0.2);
  });

  it('keeps a large image over every edge and a small one inside the frame', () => {
    const image = { width: 1000, height: 1000 };
    // Zoom 1: 373 x 373 shown, so it can move 136.5 up or down and not sideways.
    expect(clampOffset({ x: 50, y: 500 }, image, frame, 1)).toEqual({ x: 0, y: 136.5 });
    // Zoom 0.5: 186.5 x 186.5, narrower than the frame: stays inside horizontally.
    const small = clampOffset({ x: -500, y: 0 }, image, frame, 0.5);
    expect(small.x).toBeCloseTo(-93.25);
  });

  it('maps the frame onto an 800 px output', () => {
    const image = { width: 1000, height: 1000 };
    const out = { width: 800, height: Math.round(800 / 3.73) };
    const r = drawRect(image, frame, 1, { x: 0, y: 0 }, out);
    expect(r.width).toBeCloseTo(800);
    expect(r.x).toBeCloseTo(0);
    expect(r.y).toBeCloseTo((out.height - 800) / 2);
  });

  it('snaps zoom to its step and range', () => {
    const range = { min: 0.5, max: 3, step: 0.1 };
    expect(stepZoom(0.1 + 0.2, range)).toBe(0.5);
    expect(stepZoom(1.23, range)).toBe(1.2);
    expect(stepZoom(7, range)).toBe(3);
  });

  it('keeps PNG and turns the rest into JPEG', () => {
    expect(outputType('image/png')).toBe('image/png');
    expect(outputType('image/webp')).toBe('image/jpeg');
    expect(outputType('image/gif')).toBe('image/jpeg');
  });
});
