import { describe, expect, it } from 'vitest'

import { childrenMap, pathTo, shapeThread, withReplies, type ThreadNode } from '@/rules/commentTree'

interface C {
  id: number
  parent: number | null
  createdAt: string
}

/** Comment `id` written `minute` minutes after nine. */
const c = (id: number, parent: number | null, minute: number): C => ({
  id,
  parent,
  createdAt: new Date(Date.UTC(2026, 0, 1, 9, minute)).toISOString(),
})

/** The visible thread as nested ids, with hidden counts: easy to read in an assertion. */
type Shape = [number, Shape[]?, { more?: number; continued?: number }?]
const shape = (nodes: ThreadNode<C>[]): Shape[] =>
  nodes.map((n) => {
    const extra = {
      ...(n.hiddenReplies ? { more: n.hiddenReplies } : {}),
      ...(n.continued ? { continued: n.continued } : {}),
    }
    const out: Shape = [n.comment.id]
    if (n.replies.length || Object.keys(extra).length) out.push(shape(n.replies))
    if (Object.keys(extra).length) out.push(extra)
    return out
  })

describe('shapeThread', () => {
  it('orders top-level comments oldest first, whatever order they arrive in', () => {
    const list = [c(3, null, 30), c(1, null, 10), c(2, null, 20)]
    expect(shape(shapeThread(list))).toEqual([[1], [2], [3]])
  })

  it('breaks ties in time by id', () => {
    expect(shape(shapeThread([c(8, null, 5), c(7, null, 5)]))).toEqual([[7], [8]])
  })

  it('nests replies under their parent, oldest first, with their depth', () => {
    const list = [c(1, null, 0), c(3, 1, 3), c(2, 1, 2), c(4, 2, 4), c(5, null, 5)]
    const nodes = shapeThread(list)
    expect(shape(nodes)).toEqual([[1, [[2, [[4]]], [3]]], [5]])
    expect(nodes[0]!.depth).toBe(0)
    expect(nodes[0]!.replies[0]!.depth).toBe(1)
    expect(nodes[0]!.replies[0]!.replies[0]!.depth).toBe(2)
  })

  it('shows the first 2 replies and counts the rest for "View N more replies"', () => {
    const list = [c(1, null, 0), c(2, 1, 1), c(3, 1, 2), c(4, 1, 3), c(5, 1, 4), c(6, 1, 5)]
    expect(shape(shapeThread(list))).toEqual([[1, [[2], [3]], { more: 3 }]])
  })

  it('shows every reply of a comment once it is expanded', () => {
    const list = [c(1, null, 0), c(2, 1, 1), c(3, 1, 2), c(4, 1, 3)]
    expect(shape(shapeThread(list, { expanded: new Set([1]) }))).toEqual([[1, [[2], [3], [4]]]])
  })

  it('applies the 2-reply cut at every level, counting direct replies only', () => {
    const list = [
      c(1, null, 0),
      c(2, 1, 1),
      c(3, 2, 2),
      c(4, 2, 3),
      c(5, 2, 4),
      c(6, 1, 5),
      c(7, 1, 6),
    ]
    expect(shape(shapeThread(list))).toEqual([
      [1, [[2, [[3], [4]], { more: 1 }], [6]], { more: 1 }],
    ])
  })

  it('cuts the thread below depth 2 and offers to continue it', () => {
    const list = [c(1, null, 0), c(2, 1, 1), c(3, 2, 2), c(4, 3, 3), c(5, 4, 4)]
    expect(shape(shapeThread(list))).toEqual([[1, [[2, [[3, [], { continued: 2 }]]]]]])
  })

  it('shows the deeper part flat, oldest first, once "Continue thread" is pressed', () => {
    const list = [c(1, null, 0), c(2, 1, 1), c(3, 2, 2), c(5, 4, 5), c(4, 3, 3), c(6, 3, 4)]
    const nodes = shapeThread(list, { continued: new Set([3]) })
    expect(shape(nodes)).toEqual([[1, [[2, [[3, [[4], [6], [5]]]]]]]])
    expect(nodes[0]!.replies[0]!.replies[0]!.replies.map((n) => n.depth)).toEqual([3, 3, 3])
  })

  it('shows a reply whose parent is missing (hidden) at the top level instead of losing it', () => {
    const list = [c(1, null, 0), c(3, 2, 2), c(4, 3, 3)]
    expect(shape(shapeThread(list))).toEqual([[1], [3, [[4]]]])
  })

  it('does not loop on a comment that names itself or a cycle as parent', () => {
    const list = [c(1, 1, 0), c(2, 3, 1), c(3, 2, 2)]
    const nodes = shapeThread(list)
    expect(shape(nodes)).toEqual([[1]])
    expect(
      childrenMap(list)
        .get(null)!
        .map((x) => x.id),
    ).toEqual([1])
  })

  it('is empty for no comments', () => {
    expect(shapeThread([])).toEqual([])
  })
})

describe('pathTo', () => {
  const list = [c(1, null, 0), c(2, 1, 1), c(3, 2, 2), c(9, null, 9)]
  it('names the comments to open so a linked comment shows', () => {
    expect(pathTo(list, 3)).toEqual([1, 2])
    expect(pathTo(list, 9)).toEqual([])
  })
  it('is null for a comment not in this thread', () => {
    expect(pathTo(list, 42)).toBeNull()
  })
  it('opens the hidden reply a link points to', () => {
    const many = [c(1, null, 0), c(2, 1, 1), c(3, 1, 2), c(4, 1, 3)]
    const path = pathTo(many, 4)!
    expect(shape(shapeThread(many, { expanded: new Set(path) }))).toEqual([[1, [[2], [3], [4]]]])
  })
})

describe('withReplies', () => {
  it('is a comment and everything below it, as a delete removes', () => {
    const list = [c(1, null, 0), c(2, 1, 1), c(3, 2, 2), c(4, null, 3), c(5, 4, 4)]
    expect([...withReplies(list, 1)].sort()).toEqual([1, 2, 3])
    expect([...withReplies(list, 5)]).toEqual([5])
  })
})
