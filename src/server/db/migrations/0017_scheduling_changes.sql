-- Availability and calls announce their changes like the other tenant tables (migration 0002),
-- so a kept conflict answer is dropped the moment anyone's availability or calls change.
-- Attendance is read fresh every time and announces nothing.
CREATE TRIGGER availability_periods_changed AFTER INSERT OR UPDATE OR DELETE ON "availability_periods"
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed();
--> statement-breakpoint
CREATE TRIGGER event_calls_changed AFTER INSERT OR UPDATE OR DELETE ON "event_calls"
  FOR EACH ROW EXECUTE FUNCTION greenroom_tenant_row_changed();
