// A PATCH changes only what it sends. Zod applies a field's default even where the field is
// optional, so a patch schema built from a create schema's fields would write that default over
// whatever a field left out held (a page edit without tags cleared its tags).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as admin from './admin';
import * as breakdown from './breakdown';
import * as calendar from './calendar';
import * as library from './library';
import * as notifications from './notifications';
import * as scheduling from './scheduling';
import * as teams from './teams';
import * as volunteer from './volunteer';

const modules = { admin, breakdown, calendar, library, notifications, scheduling, teams, volunteer };

/** The object a schema checks, through transforms (a pipe's input) and wrappers. */
function objectOf(schema: z.ZodType): z.ZodObject | null {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodPipe) return objectOf(schema.in as z.ZodType);
  return null;
}

const patchSchemas = Object.entries(modules).flatMap(([module, exports]) =>
  Object.entries(exports as Record<string, unknown>)
    .filter(([name, value]) => /(?:Patch|^update\w*)Schema$/.test(name) && value instanceof z.ZodType)
    .map(([name, value]) => ({ name: `${module}.${name}`, object: objectOf(value as z.ZodType) })),
);

/** Fields left out that read as null, which their writes take as "leave as it is" or which no row keeps. */
const NULL_WHEN_LEFT_OUT: Record<string, string> = {
  'breakdown.reportNotePatchSchema.reply': 'the answer keeps the reply it has (coalesce)',
  'library.updateWikiPageSchema.changeNote': 'the note of the version the edit writes, not of the page',
};

describe('patch schemas', () => {
  it('are found in every module that has edits', () => {
    expect(patchSchemas.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        'library.updateWikiPageSchema',
        'teams.updateTeamSchema',
        'calendar.eventPatchSchema',
      ]),
    );
    for (const { name, object } of patchSchemas) expect(object, name).not.toBeNull();
  });

  it('give no value to a field left out', () => {
    const filled = patchSchemas.flatMap(({ name, object }) =>
      Object.entries(object?.shape ?? {}).flatMap(([field, schema]) => {
        const parsed = (schema as z.ZodType).safeParse(undefined);
        const leftOut = `${name}.${field}` in NULL_WHEN_LEFT_OUT ? null : undefined;
        return parsed.success && parsed.data !== leftOut ? [`${name}.${field}`] : [];
      }),
    );
    expect(filled).toEqual([]);
  });
});
