-- A user's name or picture shows in every organization they belong to: a change announces the
-- user ('u:<user id>') and the trigger's area of each of their organizations
-- ('o:<organization id>:people', as greenroom_tenant_row_changed names areas).
CREATE OR REPLACE FUNCTION greenroom_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('greenroom_changes', 'u:' || OLD.id);
  PERFORM pg_notify('greenroom_changes', 'o:' || m.organization_id || ':' || TG_ARGV[0])
    FROM user_organizations m WHERE m.user_id = OLD.id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER users_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION greenroom_user_changed('people');
