// Editing an event or a series: read what the edit plans from, plan it (edit-plan.ts, no
// database), then apply the plan in one transaction. Every check runs before that transaction,
// except conflicts, checked inside it under locks on the spaces and days booked.
import { policy } from '../../../../common/permissions';
import type { Strategy } from '../../../../common/calendar';
import type { Database } from '../../../db/client';
import type { Sent } from '../../../db/pipelined-write';
import { AppError, forbidden, notFound } from '../../../http/errors';
import type { FoldedCheck } from '../conflicts/conflicts';
import { type EditPlan, planEdit, readEdit, writesBesideEvents } from './edit-plan';
import { writeLineageCount } from './lineage';
import type { SeriesTemplate } from './occurrences';
import { getEventRowAndParts, getEventView } from '../events/queries';
import { createSeries, insertOccurrences, type SyncCounts, templateFromInput, updateRow } from './series';
import { rewriteLineage } from './series-rewrite';
import {
  type Access,
  checkSpaces,
  deleteSeries,
  EDIT_REFUSED,
  EVENT_NOT_FOUND,
  endPartBefore,
  recordOverride,
  withMaterialized,
  writeBooking,
  zoneOf,
} from '../service';
import { calendarTransaction, DATES_REMOVED, EVENTS_WRITTEN, PlanChanged, type Runner } from '../sql';
import { checkReferences } from '../events/validation';

/** Plans made again when concurrent edits of the same series keep changing it meanwhile. */
const PLAN_ATTEMPTS = 5;
export const EDITED_MEANWHILE = 'This event was changed by someone else at the same time; try again';

/**
 * Edits an event with `patch` (`strategy`: which dates of a series). The edit is planned from a
 * read made before its transaction (so checks and materialization need no lock); in the
 * transaction the series' parts and the row are locked first and their versions compared with
 * that read: if another edit changed them meanwhile, the edit is planned again from a fresh read.
 */
export async function updateEvent(
  database: Database,
  access: Access,
  eventId: number,
  patch: Record<string, unknown>,
  strategy: Strategy,
) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await updateOnce(database, access, eventId, patch, strategy);
    } catch (error) {
      if (!(error instanceof PlanChanged)) throw error;
      if (attempt === PLAN_ATTEMPTS) throw new AppError(409, EDITED_MEANWHILE);
    }
  }
}

/**
 * The edit read against the event it changes: 404 when there is none, 403 when the caller may
 * not edit it, 400 when the event the patch would make is not valid (every field and rule at once).
 */
export async function readCheckedEdit(
  database: Database,
  access: Access,
  eventId: number,
  patch: Record<string, unknown>,
  strategy: Strategy,
) {
  const timeZone = await zoneOf(database, access);
  // "This date" plans from the row and its parts; the other edits from every row of the series too.
  const found = await getEventRowAndParts(database, access.organizationId, eventId, strategy !== 'this');
  if (!found) throw notFound(EVENT_NOT_FOUND);
  if (!policy.editEvent(access.actor, found.row.reservedBy)) throw forbidden(EDIT_REFUSED);
  return readEdit(found, patch, strategy, timeZone);
}

async function updateOnce(
  database: Database,
  access: Access,
  eventId: number,
  patch: Record<string, unknown>,
  strategy: Strategy,
) {
  const { organizationId, actor } = access;
  const edit = await readCheckedEdit(database, access, eventId, patch, strategy);
  await checkReferences(database, organizationId, actor, edit.edited, edit.found.row);
  const planned = planEdit(edit);
  // Announced as exactly what it writes: an edit of one row leaves every member's follow records,
  // calls and shifts kept.
  const areas = writesBesideEvents(planned.write) ? DATES_REMOVED : EVENTS_WRITTEN;
  const result = await withMaterialized(database, organizationId, planned.spans, (strict) =>
    calendarTransaction(
      database,
      organizationId,
      areas,
      (q) => applyEdit(q, access, planned, strict),
      access,
    ),
  );
  return { event: result.event, ...result.counts };
}

