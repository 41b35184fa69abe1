/** SPEC §4/§5 poll rules, shared by the server and the poll widgets. */

/** A new poll starts with two option fields; fewer is not a poll. */
export const MIN_POLL_OPTIONS = 2

type OptionInput = string | { text?: unknown } | null | undefined

/** Options arrive as `[{text}]` (stored shape) or as plain strings (the spec's `options` list). */
export function optionTexts(options: unknown): string[] {
  if (!Array.isArray(options)) return []
  return (options as OptionInput[]).map((option) => {
    const text = typeof option === 'object' && option !== null ? option.text : option
    return typeof text === 'string' ? text : ''
  })
}

/** 'Fill in the question and all options.': a question and at least two options, none blank. */
export function pollIsComplete(question: unknown, options: unknown): boolean {
  const texts = optionTexts(options)
  return (
    typeof question === 'string' &&
    question.trim().length > 0 &&
    Array.isArray(options) &&
    texts.length >= MIN_POLL_OPTIONS &&
    texts.every((text) => text.trim().length > 0)
  )
}

/** Open until the close date passes; no close date means open for ever. */
export function isPollOpen(closeDate: string | Date | null | undefined, now = new Date()): boolean {
  if (closeDate === null || closeDate === undefined || closeDate === '') return true
  const closes = closeDate instanceof Date ? closeDate : new Date(closeDate)
  if (Number.isNaN(closes.getTime())) return true
  return closes.getTime() > now.getTime()
}

/** A vote names an option by its position: an integer from 0 to count - 1. */
export function isValidOptionIndex(index: unknown, optionCount: number): index is number {
  return typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < optionCount
}

/** Per-option counts from aggregate rows (options nobody chose count 0). */
export function countsPerOption(
  rows: { optionIndex: number; votes: number }[],
  optionCount: number,
): number[] {
  const counts = Array.from({ length: optionCount }, () => 0)
  for (const row of rows) {
    if (row.optionIndex >= 0 && row.optionIndex < optionCount) counts[row.optionIndex] = row.votes
  }
  return counts
}
