import type { LucideIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

interface NoticeCardProps {
  icon: LucideIcon;
  title: string;
  description: React.ReactNode;
  /** Buttons or links leading on. */
  children?: React.ReactNode;
  tone?: 'default' | 'destructive';
}

/** A one-message card for dead ends: not found, not available, invalid link. */
export function NoticeCard({ icon: Icon, title, description, children, tone = 'default' }: NoticeCardProps) {
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <Icon
          className={
            tone === 'destructive' ? 'mb-2 size-10 text-destructive' : 'mb-2 size-10 text-muted-foreground'
          }
          aria-hidden="true"
        />
        <CardTitle as="h1">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {children && <CardContent className="flex flex-col gap-2">{children}</CardContent>}
    </Card>
  );
}
