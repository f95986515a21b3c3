-- The follow rule, in SQL: the members following an occurrence now (its explicit follow records
-- are the table calendar_event_followers). Among the members who can follow it by any rule
-- (reserver, instructor, members of its teams, explicit follow records), the active ones whose
-- own choice says so, else who are its reserver, its instructor or in one of its teams. Empty
-- when none. The calendar states the same rule in TypeScript (isFollowingSql); a change to the
-- rule must be made in both places (follow-snapshot.test.ts holds them together).
-- A set-returning SQL function of one SELECT is inlined by the planner where it is called, so a
-- lateral call keeps its plan by each date's keys and no call is planned alone.
CREATE OR REPLACE FUNCTION followers_of_event(org integer, event integer, reserver integer, instructor integer)
RETURNS TABLE (followers integer[]) LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(m.user_id ORDER BY m.user_id), '{}')
  FROM (
    SELECT reserver AS user_id
    UNION SELECT instructor WHERE instructor IS NOT NULL
    UNION SELECT tm.user_id FROM calendar_event_teams et
      JOIN team_members tm ON tm.team_id = et.team_id AND tm.organization_id = org
      WHERE et.event_id = event AND et.organization_id = org
    UNION SELECT fr.user_id FROM calendar_event_followers fr
      WHERE fr.event_id = event AND fr.organization_id = org AND fr.is_following
  ) c
  JOIN user_organizations m ON m.user_id = c.user_id AND m.organization_id = org
  LEFT JOIN calendar_event_followers f
    ON f.event_id = event AND f.user_id = m.user_id AND f.organization_id = org
  WHERE m.status = 'active'
    AND coalesce(f.is_following,
      reserver = m.user_id OR instructor IS NOT DISTINCT FROM m.user_id OR EXISTS (
        SELECT 1 FROM calendar_event_teams et JOIN team_members tm
          ON tm.team_id = et.team_id AND tm.user_id = m.user_id AND tm.organization_id = org
        WHERE et.event_id = event AND et.organization_id = org))
$$;
