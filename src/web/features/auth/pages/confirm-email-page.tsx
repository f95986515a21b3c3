import { CircleCheck, Clock, MailWarning, TriangleAlert } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage, isApiError } from '@web/lib/api';
import { useConfirmEmailChange } from '../api/confirm-email';
import { AuthShell } from '../components/auth-shell';
import { NoticeCard } from '../components/notice-card';

const INVALID = 'This confirmation link is not valid.';

/** What the server's refusal says happened to the link, as a card's title and icon. */
const REFUSALS: Record<string, { title: string; icon: LucideIcon }> = {
  expired: { title: 'Link expired', icon: Clock },
  superseded: { title: 'A newer link was sent', icon: MailWarning },
  used: { title: 'Link already used', icon: TriangleAlert },
  invalid: { title: 'Invalid confirmation link', icon: TriangleAlert },
};

function refusalOf(error: unknown) {
  if (isApiError(error, 409)) return { title: 'Address already in use', icon: TriangleAlert };
  const data = isApiError(error) ? error.data : undefined;
  const reason = typeof data === 'object' && data && 'reason' in data ? String(data.reason) : 'invalid';
  return REFUSALS[reason] ?? REFUSALS.invalid;
}

const toAccount = (
  <Button asChild>
    <Link href="/account-settings">Go to Account Settings</Link>
  </Button>
);

/** `/confirm-email?token=`: follows the link sent to a new e-mail address (a POST: no GET changes state). */
export function ConfirmEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const confirm = useConfirmEmailChange();
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  if (confirm.isSuccess) {
    return (
      <AuthShell>
        <NoticeCard icon={CircleCheck} title="Email address confirmed" description={confirm.data.message}>
          {toAccount}
        </NoticeCard>
      </AuthShell>
    );
  }
  if (!token || confirm.isError) {
    const { title, icon } = token ? refusalOf(confirm.error) : REFUSALS.invalid;
    return (
      <AuthShell>
        <NoticeCard
          icon={icon}
          tone="destructive"
          title={title}
          description={token ? errorMessage(confirm.error, INVALID) : INVALID}
        >
          {toAccount}
        </NoticeCard>
      </AuthShell>
    );
  }
  return (
    <AuthShell>
      <Spinner label="Confirming your new email address..." className="justify-center py-12" />
    </AuthShell>
  );
}