/**
 * Writes a planned edit in its transaction: the spaces and days it books are locked and checked
 * first, with the series' parts and the row it was planned from (a plan made stale meanwhile is
 * refused: PlanChanged); then the write, and the event as the edit left it.
 */
async function applyEdit(q: Runner, access: Access, edit: EditPlan, strict: boolean) {
  const { organizationId, actor } = access;
  const check = await checkSpaces(
    q,
    access,
    edit.timeZone,
    edit.input,
    edit.spans,
    edit.replacing,
    strict,
    edit.hold,
  );
  return writeBooking(q, check, {
    write: async (q) => {
      const template = templateFromInput(edit.input, check.overridden || edit.keepsOverride, edit.isPublic);
      for (const rule of edit.rules) rule.template = template;
      const sent = await sendEdit(q, organizationId, edit, template, check.folded);
      if (!check.overridden) return sent;
      // Booked over: recorded against the row the edit keeps, once it is written.
      await sent.pending;
      await recordOverride(q, access, sent.value.keepId, check.count);
      return { value: sent.value };
    },
    answer: async (last, { keepId, counts }) => ({
      counts,
      event: await getEventView(last, organizationId, edit.timeZone, actor.userId, keepId),
    }),
  });
}

/** What an edit's statements leave: the row the answer shows, and the counts once written. */
type Written = { keepId: number; counts: SyncCounts };

/**
 * Sends an edit's statements (EditWrite). A write whose answer's row is known before it returns
 * is not waited for (`pending`): the answer's read and the COMMIT go right behind it.
 */
async function sendEdit(
  q: Runner,
  organizationId: number,
  edit: EditPlan,
  template: SeriesTemplate,
  folded: FoldedCheck,
): Promise<Sent<Written>> {
  const { row, span, write } = edit;
  const counts: SyncCounts = { createdCount: 0, updatedCount: 1, deletedCount: 0 };
  switch (write.kind) {
    case 'this-date': {
      const asException = { seriesId: row.seriesId, isException: true };
      const pending = updateRow(
        q,
        organizationId,
        row.id,
        template,
        write.rowRule,
        span,
        asException,
        write.exdate,
        folded,
      );
      return { value: { keepId: row.id, counts }, pending };
    }
    case 'one-event': {
      const alone = { seriesId: null, isException: false };
      await updateRow(q, organizationId, row.id, template, null, span, alone, null, folded);
      if (write.dropRowsOf.length > 0) {
        const removed = await q.query<{ id: number }>(
          `delete from calendar_events where organization_id = $1 and series_id = any($2::int[])
             and ($3::timestamptz is null or start_date_time >= $3) returning id`,
          [organizationId, write.dropRowsOf, write.dropFrom],
        );
        counts.deletedCount = removed.length;
        await deleteSeries(q, organizationId, write.dropParts);
      }
      if (write.endPart) {
        await endPartBefore(q, organizationId, write.endPart.part, write.endPart.date);
        await writeLineageCount(q, organizationId, write.endPart.lineageId);
      }
      return { value: { keepId: row.id, counts } };
    }
    case 'new-series': {
      const { rule, planned } = write;
      const seriesId = await createSeries(q, organizationId, rule, planned.until);
      const [first, ...rest] = planned.occurrences;
      const inSeries = { seriesId, isException: false };
      await updateRow(q, organizationId, row.id, template, rule, first, inSeries, null, folded);
      counts.createdCount = (
        await insertOccurrences(q, organizationId, seriesId, template, rule, rest)
      ).length;
      return { value: { keepId: row.id, counts } };
    }
    case 'rewrite': {
      const sent = rewriteLineage(q, organizationId, { ...write.rewrite, template }, folded);
      const written = sent.written.then((w) => {
        Object.assign(counts, w.counts);
        return w.keepId;
      });
      return { value: { keepId: sent.keepId ?? (await written), counts }, pending: written };
    }
  }
}
