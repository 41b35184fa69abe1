/**
 * A re-read list with each item that did not change replaced by the object already shown, so
 * memoized cards skip drawing it again (a page's first live re-read usually changes nothing).
 */
export function keepUnchanged<T extends { id: number }>(shown: readonly T[], next: T[]): T[] {
  const byId = new Map(shown.map((item) => [item.id, item]))
  return next.map((item) => {
    const old = byId.get(item.id)
    return old && JSON.stringify(old) === JSON.stringify(item) ? old : item
  })
}
