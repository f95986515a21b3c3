import { SUPERSEDED_VERIFICATION_LINK } from '@common/email-verification';
import { CircleCheck, MailCheck, TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { useVerifyEmail } from '../api/verify-email';
import { AuthShell } from '../components/auth-shell';
import { NoticeCard } from '../components/notice-card';

const toLogin = (label: string) => (
  <Button asChild>
    <Link href="/login">{label}</Link>
  </Button>
);

/** Without a token: "check your email" after joining. With one: confirms it (a POST: no GET changes state). */
export function VerifyEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const verify = useVerifyEmail();
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  if (!token) {
    return (
      <AuthShell>
        <NoticeCard
          icon={MailCheck}
          title="Check your email"
          description="We sent a link to your email address. Open it to verify your address, then sign in. If it does not arrive, check your spam folder; signing in sends a new link."
        >
          {toLogin('Go to Sign In')}
        </NoticeCard>
      </AuthShell>
    );
  }
  if (verify.isSuccess) {
    return (
      <AuthShell>
        <NoticeCard icon={CircleCheck} title="Email verified" description={verify.data.message}>
          {toLogin('Continue to login')}
        </NoticeCard>
      </AuthShell>
    );
  }
  if (verify.isError) {
    const message = errorMessage(verify.error, 'This verification link is invalid or has already been used.');
    const superseded = message === SUPERSEDED_VERIFICATION_LINK;
    return (
      <AuthShell>
        <NoticeCard
          icon={superseded ? MailCheck : TriangleAlert}
          tone={superseded ? 'default' : 'destructive'}
          title={superseded ? 'A Newer Link Was Sent' : 'Invalid Verification Link'}
          description={message}
        >
          {toLogin('Back to login')}
        </NoticeCard>
      </AuthShell>
    );
  }
  return (
    <AuthShell>
      <Spinner label="Verifying your email address..." className="justify-center py-12" />
    </AuthShell>
  );
}
