-- A new session is in nobody's keeping; an ended or extended one must be looked up again.
CREATE OR REPLACE FUNCTION greenroom_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('greenroom_changes', 'u:' || OLD.user_id);
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER session_changed AFTER UPDATE OR DELETE ON session
  FOR EACH ROW EXECUTE FUNCTION greenroom_session_changed();
