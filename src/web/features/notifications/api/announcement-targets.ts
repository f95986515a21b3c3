import { type Actor, policy } from '@common/permissions';
import { useTeams } from '@web/features/teams/api/get-teams';

/**
 * Where the caller may post an announcement, by the same rule the server applies: the whole
 * organization and every team for its announcers, else the (active) teams they lead. The team
 * list is fetched only for someone who cannot address the organization, or when `withTeams`.
 */
export function useAnnouncementTargets(orgId: number, actor: Actor, withTeams = false) {
  const toOrganization = policy.announceTo(actor, null, []);
  const teams = useTeams(toOrganization && !withTeams ? undefined : orgId);
  const active = (teams.data ?? []).filter((t) => !t.archivedAt);
  const ledTeamIds = active.filter((t) => t.viewerTeamRole === 'team_lead').map((t) => t.id);
  return {
    canPost: policy.postAnnouncement(actor, ledTeamIds),
    toOrganization,
    teams: active.filter((t) => policy.announceTo(actor, t.id, ledTeamIds)),
    isLoading: teams.isLoading,
  };
}
