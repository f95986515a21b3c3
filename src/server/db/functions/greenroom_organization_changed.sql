-- An organization's own row changing (its name, its state, its deletion) announces the
-- organization, like a write to any of its tables (greenroom_tenant_row_changed).
CREATE OR REPLACE FUNCTION greenroom_organization_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('greenroom_changes', 'o:' || OLD.id);
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER organizations_changed AFTER UPDATE OR DELETE ON organizations
  FOR EACH ROW EXECUTE FUNCTION greenroom_organization_changed();
