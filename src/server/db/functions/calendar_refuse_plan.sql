-- The statement that takes an edit's locks fails when the edit's plan no longer holds, instead of
-- returning what it found for the app to compare: GR412 when the series or the row changed since
-- the edit read them (the edit is planned again), GR428 when a series must grow before the write
-- can see every booking it could clash with. The transaction is then aborted, so the write sent
-- behind the lock statement without waiting for its answer commits nothing.
CREATE OR REPLACE FUNCTION calendar_refuse_plan(changed boolean, unmaterialized boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF changed THEN
    RAISE EXCEPTION 'The series or the event changed since the edit read it' USING ERRCODE = 'GR412';
  END IF;
  IF unmaterialized THEN
    RAISE EXCEPTION 'A series must grow before this write' USING ERRCODE = 'GR428';
  END IF;
END;
$$;
