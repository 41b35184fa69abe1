/** Runs `work` over `items` with at most `width` in flight. */
export async function eachLimited<T>(
  items: T[],
  width: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0
  const lane = async () => {
    while (next < items.length) await work(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane))
}
