import { describe, expect, it } from 'vitest'

import { landingAfterSignIn, passwordProblem, safeNextPath } from '@/rules/accounts'

describe('safeNextPath', () => {
  it('keeps paths on this site', () => {
    expect(safeNextPath('/neighbourhoods?vibe=Calm#top')).toBe('/neighbourhoods?vibe=Calm#top')
    expect(safeNextPath('/profile')).toBe('/profile')
  })
  it('sends everything else home', () => {
    for (const next of [
      null,
      '',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'profile',
    ]) {
      expect(safeNextPath(next), String(next)).toBe('/')
    }
  })
})

describe('landingAfterSignIn', () => {
  it('goes to /register until the account has a user name', () => {
    expect(landingAfterSignIn({ userName: null }, '/profile')).toBe('/register')
    expect(landingAfterSignIn({ userName: 'amara' }, '/profile')).toBe('/profile')
    expect(landingAfterSignIn({ userName: 'amara' }, '//evil.example')).toBe('/')
  })
})

describe('passwordProblem', () => {
  it('wants 6 characters and two equal entries', () => {
    expect(passwordProblem('12345')).toBe('Password must be at least 6 characters.')
    expect(passwordProblem('123456')).toBeNull()
    expect(passwordProblem('123456', '123457')).toBe('Passwords do not match.')
    expect(passwordProblem('123456', '123456')).toBeNull()
  })
})
