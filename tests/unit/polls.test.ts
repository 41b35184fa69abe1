import { describe, expect, it } from 'vitest'

import {
  countsPerOption,
  isPollOpen,
  isValidOptionIndex,
  optionTexts,
  pollIsComplete,
} from '@/rules/polls'

describe('pollIsComplete (SPEC §5: question and every option non-blank)', () => {
  it('accepts a question with two or more filled options, as rows or as text', () => {
    expect(pollIsComplete('Best bakery?', [{ text: 'Gail’s' }, { text: 'Lidl' }])).toBe(true)
    expect(pollIsComplete('Best bakery?', ['A', 'B', 'C'])).toBe(true)
  })

  it.each([
    ['', ['A', 'B']],
    ['   ', ['A', 'B']],
    [undefined, ['A', 'B']],
    ['Q?', ['A']],
    ['Q?', []],
    ['Q?', ['A', ' ']],
    ['Q?', [{ text: 'A' }, { text: '' }]],
    ['Q?', [{ text: 'A' }, {}]],
    ['Q?', 'A, B'],
    ['Q?', undefined],
  ])('refuses question %j with options %j', (question, options) => {
    expect(pollIsComplete(question, options)).toBe(false)
  })
})

describe('optionTexts', () => {
  it('reads rows and plain text alike, blanks for anything else', () => {
    expect(optionTexts([{ text: 'A' }, 'B', null, { text: 3 }])).toEqual(['A', 'B', '', ''])
    expect(optionTexts('A')).toEqual([])
  })
})

describe('isPollOpen (SPEC §4: open until close_date passes)', () => {
  const now = new Date('2026-06-01T12:00:00Z')
  it('is open without a close date', () => {
    expect(isPollOpen(null, now)).toBe(true)
    expect(isPollOpen(undefined, now)).toBe(true)
    expect(isPollOpen('', now)).toBe(true)
  })
  it('is open before the close date and closed from it on', () => {
    expect(isPollOpen('2026-06-01T12:00:01Z', now)).toBe(true)
    expect(isPollOpen('2026-06-01T12:00:00Z', now)).toBe(false)
    expect(isPollOpen(new Date('2026-05-31T00:00:00Z'), now)).toBe(false)
  })
})

describe('isValidOptionIndex', () => {
  it.each([
    [0, true],
    [2, true],
    [3, false],
    [-1, false],
    [1.5, false],
    ['1', false],
    [null, false],
  ])('%j of 3 options → %s', (index, valid) => {
    expect(isValidOptionIndex(index, 3)).toBe(valid)
  })
})

describe('countsPerOption', () => {
  it('fills options nobody chose with 0', () => {
    expect(
      countsPerOption(
        [
          { optionIndex: 2, votes: 4 },
          { optionIndex: 0, votes: 1 },
        ],
        4,
      ),
    ).toEqual([1, 0, 4, 0])
  })
})
