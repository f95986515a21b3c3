import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, MessageSquareText, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { FieldError } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/hooks/use-toast';
import { errorMessage } from '@web/lib/api';
import { CHALLENGE_KEY, useSecurityChallenge, useVerifyChallenge } from '../api/security-challenge';
import { CHALLENGE_REPLACED, wrongAnswerMessage } from '../lib/challenge-messages';
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

/**
 * Wrong answers clear the box; the third wrong one brings a new challenge, and
 * says so. A math picture can be swapped for a question in words (its text alternative).
 */
export function SecurityChallengeField({ verified, onVerified }: SecurityChallengeProps) {
  const queryClient = useQueryClient();
  const [inWords, setInWords] = useState(false);
  const challenge = useSecurityChallenge(inWords);
  const verify = useVerifyChallenge();
  const [answer, setAnswer] = useState('');
  const [wrong, setWrong] = useState(0);
  // An error belongs to the question it was about: a new question starts clean.
  const [error, setError] = useState<{ token: string; text: string }>();
  const token = challenge.data?.token;
  const message = error && error.token === token ? error.text : undefined;
  const setMessage = (text: string | undefined) => setError(text && token ? { token, text } : undefined);
  // Said of the question that replaced a spent one, until the next answer.
  const [notice, setNotice] = useState<string>();

  const renew = (why?: string) => {
    setError(undefined);
    setNotice(why);
    setAnswer('');
    setWrong(0);
    onVerified(null);
    void queryClient.refetchQueries({ queryKey: CHALLENGE_KEY });
  };

  const submit = () => {
    const data = challenge.data;
    if (!data || !answer.trim()) return;
    setNotice(undefined);
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
          if (count >= MAX_WRONG || res.attemptsRemaining <= 0) renew(CHALLENGE_REPLACED);
          else {
            setMessage(wrongAnswerMessage(res.attemptsRemaining));
            setWrong(count);
          }
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
          <Button
            variant="ghost"
            size="icon"
            onClick={() => renew()}
            aria-label="New question"
            title="New question"
          >
            <RefreshCw aria-hidden="true" />
          </Button>
        </div>
      )}
      {challenge.data?.type === 'math' && (
        <Button
          variant="link"
          className="h-auto p-0"
          onClick={() => {
            setInWords(true);
            renew();
          }}
        >
          <MessageSquareText aria-hidden="true" />
          Question in words
        </Button>
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
            aria-describedby={message || notice ? 'challenge-answer-error' : undefined}
          />
          <Button
            variant="outline"
            onClick={submit}
            disabled={!challenge.data || !answer.trim() || verify.isPending}
          >
            {verify.isPending ? 'Checking...' : 'Verify'}
          </Button>
        </div>
        <FieldError id="challenge-answer" message={message ?? notice} />
      </div>
    </fieldset>
  );
}
