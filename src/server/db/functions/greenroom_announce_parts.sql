-- What the parts' triggers do with the parts a statement changed ('o:<organization id>:<area>@<part>'):
-- announce each at once, unless the transaction announces its organization's area itself
-- (greenroom.announced, as greenroom_tenant_row_changed.sql reads it); then note it in
-- greenroom.noted (separated by commas), which the app reads with its COMMIT and announces after
-- it (db/change-feed.ts, announcedTransaction).
CREATE OR REPLACE FUNCTION greenroom_announce_parts(scopes text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  announced text[] := coalesce(string_to_array(current_setting('greenroom.announced', true), ','), '{}');
  noted text[] := coalesce(string_to_array(nullif(current_setting('greenroom.noted', true), ''), ','), '{}');
  scope text;
BEGIN
  FOREACH scope IN ARRAY coalesce(scopes, '{}') LOOP
    IF NOT split_part(scope, '@', 1) = ANY (announced) THEN
      PERFORM pg_notify('greenroom_changes', scope);
    ELSIF NOT scope = ANY (noted) THEN
      noted := noted || scope;
    END IF;
  END LOOP;
  PERFORM set_config('greenroom.noted', array_to_string(noted, ','), true);
END $$;
