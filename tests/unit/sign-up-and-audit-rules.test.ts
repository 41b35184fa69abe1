import type { IncomingMessage } from 'node:http'

import { describe, expect, it } from 'vitest'

import { checkSignUpToken, issueSignUpToken } from '@/data/signUpForm'
import { emailDomain, listedDomain } from '@/rules/signUp'
import {
  accountAction,
  accountChangeSentence,
  auditSummary,
  changedFields,
  pageAction,
} from '@/rules/staffAudit'
import { accountLimitsFor } from '@/server/http/rateLimits'

describe('throwaway domains', () => {
  const listed = new Set(['throwaway.example'])
  it('finds the listed domain of an address, or of its parent domain', () => {
    expect(listedDomain('a@Throwaway.Example', (d) => listed.has(d))).toBe('throwaway.example')
    expect(listedDomain('a@mx.throwaway.example.', (d) => listed.has(d))).toBe('throwaway.example')
    expect(listedDomain('a@example', (d) => listed.has(d))).toBeNull()
    expect(listedDomain('no-at-sign', (d) => listed.has(d))).toBeNull()
    expect(emailDomain('x@')).toBeNull()
  })
})

describe("the sign-up form's signed issue time", () => {
  const secret = 'unit-secret'
  it('is refused when too young, forged or expired; accepted once a few seconds old', () => {
    const now = Date.now()
    const token = issueSignUpToken(secret, now)
    expect(checkSignUpToken(secret, token, now + 1000)).toBe('tooFast')
    expect(checkSignUpToken(secret, token, now + 3000)).toBe('ok')
    expect(checkSignUpToken('other', token, now + 3000)).toBe('invalid')
    expect(checkSignUpToken(secret, token, now + 25 * 3600 * 1000)).toBe('invalid')
    expect(checkSignUpToken(secret, `${token}x`, now + 3000)).toBe('invalid')
    expect(checkSignUpToken(secret, undefined, now)).toBe('invalid')
  })
})

describe('the staff audit', () => {
  it('records the listed fields that changed, as text', () => {
    const changes = changedFields(
      ['role', 'name', 'avatar'],
      { role: 'member', name: 'A', avatar: { id: 3 } },
      { role: 'editor', name: 'A', avatar: 4 },
    )
    expect(changes).toEqual([
      { field: 'role', before: 'member', after: 'editor' },
      { field: 'avatar', before: '3', after: '4' },
    ])
    expect(auditSummary(changes)).toBe('role: member → editor; avatar: 3 → 4')
  })

  it('names the action: role first, then a suspension or its lift', () => {
    const later = new Date(Date.now() + 86_400_000).toISOString()
    expect(accountAction([{ field: 'suspendedUntil', before: null, after: later }])).toBe(
      'suspended',
    )
    expect(accountAction([{ field: 'suspendedUntil', before: later, after: null }])).toBe(
      'suspension-lifted',
    )
    expect(accountAction([{ field: 'email', before: 'a', after: 'b' }])).toBe('account-changed')
    expect(pageAction(false, true)).toBe('page-published')
    expect(pageAction(true, false)).toBe('page-unpublished')
    expect(pageAction(true, true)).toBe('page-changed')
  })

  it("tells the member what changed, never a password's value", () => {
    const at = '2026-11-01T10:00:00.000Z'
    expect(accountChangeSentence({ field: 'password', before: null, after: null }, at)).toBe(
      'Your password was set by staff.',
    )
    expect(
      accountChangeSentence(
        { field: 'suspendedUntil', before: null, after: '2026-11-08T10:00:00.000Z' },
        at,
      ),
    ).toBe('Your account was suspended until 8 November 2026.')
  })
})

describe('the posting budget of an unconfirmed account', () => {
  const request = (method: string, url: string) => ({ method, url, headers: {} }) as IncomingMessage
  const account = { id: 7, createdAt: new Date(0).toISOString(), unconfirmed: true }
  it('counts posts (a form posted to a page by the API path it asks), not other writes', () => {
    const names = (url: string, apiPath?: string) =>
      accountLimitsFor('write', request('POST', url), account, apiPath).map((l) => l.name)
    expect(names('/api/discussions')).toContain('unconfirmedPost')
    expect(names('/discussions?_form=newDiscussion', '/api/discussions')).toContain(
      'unconfirmedPost',
    )
    expect(names('/api/reactions/toggle')).not.toContain('unconfirmedPost')
    expect(
      accountLimitsFor('write', request('POST', '/api/reviews'), {
        ...account,
        unconfirmed: false,
      }),
    ).not.toContainEqual({ name: 'unconfirmedPost', weight: 1 })
  })
})
