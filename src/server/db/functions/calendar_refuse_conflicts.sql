-- A calendar write statement that carries its own conflict check fails when the check finds
-- bookings in its way, with SQLSTATE GR409 and the conflicts as DETAIL (json), instead of
-- returning them for the app to refuse afterwards. The transaction is then aborted, so the
-- statements sent behind it without waiting for its answer (the answer's read and the COMMIT, one
-- round trip) cannot commit the refused write: its COMMIT rolls back.
CREATE OR REPLACE FUNCTION calendar_refuse_conflicts(booked json) RETURNS json LANGUAGE plpgsql AS $$
BEGIN
  IF json_array_length(booked) > 0 THEN
    RAISE EXCEPTION 'This space is already booked at that time'
      USING ERRCODE = 'GR409', DETAIL = booked::text;
  END IF;
  RETURN booked;
END;
$$;
