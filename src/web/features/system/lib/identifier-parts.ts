/**
 * A database name in the pieces it may wrap between: after each underscore, so a long table
 * name in a narrow column reads "calendar_event_" / "followers", never "calendar_event_f" / "ollowers".
 */
export function identifierParts(name: string): string[] {
  return name.match(/[^_]*_+|[^_]+$/g)?.filter(Boolean) ?? [name];
}
