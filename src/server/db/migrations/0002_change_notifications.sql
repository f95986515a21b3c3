-- Every write that can change what a kept answer says announces itself on the channel
-- `greenroom_changes`, so each app instance drops its kept copies (signed-in callers, calendar
-- lists, directories) when the data behind them changes, whichever instance or script wrote it.
-- Payloads name a scope: 'o:<organization id>' or 'u:<user id>'. PostgreSQL delivers them at
-- commit and merges identical ones within a transaction, so a bulk write sends one per scope.
CREATE FUNCTION greenroom_tenant_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('greenroom_changes', 'o:' || OLD.organization_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('greenroom_changes', 'o:' || NEW.organization_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['teams', 'team_members', 'team_links', 'team_assets', 'calendar_event_series',
    'calendar_events', 'calendar_event_teams', 'calendar_event_followers']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I
      FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed()', t || '_changed', t);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION greenroom_organization_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('greenroom_changes', 'o:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER organizations_changed AFTER UPDATE OR DELETE ON organizations
  FOR EACH ROW EXECUTE FUNCTION greenroom_organization_changed();
--> statement-breakpoint
-- A user's name or picture shows in every organization they belong to.
CREATE FUNCTION greenroom_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('greenroom_changes', 'u:' || OLD.id);
  PERFORM pg_notify('greenroom_changes', 'o:' || m.organization_id)
    FROM user_organizations m WHERE m.user_id = OLD.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION greenroom_user_changed();
--> statement-breakpoint
-- Signing in stamps last_active_at (and the sliding session expiry restamps it every few
-- minutes); nothing kept reads it exactly, so that alone announces nothing.
CREATE FUNCTION greenroom_membership_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE TRIGGER user_organizations_changed AFTER INSERT OR UPDATE OR DELETE ON user_organizations
  FOR EACH ROW EXECUTE FUNCTION greenroom_membership_changed();
--> statement-breakpoint
-- A new session is in nobody's keeping; an ended or extended one must be looked up again.
CREATE FUNCTION greenroom_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('greenroom_changes', 'u:' || OLD.user_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER session_changed AFTER UPDATE OR DELETE ON session
  FOR EACH ROW EXECUTE FUNCTION greenroom_session_changed();
