-- The conflict check looked back 14 days (MAX_EVENT_DAYS) from every date it checks, for a booking
-- that long which could still be running: in a busy organization that is hundreds of rows per date
-- read to find the one or two that overlap. It now looks back one day among all
-- bookings, and 14 among those longer than a day, which this index holds alone (conflicts.ts).
CREATE INDEX "calendar_events_org_start_long" ON "calendar_events" USING btree ("organization_id","start_date_time") WHERE "calendar_events"."end_date_time" - "calendar_events"."start_date_time" > interval '1 day';