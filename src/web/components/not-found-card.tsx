import { Card } from './ui/card';

/** A detail page's answer when the thing is not there, or not the caller's to see. */
export function NotFoundCard({ title, message }: { title: string; message: string }) {
  return (
    <Card className="p-10 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-muted-foreground">{message}</p>
    </Card>
  );
}
