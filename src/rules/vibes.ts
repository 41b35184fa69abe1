/** SPEC §9: the four vibes; filters add 'All'. */
export const VIBES = ['Calm', 'Creative', 'Family-Friendly', 'Diverse'] as const
export type Vibe = (typeof VIBES)[number]

/**
 * Form input for vibes: a comma-separated string or a list. Trimmed, empties dropped, matched to
 * the canonical spelling without regard to case ('family-friendly' → 'Family-Friendly'),
 * duplicates removed. Unknown words stay as typed so validation can name the problem.
 */
export function parseVibes(input: unknown): string[] | undefined {
  if (input === undefined || input === null) return undefined
  const parts =
    typeof input === 'string' ? input.split(',') : Array.isArray(input) ? input : [input]
  const vibes = parts
    .map((part) => String(part).trim())
    .filter(Boolean)
    .map((part) => VIBES.find((v) => v.toLowerCase() === part.toLowerCase()) ?? part)
  return [...new Set(vibes)]
}
