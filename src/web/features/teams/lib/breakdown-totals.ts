// Per-actor totals of a breakdown: how many scenes each cast member is in and how many pages
// (in eighths) those scenes add up to. A person playing two characters in one scene counts it once.
import type { Breakdown } from '@common/schemas/breakdown';

export interface ActorTotal {
  userId: number;
  characters: string[];
  scenes: number;
  eighths: number;
}

export function actorTotals(breakdown: Breakdown): ActorTotal[] {
  const byUser = new Map<number, { characters: string[]; scenes: Set<number>; eighths: number }>();
  const charactersOf = new Map(breakdown.characters.map((c) => [c.id, c]));
  for (const c of breakdown.characters)
    for (const userId of c.memberIds) {
      const entry = byUser.get(userId) ?? { characters: [], scenes: new Set(), eighths: 0 };
      entry.characters.push(c.name);
      byUser.set(userId, entry);
    }
  for (const s of breakdown.scenes)
    for (const characterId of s.characterIds)
      for (const userId of charactersOf.get(characterId)?.memberIds ?? []) {
        const entry = byUser.get(userId);
        if (!entry || entry.scenes.has(s.id)) continue;
        entry.scenes.add(s.id);
        entry.eighths += s.pages ?? 0;
      }
  return [...byUser].map(([userId, e]) => ({
    userId,
    characters: e.characters,
    scenes: e.scenes.size,
    eighths: e.eighths,
  }));
}
