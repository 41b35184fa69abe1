/**
 * SPEC §5 tags rule (stories, events, discussions): the form sends comma-separated text, an API
 * client may send a list; either way each tag is trimmed and empty ones are dropped.
 */
export function normaliseTags(input: unknown): string[] {
  if (input === null || input === undefined) return []
  const parts = Array.isArray(input) ? input : String(input).split(',')
  return parts
    .filter((part) => typeof part === 'string' || typeof part === 'number')
    .flatMap((part) => String(part).split(','))
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0)
}

/** SPEC §9: quick-filter chips on the story lists. */
export const STORY_TAG_FILTERS = [
  'food',
  'festival',
  'hidden gem',
  'brunch',
  'family',
  'parks',
] as const
