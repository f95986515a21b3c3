// Teams: their members, links and files, and who may see or manage one.

export { managedTeam, teamAccessOf, visibleTeam } from './access';
export { memberTeams } from './kept-places';
