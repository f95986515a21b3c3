// Who is making the current transaction's changes, for database triggers that record them
// (the calendar's change notices leave the editor out of their own notice). Transaction-local:
// it ends with the transaction, so a pooled connection never carries it to the next caller.
export async function setTransactionActor(
  q: { query(text: string, params?: unknown[]): Promise<unknown> },
  userId: number,
) {
  await q.query("select set_config('greenroom.actor_id', $1, true)", [String(userId)]);
}
