import { useEffect, useRef } from 'react';

export const CHALLENGE_PICTURE_LABEL =
  'Math question shown as a picture. For a question you can hear, choose "Question in words".';

const WIDTH = 200;
const HEIGHT = 60;

/**
 * Draws a math question as a picture with noise lines (200x60 canvas). Its
 * accessible name does not hold the question, which would hand it to any script reading the
 * page; it points to the question in words beside it instead.
 */
export function ChallengeCanvas({ question }: { question: string }) {
  const ref = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const ctx = ref.current?.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, WIDTH, HEIGHT);
    ctx.fillStyle = '#f3f4f6';
    ctx.fillRect(0, 0, WIDTH, HEIGHT);
    for (let i = 0; i < 6; i++) {
      ctx.strokeStyle = `hsl(${Math.floor(Math.random() * 360)} 40% 65%)`;
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.moveTo(Math.random() * WIDTH, Math.random() * HEIGHT);
      ctx.lineTo(Math.random() * WIDTH, Math.random() * HEIGHT);
      ctx.stroke();
    }
    ctx.font = 'bold 24px ui-monospace, monospace';
    ctx.fillStyle = '#1f2937';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.save();
    ctx.translate(WIDTH / 2, HEIGHT / 2);
    ctx.rotate((Math.random() - 0.5) * 0.1);
    ctx.fillText(question, 0, 0);
    ctx.restore();
  }, [question]);

  return (
    <canvas
      ref={ref}
      width={WIDTH}
      height={HEIGHT}
      role="img"
      aria-label={CHALLENGE_PICTURE_LABEL}
      className="h-auto max-w-full min-w-0 rounded-md border"
      data-testid="challenge-canvas"
    />
  );
}
