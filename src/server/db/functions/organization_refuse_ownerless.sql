-- Every organization keeps an active owner (role 'owner', status 'active', is_active), whatever
-- writes to the memberships: a screen, the database manager or a hand-typed statement. The check
-- runs at commit, so ownership can be handed over inside one transaction, and an organization
-- deleted as a whole (its memberships go with it) has nothing left to check. It is raised with
-- SQLSTATE GR001, which the app answers with 409. Only a change that takes away an active owner
-- is checked: organizations built without one (test factories) are not held to it.
CREATE OR REPLACE FUNCTION organization_refuse_ownerless() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id)
     AND NOT EXISTS (
       SELECT 1 FROM user_organizations
       WHERE organization_id = OLD.organization_id AND role = 'owner' AND status = 'active' AND is_active
     ) THEN
    RAISE EXCEPTION 'An organization must keep an active owner.' USING ERRCODE = 'GR001';
  END IF;
  RETURN NULL;
END;
$$;

-- A constraint trigger cannot be replaced in place, so it is dropped and created again.
DROP TRIGGER IF EXISTS user_organizations_owner_removed ON user_organizations;

CREATE CONSTRAINT TRIGGER user_organizations_owner_removed
  AFTER DELETE ON user_organizations
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (OLD.role = 'owner' AND OLD.status = 'active' AND OLD.is_active)
  EXECUTE FUNCTION organization_refuse_ownerless();

DROP TRIGGER IF EXISTS user_organizations_owner_changed ON user_organizations;

CREATE CONSTRAINT TRIGGER user_organizations_owner_changed
  AFTER UPDATE ON user_organizations
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (OLD.role = 'owner' AND OLD.status = 'active' AND OLD.is_active
    AND (NEW.role IS DISTINCT FROM OLD.role OR NEW.status IS DISTINCT FROM OLD.status
      OR NEW.is_active IS DISTINCT FROM OLD.is_active OR NEW.organization_id IS DISTINCT FROM OLD.organization_id))
  EXECUTE FUNCTION organization_refuse_ownerless();
