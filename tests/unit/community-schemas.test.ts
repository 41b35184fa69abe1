import { describe, expect, it } from 'vitest'

import { parseDateInput } from '@/rules/dates'
import { MESSAGES } from '@/rules/messages'
import { discussionSchema } from '@/schemas/discussion'
import { eventSchema, rsvpSchema } from '@/schemas/event'
import { pollSchema, voteSchema } from '@/schemas/poll'
import { storySchema } from '@/schemas/story'

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message

describe('story schema', () => {
  const story = { title: 'Market day', description: 'Stalls everywhere', neighbourhood: 3 }
  it('accepts a story and normalises its tags', () => {
    const parsed = storySchema.parse({ ...story, tags: 'food, ,parks ' })
    expect(parsed.tags).toEqual(['food', 'parks'])
    expect(storySchema.parse({ ...story, neighbourhood: '3' }).neighbourhood).toBe(3)
  })
  it('asks for a neighbourhood in the spec’s words', () => {
    expect(firstMessage(storySchema.safeParse({ ...story, neighbourhood: undefined }))).toBe(
      MESSAGES.selectNeighbourhood,
    )
    expect(firstMessage(storySchema.safeParse({ ...story, neighbourhood: '' }))).toBe(
      MESSAGES.selectNeighbourhood,
    )
  })
  it('refuses a blank title or description', () => {
    expect(firstMessage(storySchema.safeParse({ ...story, title: '  ' }))).toBe(
      'Title is required.',
    )
    expect(firstMessage(storySchema.safeParse({ ...story, description: undefined }))).toBe(
      'Description is required.',
    )
  })
})

describe('event schema', () => {
  const event = {
    title: 'Street party',
    description: 'Bring food',
    eventDate: '2026-07-01T18:00:00.000Z',
    location: 'Elm Row',
  }
  it('accepts an event without a neighbourhood', () => {
    expect(eventSchema.safeParse(event).success).toBe(true)
  })
  it.each([
    ['title', 'Title is required.'],
    ['description', 'Description is required.'],
    ['eventDate', 'Date and time are required.'],
    ['location', 'Location is required.'],
  ])('requires %s', (field, message) => {
    expect(firstMessage(eventSchema.safeParse({ ...event, [field]: '' }))).toBe(message)
  })
  it('refuses a date that is not one', () => {
    expect(firstMessage(eventSchema.safeParse({ ...event, eventDate: 'soon' }))).toBe(
      'Date and time are required.',
    )
  })
  it('knows the two RSVP statuses only', () => {
    expect(rsvpSchema.safeParse({ status: 'attending' }).success).toBe(true)
    expect(rsvpSchema.safeParse({ status: 'going' }).success).toBe(false)
  })
})

describe('discussion schema', () => {
  it('requires title and content', () => {
    expect(firstMessage(discussionSchema.safeParse({ title: 'Hi', content: ' ' }))).toBe(
      'Content is required.',
    )
    expect(discussionSchema.safeParse({ title: 'Hi', content: 'There' }).success).toBe(true)
  })
})

describe('poll schema', () => {
  it('refuses a blank question or option with the spec’s message', () => {
    expect(firstMessage(pollSchema.safeParse({ question: 'Q?', options: ['A', ''] }))).toBe(
      MESSAGES.pollIncomplete,
    )
    expect(firstMessage(pollSchema.safeParse({ question: '', options: ['A', 'B'] }))).toBe(
      MESSAGES.pollIncomplete,
    )
  })
  it('accepts a poll with an optional close date and neighbourhood', () => {
    expect(pollSchema.safeParse({ question: 'Q?', options: ['A', 'B'] }).success).toBe(true)
    expect(
      pollSchema.safeParse({
        question: 'Q?',
        options: [{ text: 'A' }, { text: 'B' }],
        closeDate: '2026-01-01T00:00:00Z',
        neighbourhood: 4,
      }).success,
    ).toBe(true)
  })
  it('refuses a neighbourhood that is no id in the spec’s words', () => {
    expect(
      firstMessage(
        pollSchema.safeParse({ question: 'Q?', options: ['A', 'B'], neighbourhood: 'x' }),
      ),
    ).toBe(MESSAGES.neighbourhoodNotFound)
  })
  it('wants a whole option index to vote', () => {
    expect(voteSchema.safeParse({ optionIndex: 1 }).success).toBe(true)
    expect(voteSchema.safeParse({ optionIndex: '1' }).success).toBe(false)
    expect(voteSchema.safeParse({ optionIndex: 0.5 }).success).toBe(false)
  })
})

describe('parseDateInput', () => {
  it.each([
    ['2031-07-01T18:00:00.000Z', true],
    ['2031-07-01T18:00', true],
    ['1900-01-01T00:00:00Z', true],
    ['0031-12-31T23:59:59.999Z', false],
    ['+275760-09-13T00:00:00.000Z', false],
    ['-000001-01-01T00:00:00Z', false],
    ['soon', false],
    ['', false],
    [42, false],
    [null, false],
  ])('%j → %s', (value, ok) => {
    expect(parseDateInput(value) !== null).toBe(ok)
  })
})

describe('text PostgreSQL cannot store', () => {
  it('refuses NUL characters in titles, tags and poll options', () => {
    const nul = String.fromCharCode(0)
    expect(discussionSchema.safeParse({ title: `a${nul}b`, content: 'x' }).success).toBe(false)
    expect(
      discussionSchema.safeParse({ title: 'a', content: 'x', tags: [`a${nul}`] }).success,
    ).toBe(false)
    expect(pollSchema.safeParse({ question: 'Q', options: ['A', `B${nul}`] }).success).toBe(false)
  })
})
