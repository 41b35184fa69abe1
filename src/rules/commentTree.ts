import { MAX_COMMENT_DEPTH } from './targets'

/**
 * Shapes a flat list of comments into the thread people see (SPEC §4, §9): top-level comments
 * oldest first, replies nested under their parent oldest first, the first 2 replies of each
 * comment shown and the rest behind 'View N more replies', nothing deeper than depth 2 without
 * 'Continue thread'. Pure: the widget keeps which comments are opened up.
 */

/** What the shaping needs of a comment; the widget's own fields ride along untouched. */
export interface ThreadComment {
  id: number
  parent: number | null
  createdAt: string
}

export interface ThreadNode<T extends ThreadComment> {
  comment: T
  /** 0 for a top-level comment, 1 for a reply, 2 for a reply to a reply (deeper if continued). */
  depth: number
  /** Replies to show, oldest first. */
  replies: ThreadNode<T>[]
  /** Direct replies left out: the number in 'View N more replies'. */
  hiddenReplies: number
  /** Comments below the depth cut: when > 0 the widget offers 'Continue thread'. */
  continued: number
}

export interface ShapeOptions {
  /** Comments whose replies are all shown ('View N more replies' was pressed). */
  expanded?: ReadonlySet<number>
  /** Comments at the depth cut whose deeper thread is shown ('Continue thread' was pressed). */
  continued?: ReadonlySet<number>
  /** SPEC §9: first 2 replies shown. */
  firstReplies?: number
  /** SPEC §9: nesting depth 2. */
  maxDepth?: number
}

export const FIRST_REPLIES = 2

const byCreated = <T extends ThreadComment>(a: T, b: T) =>
  a.createdAt === b.createdAt ? a.id - b.id : a.createdAt < b.createdAt ? -1 : 1

/**
 * Children of each comment id (`null` for the top level). A reply whose parent is not in the list
 * (hidden by moderators, or not loaded) is shown at the top level rather than lost.
 */
export function childrenMap<T extends ThreadComment>(
  comments: readonly T[],
): Map<number | null, T[]> {
  const ids = new Set(comments.map((c) => c.id))
  const children = new Map<number | null, T[]>()
  for (const c of [...comments].sort(byCreated)) {
    const parent = c.parent !== null && ids.has(c.parent) && c.parent !== c.id ? c.parent : null
    const list = children.get(parent) ?? []
    list.push(c)
    children.set(parent, list)
  }
  return children
}

export function shapeThread<T extends ThreadComment>(
  comments: readonly T[],
  options: ShapeOptions = {},
): ThreadNode<T>[] {
  const {
    expanded = new Set<number>(),
    continued = new Set<number>(),
    firstReplies = FIRST_REPLIES,
    maxDepth = MAX_COMMENT_DEPTH,
  } = options
  const children = childrenMap(comments)
  const seen = new Set<number>()

  /** Every comment below `id`, oldest first (for a continued thread). */
  const descendants = (id: number): T[] => {
    const out: T[] = []
    const walk = (pid: number) => {
      for (const c of children.get(pid) ?? []) {
        if (seen.has(c.id)) continue
        seen.add(c.id)
        out.push(c)
        walk(c.id)
      }
    }
    walk(id)
    return out.sort(byCreated)
  }

  const build = (c: T, depth: number): ThreadNode<T> => {
    seen.add(c.id)
    const direct = (children.get(c.id) ?? []).filter((r) => !seen.has(r.id))
    if (depth >= maxDepth && direct.length > 0) {
      if (!continued.has(c.id)) {
        return { comment: c, depth, replies: [], hiddenReplies: 0, continued: countBelow(c.id) }
      }
      const flat = descendants(c.id).map((d) => ({
        comment: d,
        depth: depth + 1,
        replies: [],
        hiddenReplies: 0,
        continued: 0,
      }))
      return { comment: c, depth, replies: flat, hiddenReplies: 0, continued: 0 }
    }
    const shown = expanded.has(c.id) ? direct : direct.slice(0, firstReplies)
    return {
      comment: c,
      depth,
      replies: shown.map((r) => build(r, depth + 1)),
      hiddenReplies: direct.length - shown.length,
      continued: 0,
    }
  }

  const countBelow = (id: number): number => {
    let n = 0
    const stack = [...(children.get(id) ?? [])]
    const counted = new Set<number>()
    while (stack.length) {
      const c = stack.pop()!
      if (counted.has(c.id)) continue
      counted.add(c.id)
      n++
      stack.push(...(children.get(c.id) ?? []))
    }
    return n
  }

  return (children.get(null) ?? []).map((c) => build(c, 0))
}

/**
 * The comments to open so that `id` is visible (its ancestors, nearest last), or null when the
 * comment is not in the list. Used for #comment-{id} links from notifications.
 */
export function pathTo<T extends ThreadComment>(
  comments: readonly T[],
  id: number,
): number[] | null {
  const byId = new Map(comments.map((c) => [c.id, c]))
  if (!byId.has(id)) return null
  const path: number[] = []
  let current = byId.get(id)!
  while (current.parent !== null && byId.has(current.parent) && !path.includes(current.parent)) {
    path.unshift(current.parent)
    current = byId.get(current.parent)!
  }
  return path
}

/** A comment and everything below it (what a delete removes). */
export function withReplies<T extends ThreadComment>(
  comments: readonly T[],
  id: number,
): Set<number> {
  const gone = new Set([id])
  let grew = true
  while (grew) {
    grew = false
    for (const c of comments) {
      if (c.parent !== null && gone.has(c.parent) && !gone.has(c.id)) {
        gone.add(c.id)
        grew = true
      }
    }
  }
  return gone
}
