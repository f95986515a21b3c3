-- An organization's own row changing (its name, its state, its deletion) announces the
-- organization, like a write to any of its tables (greenroom_tenant_row_changed). The notification
-- worker moving digests_due_at (once a day per organization) changes nothing anyone reads, so it
-- announces nothing: with 2,000 organizations it would drop every kept answer of each once a day.
CREATE OR REPLACE FUNCTION greenroom_organization_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) - 'digests_due_at') = (to_jsonb(NEW) - 'digests_due_at') THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('greenroom_changes', 'o:' || OLD.id);
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER organizations_changed AFTER UPDATE OR DELETE ON organizations
  FOR EACH ROW EXECUTE FUNCTION greenroom_organization_changed();
