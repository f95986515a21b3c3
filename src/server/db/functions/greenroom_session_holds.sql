-- A write acting on a session the app kept in memory checks, in its first round trip, that the
-- session still stands as it was kept: GR401 when it has ended or expired, GR403 when what it may
-- do has changed since (its membership, its organization's approval, the user's own standing).
-- Either aborts the transaction, so nothing sent behind the check commits.
CREATE OR REPLACE FUNCTION greenroom_session_holds(session_id text, standing text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  now_standing text;
BEGIN
  SELECT greenroom_session_standing(u.id, u.is_system_user, u.totp_enabled_at IS NOT NULL, o.id,
           o.approval_status, o.require_two_factor_for_admins, m.id, m.role, m.status,
           m.organization_roles)
    INTO now_standing
    FROM session s
    JOIN users u ON u.id = s.user_id
    LEFT JOIN organizations o ON o.id = (s.sess->>'organizationId')::int
    LEFT JOIN user_organizations m ON m.user_id = u.id AND m.organization_id = o.id
   WHERE s.sid = session_id AND s.expire > now();
  IF NOT FOUND THEN
    RAISE EXCEPTION 'The session has ended' USING ERRCODE = 'GR401';
  END IF;
  IF now_standing IS DISTINCT FROM standing THEN
    RAISE EXCEPTION 'What the session may do has changed' USING ERRCODE = 'GR403';
  END IF;
END;
$$;
