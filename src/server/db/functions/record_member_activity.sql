-- Weekly active members for the system analytics: whenever a membership's last_active_at moves
-- (sign-in, and the session's sliding expiry at most every few minutes), the week is recorded
-- once. The insert is a no-op after the first time in a week.
CREATE OR REPLACE FUNCTION record_member_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.last_active_at IS NOT NULL
     AND (TG_OP = 'INSERT' OR NEW.last_active_at IS DISTINCT FROM OLD.last_active_at) THEN
    INSERT INTO member_activity_weeks (organization_id, user_id, week)
    VALUES (NEW.organization_id, NEW.user_id, date_trunc('week', NEW.last_active_at))
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER user_organizations_activity AFTER INSERT OR UPDATE OF last_active_at ON user_organizations
  FOR EACH ROW EXECUTE FUNCTION record_member_activity();
