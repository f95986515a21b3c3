-- A shift's taken places are counted by the database, so the last place goes to exactly one of
-- several members signing up at once: the insert that finds no place left fails (GR020, answered
-- 409 "full"). The shift is found by its whole key, so the trigger reads only its organization's
-- rows (on a database sharded by organization, the shard it runs on).
CREATE OR REPLACE FUNCTION volunteer_signups_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE volunteer_shifts SET taken = taken + 1 WHERE organization_id = NEW.organization_id AND id = NEW.shift_id
      AND taken < places;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'This shift is full.' USING ERRCODE = 'GR020';
    END IF;
  ELSE
    UPDATE volunteer_shifts SET taken = taken - 1 WHERE organization_id = OLD.organization_id AND id = OLD.shift_id;
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER volunteer_signups_counted AFTER INSERT OR DELETE ON volunteer_signups
  FOR EACH ROW EXECUTE FUNCTION volunteer_signups_count();
