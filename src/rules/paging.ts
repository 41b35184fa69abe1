/**
 * Numbered page buttons (forum, discussions): every page when there are few, else the first, the
 * last and the pages next to the current one, with null where a gap ('…') goes.
 */
export function pageNumbers(page: number, totalPages: number): (number | null)[] {
  if (totalPages <= 7) return Array.from({ length: totalPages }, (_, i) => i + 1)
  const keep = new Set(
    [1, totalPages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= totalPages),
  )
  const sorted = [...keep].sort((a, b) => a - b)
  const out: (number | null)[] = []
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null)
    out.push(p)
  })
  return out
}

/** ?page= read leniently: anything but a whole number from 1 up is page 1 (capped). */
export function parsePage(value: string | null | undefined, max = 10_000): number {
  const page = Number.parseInt(value ?? '', 10)
  return Number.isFinite(page) && page >= 1 ? Math.min(page, max) : 1
}
