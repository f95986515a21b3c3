// Demo library (SEED_DEMO): a home page linking to a show bible, a safety procedure and a class
// syllabus, each with a little history, written through the real service so versions, links and
// search are exactly what a writer would have produced.
import { createWikiPageSchema, type WikiPage } from '../../../common/schemas/library';
import type { Database } from '../../db/client';
import type { DemoSeeder } from '../../seed/seeder';
import { createPage, updatePage } from './service';

const HOME = `# Welcome to the library

Everything the company knows, in one place. Start here:

- [[Into the Woods Show Bible]]: cast, calls, props and the running order
- [[Backstage Safety Procedure]]: read it before your first load-in
- [[Youth Acting Class Syllabus]]: the spring term, week by week

Looking for something else? Use the search box above, or browse by tag.
`;

const BIBLE = `# Into the Woods Show Bible

## Company
Directed by Olivia Owens. Stage manager: Victor Vance. See the [[Home]] page for the whole library.

## Calls
- Half hour is called 30 minutes before curtain.
- Places at five minutes; nobody leaves the green room after places.

## Props
| Prop | Scene | Preset |
|---|---|---|
| Milky-white cow | Act 1 opening | Stage left |
| Golden slipper | Midnight | Props table |
| Beanstalk bean | Act 1 | Baker's pocket |

## Running order
1. Prologue: Into the Woods
2. Hello, Little Girl
3. Giants in the Sky

Safety first: the beanstalk rig follows the [[Backstage Safety Procedure]].
`;

const SAFETY = `# Backstage Safety Procedure

## Before every rehearsal
- Walk the deck and clear cables from crossovers.
- Check the fly rail is locked off and the beanstalk harness is inspected.

## During the show
- Glow tape stays on every step edge.
- Nobody stands under a flying piece during a cue.

## In an emergency
1. Stop the show: the stage manager calls **hold**.
2. House lights up, calm announcement from the booth.
3. Meet at the car park assembly point.

Questions go to Victor Vance, the volunteer coordinator.
`;

const SYLLABUS = `# Youth Acting Class Syllabus

Spring term, Saturdays 10:00 to 12:00 in the Annex. Teacher: Adam Alvarez.

## Weeks 1-3: Play
Warm-ups, status games and *yes, and*.

## Weeks 4-6: Scenes
Two-person scenes from [[Into the Woods Show Bible]] and classic fairy tales.

## Week 7: Sharing
A short sharing for families on the Main Stage.
`;

export const seedDemoLibrary: DemoSeeder = async (database: Database, { organizationId, userIds }) => {
  const write = (authorId: number, input: Record<string, unknown>) =>
    createPage(database, organizationId, authorId, createWikiPageSchema.parse(input));
  const edit = (page: WikiPage, authorId: number, change: Record<string, unknown>) =>
    updatePage(
      database,
      organizationId,
      page.id,
      { actor: { userId: authorId } },
      {
        currentVersion: page.currentVersion,
        changeNote: null,
        ...change,
      },
    );

  await write(userIds.olivia, {
    title: 'Home',
    slug: 'home',
    content: HOME,
    tags: ['start here'],
    isPublic: true,
    changeNote: 'A home for the library',
  });
  const bible = await write(userIds.victor, {
    title: 'Into the Woods Show Bible',
    content: BIBLE.replace(/\n## Running order[\s\S]*?\n\n/, '\n'),
    tags: ['into the woods', 'show bible'],
    changeNote: 'First draft from the production meeting',
  });
  await edit(bible, userIds.tara, { content: BIBLE, changeNote: 'Added the running order' });
  const safety = await write(userIds.victor, {
    title: 'Backstage Safety Procedure',
    content: SAFETY.replace('- Nobody stands under a flying piece during a cue.\n', ''),
    tags: ['safety', 'crew'],
    isPublic: true,
  });
  await edit(safety, userIds.olivia, {
    content: SAFETY,
    changeNote: 'Flying pieces rule after the tech rehearsal',
  });
  await write(userIds.adam, {
    title: 'Youth Acting Class Syllabus',
    content: SYLLABUS,
    tags: ['class', 'youth'],
    changeNote: 'Spring term',
  });
};
