import type { IncomingMessage } from 'node:http'

import { describe, expect, it } from 'vitest'

import { UPLOAD_BODY_LIMIT } from '@/server/http/nodeFetch'
import { accountLimitsFor, rateLimitSettings } from '@/server/http/rateLimits'

/** Which per-account budgets a request spends (the real site test: tests/faults/account-limits). */
const request = (method: string, url: string, headers: Record<string, string> = {}) =>
  ({ method, url, headers }) as IncomingMessage
const hoursAgo = (h: number) => ({
  id: 7,
  createdAt: new Date(Date.now() - h * 3600_000).toISOString(),
})

describe('accountLimitsFor', () => {
  it('a review spends the review budget and the write budget; young accounts their own', () => {
    expect(accountLimitsFor('write', request('POST', '/api/reviews'), hoursAgo(1))).toEqual([
      { name: 'newAccountReview', weight: 1 },
      { name: 'newAccountWrite', weight: 1 },
    ])
    expect(
      accountLimitsFor('write', request('POST', '/api/reviews?depth=0'), hoursAgo(25)),
    ).toEqual([
      { name: 'accountReview', weight: 1 },
      { name: 'accountWrite', weight: 1 },
    ])
    expect(accountLimitsFor('write', request('POST', '/api/reviews/new'), hoursAgo(25))).toEqual([
      { name: 'accountReview', weight: 1 },
      { name: 'accountWrite', weight: 1 },
    ])
  })

  it("an unconfirmed member's post spends the post budget, through the REST route or the command", () => {
    const unconfirmed = { ...hoursAgo(30), unconfirmed: true }
    for (const url of ['/api/comments', '/api/comments/new']) {
      expect(accountLimitsFor('write', request('POST', url), unconfirmed)).toEqual([
        { name: 'accountWrite', weight: 1 },
        { name: 'unconfirmedPost', weight: 1 },
      ])
    }
  })

  it('other writes spend the write budget; marking notifications read spends none', () => {
    expect(
      accountLimitsFor('write', request('POST', '/api/reactions/toggle'), hoursAgo(2)),
    ).toEqual([{ name: 'newAccountWrite', weight: 1 }])
    expect(
      accountLimitsFor('write', request('PATCH', '/api/notifications/4'), hoursAgo(2)),
    ).toEqual([])
    expect(accountLimitsFor('login', request('POST', '/api/users/login'), hoursAgo(2))).toEqual([])
  })

  it('an upload spends its bytes (Content-Length, else the most a body may hold) and one upload', () => {
    const declared = request('POST', '/api/media', { 'content-length': '12345' })
    expect(accountLimitsFor('upload', declared, hoursAgo(30))).toEqual([
      { name: 'accountUploadBytes', weight: 12345 },
      { name: 'accountUpload', weight: 1 },
    ])
    const chunked = accountLimitsFor('upload', request('POST', '/api/media'), hoursAgo(1))
    expect(chunked[0]).toEqual({ name: 'newAccountUploadBytes', weight: UPLOAD_BODY_LIMIT })
  })

  it('every budget can be changed through RATE_LIMITS', () => {
    const { limits } = rateLimitSettings({
      ...process.env,
      RATE_LIMITS: JSON.stringify({ newAccountReview: { max: 1 } }),
    })
    expect(limits.newAccountReview).toEqual({ max: 1, windowSeconds: 86_400 })
    expect(limits.accountWrite).toEqual({ max: 30, windowSeconds: 60 })
  })
})
