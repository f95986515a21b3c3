// The demo organization's branding as the page's signed-in member reads and writes it, for the
// specs that repaint it and must put its look back: every other spec reads the same organization.
import type { Page } from '@playwright/test';
import type { Branding } from '../../../src/common/schemas/admin';

export interface SavedBranding {
  orgId: number;
  branding: Branding;
}

/** The signed-in member's organization and its branding as it stands. */
export function readBranding(page: Page): Promise<SavedBranding> {
  return page.evaluate(async () => {
    const me = await (await fetch('/api/me')).json();
    return {
      orgId: me.organization.id as number,
      branding: await (await fetch(`/api/organizations/${me.organization.id}/branding`)).json(),
    };
  });
}

/** Saves `saved`'s branding with `changes` over it, as the Branding screen does; the answer's status. */
export function putBranding(
  page: Page,
  saved: SavedBranding,
  changes: Partial<Branding> = {},
): Promise<number> {
  return page.evaluate(
    async ({ orgId, branding }) =>
      (
        await fetch(`/api/organizations/${orgId}/branding`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            primaryColor: branding.primaryColor,
            secondaryColor: branding.secondaryColor,
            accentColor: branding.accentColor,
            backgroundColor: branding.backgroundColor,
            textColor: branding.textColor,
            theme: branding.theme,
          }),
        })
      ).status,
    { orgId: saved.orgId, branding: { ...saved.branding, ...changes } },
  );
}
