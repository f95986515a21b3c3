-- Writes that announce their own change. PostgreSQL serialises the commits of all
-- transactions that called pg_notify, on one lock per database held until the commit is on disk:
-- with 32 people saving at once, most of a write's time was the wait for that lock. A transaction
-- that sets greenroom.announced to the scope of its rows ('o:<organization id>') leaves that
-- scope's notification to the app, which sends it after the commit on a connection of its own
-- (db/client.ts batchedNotifier). Any other scope is still announced here, and so is every write
-- of a transaction that does not set it (scripts, other features).
CREATE OR REPLACE FUNCTION greenroom_tenant_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  announced text := current_setting('greenroom.announced', true);
BEGIN
  IF TG_OP <> 'INSERT' AND announced IS DISTINCT FROM 'o:' || OLD.organization_id THEN
    PERFORM pg_notify('greenroom_changes', 'o:' || OLD.organization_id);
  END IF;
  IF TG_OP <> 'DELETE' AND announced IS DISTINCT FROM 'o:' || NEW.organization_id THEN
    PERFORM pg_notify('greenroom_changes', 'o:' || NEW.organization_id);
  END IF;
  RETURN NULL;
END $$;
