import { describe, expect, it } from 'vitest'

import {
  MAX_MENTIONS,
  mentionAtCaret,
  mentionedNames,
  mentionParts,
  withinMentionLimit,
} from '@/rules/mentions'
import { commentCreateSchema } from '@/schemas/engagement'

describe('mentionedNames', () => {
  it('finds each name once, in order, as first written, and ends on a letter or digit', () => {
    expect(mentionedNames('@amara, ask @Priya. Then @amara and @PRIYA again (@r_2-b.)')).toEqual([
      'amara',
      'Priya',
      'r_2-b',
    ])
  })
  it('leaves e-mail addresses, lone @ and too-short names alone', () => {
    expect(mentionedNames('write to a@priya.org, @ me, or @ab')).toEqual([])
  })
})

describe('mentionParts', () => {
  it('links only the members the server found; any other @name stays text', () => {
    expect(mentionParts('Hi @amara and @ghost!', ['amara'])).toEqual([
      { text: 'Hi ' },
      { text: '@amara', userName: 'amara' },
      { text: ' and @ghost!' },
    ])
    expect(mentionParts('Hi @AMARA', ['amara'])).toEqual([
      { text: 'Hi ' },
      { text: '@AMARA', userName: 'amara' },
    ])
    expect(mentionParts('Hi @amara', [])).toEqual([{ text: 'Hi @amara' }])
  })
})

describe('the limit of ten', () => {
  const names = (n: number) => Array.from({ length: n }, (_, i) => `@member${i}`).join(' ')
  it('allows ten different members, however often each, and refuses eleven', () => {
    expect(withinMentionLimit(`${names(MAX_MENTIONS)} @member0 @member0`)).toBe(true)
    expect(withinMentionLimit(names(MAX_MENTIONS + 1))).toBe(false)
    const parsed = commentCreateSchema.safeParse({
      targetKind: 'discussion',
      targetId: 1,
      content: names(11),
    })
    expect(parsed.error?.issues[0]?.message).toBe('You can mention at most 10 members in one post.')
  })
})

describe('mentionAtCaret', () => {
  it('answers the name being typed before the caret, and where its @ stands', () => {
    expect(mentionAtCaret('Thanks @pri', 11)).toEqual({ query: 'pri', start: 7 })
    expect(mentionAtCaret('Thanks @', 8)).toEqual({ query: '', start: 7 })
    expect(mentionAtCaret('Thanks @pri and more', 20)).toBeNull()
    expect(mentionAtCaret('mail a@pri', 10)).toBeNull()
  })
})
