import type { LegalKind } from '@common/schemas/legal';
import { LEGAL_TITLES } from '@common/schemas/legal';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Skeleton } from '@web/components/ui/skeleton';
import { RenderedMarkdown } from '@web/features/library/components/rendered-markdown';
import { useLegalPage } from '../api/legal';

/** The site's Terms of Service or Privacy Policy, as the system user wrote it; no sign-in needed. */
function LegalDocument({ kind }: { kind: LegalKind }) {
  const page = useLegalPage(kind);
  return (
    <main className="mx-auto max-w-3xl space-y-6 p-6">
      <h1 className="text-3xl font-bold tracking-tight">{LEGAL_TITLES[kind]}</h1>
      {page.isLoading ? (
        <Skeleton className="h-64 w-full" aria-busy="true" />
      ) : page.isError || !page.data ? (
        <Alert variant="destructive">
          <AlertDescription>Could not load this page. Please try again.</AlertDescription>
        </Alert>
      ) : (
        <RenderedMarkdown html={page.data.html} />
      )}
    </main>
  );
}

export const TermsPage = () => <LegalDocument kind="terms" />;
export const PrivacyPage = () => <LegalDocument kind="privacy" />;
