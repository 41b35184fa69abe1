import { describe, expect, it } from 'vitest'

import { inviteLink, inviteShareLinks, parseInviteRef } from '@/rules/invite'

describe('invite refs', () => {
  it.each([
    ['12', '12'],
    [' 7 ', '7'],
  ])('accepts the user id %j', (value, ref) => expect(parseInviteRef(value)).toBe(ref))

  it.each([
    null,
    undefined,
    '',
    '0',
    '007',
    '-1',
    '1.5',
    '1e3',
    'abc',
    '12; path=/',
    '9'.repeat(17),
  ])('refuses %j', (value) => expect(parseInviteRef(value)).toBeUndefined())
})

describe('invite links', () => {
  it('is the site origin + /invite?ref={id}', () => {
    expect(inviteLink('https://belong.example/', 42)).toBe('https://belong.example/invite?ref=42')
  })

  it('shares the link through a messaging app and e-mail, encoded', () => {
    const link = 'https://belong.example/invite?ref=42'
    const { whatsApp, email } = inviteShareLinks(link)
    expect(whatsApp.startsWith('https://wa.me/?text=')).toBe(true)
    expect(decodeURIComponent(whatsApp.split('text=')[1]!)).toContain(link)
    const mail = new URL(email)
    expect(mail.protocol).toBe('mailto:')
    expect(mail.searchParams.get('subject')).toBe('Join me on Belong')
    expect(mail.searchParams.get('body')).toContain(link)
  })
})
