-- A membership change announces both the member and the organization. Signing in stamps
-- last_active_at (and the sliding session expiry restamps it every few minutes); nothing kept
-- reads it exactly, so that alone announces nothing.
CREATE OR REPLACE FUNCTION greenroom_membership_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) - 'last_active_at') = (to_jsonb(NEW) - 'last_active_at') THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('greenroom_changes', 'u:' || OLD.user_id);
    PERFORM pg_notify('greenroom_changes', 'o:' || OLD.organization_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('greenroom_changes', 'u:' || NEW.user_id);
    PERFORM pg_notify('greenroom_changes', 'o:' || NEW.organization_id);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER user_organizations_changed AFTER INSERT OR UPDATE OR DELETE ON user_organizations
  FOR EACH ROW EXECUTE FUNCTION greenroom_membership_changed();
