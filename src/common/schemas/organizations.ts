// An organization's own figures, read by its dashboard.
import { z } from 'zod';
import './messages';

/** GET /api/organizations/{orgId}/stats. `activeUsers`: active members seen in the last 7 days. */
export const organizationStatsSchema = z.object({
  totalMembers: z.number(),
  totalTeams: z.number(),
  activeUsers: z.number(),
});
export type OrganizationStats = z.infer<typeof organizationStatsSchema>;
