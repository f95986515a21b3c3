// Waiting for the change feed in tests that write behind the app's back.
import { randomUUID } from 'node:crypto';
import { expect, vi } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { ChangeFeed, CHANGES_CHANNEL } from '../../src/server/db/change-feed';

/**
 * Returns once every notification sent so far has reached this instance's feed: the marker goes
 * out after the app's own announcements (the same batches, in order) and after every commit before.
 * A test that then writes without announcing knows no late echo of an earlier write will drop
 * what it kept.
 */
export async function settled(database: Database) {
  const marker = `marker-${randomUUID()}`;
  let heard = false;
  const stop = await database.listen!(CHANGES_CHANNEL, (payload) => {
    if (payload === marker) heard = true;
  });
  try {
    database.notifySoon(CHANGES_CHANNEL, marker);
    await expect.poll(() => heard).toBe(true);
  } finally {
    await stop();
  }
}

/**
 * Runs `work` as on an instance whose notifications arrive late: the feed hears none meanwhile, so
 * only what a request drops itself is gone from what this instance keeps.
 */
export async function withNotificationsLate<T>(work: () => Promise<T>): Promise<T> {
  const feed = ChangeFeed.prototype as unknown as { heard(payload: string): void };
  const heard = vi.spyOn(feed, 'heard').mockImplementation(() => {});
  try {
    return await work();
  } finally {
    heard.mockRestore();
  }
}
