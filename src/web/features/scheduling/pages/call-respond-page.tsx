// /calls/respond?token=&status=: the call mail's Confirm / Can't make it links land
// here, signed in or not. Opening the page changes nothing; one click answers. A tampered,
// expired or used link shows the server's own words.
import { formatCallTime } from '@common/clock';
import type { RespondLinkInfo } from '@common/schemas/scheduling';
import { CALL_STATUS_LABELS, type ResponseStatus } from '@common/scheduling';
import { CircleCheck, Megaphone, TriangleAlert } from 'lucide-react';
import { useSearch } from 'wouter';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { useAnswerRespondLink, useRespondLink } from '../api/respond-link';
import { formatEventDate, formatTimeRange } from '@web/features/calendar/lib/dates';

const LABEL: Record<ResponseStatus, string> = {
  confirmed: "Confirm: I'll be there",
  declined: "Can't make it",
};

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center bg-muted/40 px-4 py-10">
      <main className="w-full max-w-md">{children}</main>
    </div>
  );
}

function Problem({ title, message }: { title: string; message: string }) {
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <TriangleAlert aria-hidden="true" className="mb-2 size-10 text-destructive" />
        <CardTitle as="h1">{title}</CardTitle>
        <CardDescription>{message}</CardDescription>
      </CardHeader>
      <CardContent className="text-center text-sm text-muted-foreground">
        Signed in, you can still answer from My Schedule in the calendar.
      </CardContent>
    </Card>
  );
}

function When({ info }: { info: RespondLinkInfo }) {
  const callTime = formatCallTime(info.callTime);
  return (
    <dl className="space-y-1 text-sm">
      <div>
        <dt className="sr-only">Event</dt>
        <dd className="text-base font-semibold">{info.eventName}</dd>
      </div>
      <div>
        <dt className="sr-only">When</dt>
        <dd>
          {formatEventDate(info.startDateTime)}, {formatTimeRange(info.startDateTime, info.endDateTime)}
        </dd>
      </div>
      {callTime && (
        <div>
          <dt className="inline">Call time: </dt>
          <dd className="inline">{callTime}</dd>
        </div>
      )}
      {info.spaces.length > 0 && (
        <div>
          <dt className="inline">Where: </dt>
          <dd className="inline">{info.spaces.join(', ')}</dd>
        </div>
      )}
    </dl>
  );
}

export function CallRespondPage() {
  const params = new URLSearchParams(useSearch());
  const token = params.get('token') ?? '';
  const asked = params.get('status') === 'declined' ? 'declined' : 'confirmed';
  const info = useRespondLink(token);
  const answer = useAnswerRespondLink();

  if (!token)
    return (
      <Frame>
        <Problem title="This link is incomplete" message="Open the link from your call email again." />
      </Frame>
    );
  if (info.isLoading)
    return (
      <Frame>
        <Spinner label="Opening your call" className="justify-center py-10" />
      </Frame>
    );
  if (info.isError || !info.data)
    return (
      <Frame>
        <Problem
          title="This link cannot be used"
          message={errorMessage(
            info.error,
            'The server could not be reached. Check your connection and reload.',
          )}
        />
      </Frame>
    );

  if (answer.isSuccess) {
    const done = answer.data;
    return (
      <Frame>
        <Card>
          <CardHeader className="items-center text-center">
            <CircleCheck aria-hidden="true" className="mb-2 size-10 text-success" />
            <CardTitle as="h1">Thanks, {done.memberName}</CardTitle>
            <CardDescription role="status">
              {done.status === 'confirmed'
                ? 'You confirmed. See you there!'
                : "We told the stage manager you can't make it."}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <When info={done} />
          </CardContent>
        </Card>
      </Frame>
    );
  }

  const data = info.data;
  const other: ResponseStatus = asked === 'confirmed' ? 'declined' : 'confirmed';
  return (
    <Frame>
      <Card>
        <CardHeader>
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Megaphone aria-hidden="true" className="size-4" /> {data.organizationName}
          </p>
          <CardTitle as="h1">Hi {data.memberName}, you are called</CardTitle>
          <CardDescription>
            Your answer so far: {CALL_STATUS_LABELS[data.status]}. Choose below; nothing is sent until you do.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <When info={data} />
          {answer.isError && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errorMessage(answer.error, 'Your answer could not be sent. Please try again.')}
            </p>
          )}
          <div className="flex flex-col gap-2">
            <Button
              variant={asked === 'declined' ? 'destructive' : 'default'}
              disabled={answer.isPending}
              onClick={() => answer.mutate({ token, status: asked })}
            >
              {answer.isPending ? 'Sending...' : LABEL[asked]}
            </Button>
            <Button
              variant="outline"
              disabled={answer.isPending}
              onClick={() => answer.mutate({ token, status: other })}
            >
              {LABEL[other]}
            </Button>
          </div>
        </CardContent>
      </Card>
    </Frame>
  );
}
