import type { DeletableKind } from './deletion'

/**
 * The confirmation page of one item (what a Delete link opens before the island takes over).
 * Apart from ./deletion.ts, whose words an island's script does not need.
 */
export const deleteHref = (kind: DeletableKind, id: number) => `/delete?kind=${kind}&id=${id}`
