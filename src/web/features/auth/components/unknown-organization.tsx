import { SearchX } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { hostLabel, mainSiteHref } from '@web/lib/main-site';
import { NoticeCard } from './notice-card';

/**
 * An organization's address with no organization behind it (nosuch.localhost), or a join link
 * naming another one there: say so, and lead to the main site rather than showing it here.
 */
export function UnknownOrganization({
  name,
  onOrganizationAddress,
}: {
  name: string;
  /** This page is on an organization's address (the server's context says so), not the main site. */
  onOrganizationAddress: boolean;
}) {
  const here = onOrganizationAddress ? hostLabel() : null;
  return (
    <NoticeCard
      icon={SearchX}
      title="Organization Not Found"
      description={`We couldn't find an organization called "${name}". Check the address, or start your own.`}
    >
      <Button asChild>
        <a href={mainSiteHref('/register', here)}>Register a new organization</a>
      </Button>
      <Button variant="outline" asChild>
        <a href={mainSiteHref('/', here)}>Go to the main site</a>
      </Button>
    </NoticeCard>
  );
}
