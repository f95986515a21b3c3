-- What a session may do, as one text: its user and how they stand, its organization and the
-- membership there, as far as they decide access. The app keeps a session in memory with its
-- standing as it was looked up; a write acting on the kept copy checks it still is
-- (greenroom_session_holds).
CREATE OR REPLACE FUNCTION greenroom_session_standing(
  user_id integer, is_system_user boolean, two_factor boolean, organization_id integer,
  approval_status text, require_two_factor boolean, membership_id integer, role text,
  status text, organization_roles text[]
) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT md5(format('%s|%s|%s|%s|%s|%s|%s|%s|%s|%s', user_id, is_system_user, two_factor,
    organization_id, approval_status, require_two_factor, membership_id, role, status,
    organization_roles))
$$;
