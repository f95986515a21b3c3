-- A membership change announces both the member ('u:<user id>') and its organization's area, the
-- trigger's argument ('o:<organization id>:people', as greenroom_tenant_row_changed names areas).
-- Signing in stamps last_active_at (and the sliding session expiry restamps it every few
-- minutes); nothing kept reads it exactly, so that alone announces nothing.
CREATE OR REPLACE FUNCTION greenroom_membership_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) - 'last_active_at') = (to_jsonb(NEW) - 'last_active_at') THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('greenroom_changes', 'u:' || OLD.user_id);
    PERFORM pg_notify('greenroom_changes', 'o:' || OLD.organization_id || ':' || TG_ARGV[0]);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('greenroom_changes', 'u:' || NEW.user_id);
    PERFORM pg_notify('greenroom_changes', 'o:' || NEW.organization_id || ':' || TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER user_organizations_changed AFTER INSERT OR UPDATE OR DELETE ON user_organizations
  FOR EACH ROW EXECUTE FUNCTION greenroom_membership_changed('people');
