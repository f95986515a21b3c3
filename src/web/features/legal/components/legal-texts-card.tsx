import { LEGAL_KINDS, LEGAL_TITLES, type LegalTexts } from '@common/schemas/legal';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Skeleton } from '@web/components/ui/skeleton';
import { Textarea } from '@web/components/ui/textarea';
import { lazyZodResolver, useLazyResolver } from '@web/lib/lazy-resolver';
import { useLegalTexts, useSaveLegalTexts } from '../api/legal';

const check = lazyZodResolver(async () => (await import('@common/schemas/legal')).legalTextsSchema);

function LegalTextsForm({ stored }: { stored: LegalTexts }) {
  const save = useSaveLegalTexts();
  const resolver = useLazyResolver(check);
  const form = useForm<LegalTexts>({ resolver: resolver as never, defaultValues: stored });
  const { errors } = form.formState;
  return (
    <form className="space-y-4" noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))}>
      {LEGAL_KINDS.map((kind) => (
        <FormField
          key={kind}
          id={`legal-${kind}`}
          label={LEGAL_TITLES[kind]}
          error={errors[kind]?.message}
          description={
            <>
              Markdown, shown at{' '}
              <a href={`/${kind}`} target="_blank" rel="noopener" className="text-primary-text underline">
                /{kind}
              </a>
              .
            </>
          }
        >
          <Textarea
            rows={8}
            {...fieldA11y(`legal-${kind}`, errors[kind]?.message)}
            {...form.register(kind)}
          />
        </FormField>
      ))}
      <Button type="submit" disabled={save.isPending}>
        Save Terms and Privacy Policy
      </Button>
    </form>
  );
}

/** The system user's editor for the Terms of Service and Privacy Policy that sign-up links to. */
export function LegalTextsCard() {
  const texts = useLegalTexts();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Terms and Privacy</CardTitle>
        <CardDescription>What people agree to when they sign up.</CardDescription>
      </CardHeader>
      <CardContent>
        {texts.isLoading ? (
          <Skeleton className="h-64 w-full" aria-busy="true" />
        ) : texts.isError || !texts.data ? (
          <Alert variant="destructive">
            <AlertDescription>Failed to fetch the terms and privacy policy</AlertDescription>
          </Alert>
        ) : (
          <LegalTextsForm stored={texts.data} />
        )}
      </CardContent>
    </Card>
  );
}
