import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { FieldError } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/hooks/use-toast';
import { errorMessage } from '@web/lib/api';
import { CHALLENGE_KEY, useSecurityChallenge, useVerifyChallenge } from '../api/security-challenge';
import { ChallengeCanvas } from './challenge-canvas';

export interface VerifiedChallenge {
  token: string;
  answer: string;
}

interface SecurityChallengeProps {
  verified: VerifiedChallenge | null;
  onVerified: (value: VerifiedChallenge | null) => void;
}

const MAX_WRONG = 3;

/** Spec part 1 §4: wrong answers clear the box; the third wrong one brings a new challenge. */
export function SecurityChallengeField({ verified, onVerified }: SecurityChallengeProps) {
  const queryClient = useQueryClient();
  const challenge = useSecurityChallenge();
  const verify = useVerifyChallenge();
  const [answer, setAnswer] = useState('');
  const [wrong, setWrong] = useState(0);
  // An error belongs to the question it was about: a new question starts clean.
  const [error, setError] = useState<{ token: string; text: string }>();
  const token = challenge.data?.token;
  const message = error && error.token === token ? error.text : undefined;
  const setMessage = (text: string | undefined) => setError(text && token ? { token, text } : undefined);

  const renew = () => {
    setError(undefined);
    setAnswer('');
    setWrong(0);
    onVerified(null);
    void queryClient.refetchQueries({ queryKey: CHALLENGE_KEY });
  };

  const submit = () => {
    const data = challenge.data;
    if (!data || !answer.trim()) return;
    verify.mutate(
      { token: data.token, answer },
      {
        onSuccess: (res) => {
          if (res.correct) {
            setMessage(undefined);
            onVerified({ token: data.token, answer });
            toast({ title: 'Security verification completed' });
            return;
          }
          const count = wrong + 1;
          setAnswer('');
          setMessage(`Incorrect answer. ${Math.max(res.attemptsRemaining, 0)} attempts remaining.`);
          if (count >= MAX_WRONG || res.attemptsRemaining <= 0) renew();
          else setWrong(count);
        },
        onError: (error) => setMessage(errorMessage(error, 'Could not check the answer. Please try again.')),
      },
    );
  };

  if (verified) {
    return (
      <div
        className="flex items-center gap-2 rounded-md border border-success/50 bg-success/10 p-3 text-sm"
        role="status"
      >
        <CircleCheck className="size-4 text-success" aria-hidden="true" />
        Security verification completed
      </div>
    );
  }

  return (
    <fieldset className="space-y-3 rounded-md border p-4">
      <legend className="px-1 text-sm font-medium">Security Verification</legend>
      {challenge.isLoading && <Skeleton className="h-[60px] w-[200px]" />}
      {challenge.isError && (
        <p className="text-sm text-destructive" role="alert">
          Could not load the security question.
        </p>
      )}
      {challenge.data && (
        <div className="flex items-center gap-3">
          {challenge.data.type === 'math' ? (
            <ChallengeCanvas question={challenge.data.question} />
          ) : (
            <p className="text-sm font-medium">{challenge.data.question}</p>
          )}
          <Button variant="ghost" size="icon" onClick={renew} aria-label="New question" title="New question">
            <RefreshCw aria-hidden="true" />
          </Button>
        </div>
      )}
      <div className="space-y-2">
        <Label htmlFor="challenge-answer">Your answer</Label>
        <div className="flex gap-2">
          <Input
            id="challenge-answer"
            className="min-w-0"
            value={answer}
            autoComplete="off"
            onChange={(e) => setAnswer(e.target.value)}
            onKeyDown={(e) => {
              // Enter checks the answer instead of submitting the whole sign-up form.
              if (e.key === 'Enter') {
                e.preventDefault();
                submit();
              }
            }}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? 'challenge-answer-error' : undefined}
          />
          <Button
            variant="outline"
            onClick={submit}
            disabled={!challenge.data || !answer.trim() || verify.isPending}
          >
            {verify.isPending ? 'Checking...' : 'Verify'}
          </Button>
        </div>
        <FieldError id="challenge-answer" message={message} />
      </div>
    </fieldset>
  );
}
