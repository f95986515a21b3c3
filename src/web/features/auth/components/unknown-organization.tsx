import { Clock, ExternalLink, SearchX } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { hostLabel, mainSiteHref } from '@web/lib/main-site';
import type { OrganizationContext } from '@common/schemas/auth';
import { NoticeCard } from './notice-card';

/**
 * An address or join link with no approved organization behind it here: one still awaiting
 * approval says so, one registered at its own address links there, anything else is not found
 * and leads to the main site rather than showing it here.
 */
export function UnknownOrganization({
  name,
  onOrganizationAddress,
  context,
}: {
  name: string;
  /** This page is on an organization's address (the server's context says so), not the main site. */
  onOrganizationAddress: boolean;
  context: OrganizationContext | undefined;
}) {
  const here = onOrganizationAddress ? hostLabel() : null;
  const mainSite = (
    <Button variant="outline" asChild>
      <a href={mainSiteHref('/', here)}>Go to the main site</a>
    </Button>
  );
  if (context?.pendingApproval) {
    return (
      <NoticeCard
        icon={Clock}
        title="Organization Awaiting Approval"
        description={`The organization "${name}" is waiting for approval by a system administrator. Its owner will receive an email once it is approved; until then nobody can sign in or join here.`}
      >
        {mainSite}
      </NoticeCard>
    );
  }
  const elsewhere = context?.registeredElsewhere;
  if (elsewhere && elsewhere.shortname === name.toLowerCase()) {
    return (
      <NoticeCard
        icon={ExternalLink}
        title="Registered at Its Own Address"
        description={`${elsewhere.name} has its own address. Join it there:`}
      >
        <Button asChild>
          <a href={elsewhere.registerUrl}>{elsewhere.registerUrl.replace(/^https?:\/\//, '')}</a>
        </Button>
        {mainSite}
      </NoticeCard>
    );
  }
  return (
    <NoticeCard
      icon={SearchX}
      title="Organization Not Found"
      description={`We couldn't find an organization called "${name}". Check the address, or start your own.`}
    >
      <Button asChild>
        <a href={mainSiteHref('/register', here)}>Register a new organization</a>
      </Button>
      {mainSite}
    </NoticeCard>
  );
}
