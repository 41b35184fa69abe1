import { describe, expect, it } from 'vitest'

import { isValidUserName, userNameKey } from '@/rules/userName'
import { userSchema } from '@/schemas/user'

describe('user names', () => {
  it.each(['amara', 'Tom_H', 'jo.bloggs', 'kwame-m', '007', 'a'.repeat(30), 'abc'])(
    'accepts %s',
    (name) => expect(isValidUserName(name)).toBe(true),
  )

  it.each([
    ['too short', 'ab'],
    ['too long', 'a'.repeat(31)],
    ['a space', 'jo bloggs'],
    ['an @', 'jo@home'],
    ['a slash', 'a/b'],
    ['an accent', 'zoë'],
    ['a leading dot', '.amara'],
    ['a leading hyphen', '-amara'],
    ['only dots', '...'],
    ['empty', ''],
  ])('refuses %s', (_, name) => expect(isValidUserName(name)).toBe(false))

  it('has one key for every spelling in any case', () => {
    expect(userNameKey('Alice')).toBe(userNameKey('aLICE'))
    expect(userNameKey('Jo.Bloggs')).toBe('jo.bloggs')
  })

  it('lets a profile have no user name yet, but not a bad one or a long bio', () => {
    expect(userSchema.safeParse({}).success).toBe(true)
    expect(userSchema.safeParse({ userName: null, bio: 'x'.repeat(500) }).success).toBe(true)
    const badName = userSchema.safeParse({ userName: 'a b' })
    expect(badName.error?.issues[0]?.message).toMatch(/^User names are 3 to 30/)
    const longBio = userSchema.safeParse({ bio: 'x'.repeat(501) })
    expect(longBio.error?.issues[0]?.message).toBe('Bios are limited to 500 characters.')
  })
})
