import type { FormEventHandler } from 'react';
import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';

/** The way out of the password recovery screens. */
export function BackToLogin() {
  return (
    <Button variant="link" asChild>
      <Link href="/login">Back to login</Link>
    </Button>
  );
}

interface AuthFormCardProps {
  title: string;
  description: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  isPending: boolean;
  submitLabel: string;
  pendingLabel: string;
  contentClassName?: string;
  /** The fields. */
  children: React.ReactNode;
}

/** A one-step password recovery form: heading, fields, one submit button and the way back. */
export function AuthFormCard({
  title,
  description,
  onSubmit,
  isPending,
  submitLabel,
  pendingLabel,
  contentClassName,
  children,
}: AuthFormCardProps) {
  return (
    <Card>
      <CardHeader className="text-center">
        <CardTitle as="h1">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate>
        <CardContent className={contentClassName}>{children}</CardContent>
        <CardFooter className="flex-col gap-2">
          <Button type="submit" className="w-full" disabled={isPending}>
            {isPending ? pendingLabel : submitLabel}
          </Button>
          <BackToLogin />
        </CardFooter>
      </form>
    </Card>
  );
}
