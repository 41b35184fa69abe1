import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

import { contracts } from '@/contracts'
import { answerChecker } from '@tests/support/apiDescription'
import { quietPlace, testSiteForFile } from './harness'

/** /api/openapi.json: served, complete for the contracts, and true to what the server answers. */
const { site, alice } = testSiteForFile({ named: { alice: 'describedalice' }, timeout: 120_000 })

/**
 * Payload's own routes on every collection: the description has its reads and the writes each
 * collection opens to members (`custom.api.writes`); the rest (versions, access, counts, the
 * admin's paste-from-URL) serve the admin, whose own calls are not a client's API.
 */
const PAYLOAD_ROUTES = new Set([
  '/',
  '/:id',
  '/count',
  '/versions',
  '/versions/:id',
  '/access/:id?',
  '/:id/duplicate',
  '/paste-url/:id?',
  // E-mail verification is Payload's, off here (the site confirms by its own link): over HTTP
  // the query gate answers 404 before Payload sees it.
  '/verify/:id',
  '/access',
  '/init',
  '/first-register',
  '/unlock',
  '/me/access',
])

const description = async () => {
  const answer = await site.api<Record<string, unknown>>('GET', '/api/openapi.json')
  expect(answer.status).toBe(200)
  return answer.body
}

describe('the API description', () => {
  it('is OpenAPI 3.1 with every contract and every collection list', async () => {
    const doc = await description()
    expect(doc.openapi).toBe('3.1.0')
    const paths = doc.paths as Record<string, Record<string, { operationId: string }>>
    for (const [name, contract] of Object.entries(contracts))
      expect(paths[contract.path]?.[contract.method.toLowerCase()]?.operationId).toBe(name)
    for (const slug of ['reviews', 'neighbourhoods', 'comments', 'users'])
      expect(paths[`/api/${slug}`]?.get?.operationId).toBe(`${slug}.list`)
    // Payload's own collections serve the admin, and hidden fields are never described.
    expect(Object.keys(paths).some((p) => p.startsWith('/api/payload-'))).toBe(false)
    const users = (doc.components as { schemas: Record<string, { properties: object }> }).schemas
      .Users!.properties
    for (const secret of ['hash', 'salt', 'resetPasswordToken', 'twoFactorSecret'])
      expect(Object.keys(users)).not.toContain(secret)
  })

  it('describes what the follow commands and the collection reads answer', async () => {
    const check = answerChecker(await description())
    const place = await quietPlace(site, 'Describedby', 'Kept')
    const calls = [
      await site.api('POST', '/api/follows/toggle', {
        body: { neighbourhood: place },
        cookie: alice.cookie,
      }),
      await site.api('POST', '/api/follows/toggle', { body: { neighbourhood: place } }),
      await site.api('POST', '/api/follows/toggle', {
        body: { neighbourhood: 'x' },
        cookie: alice.cookie,
      }),
      await site.api('POST', '/api/follows/toggle', {
        body: { neighbourhood: 2 ** 30 },
        cookie: alice.cookie,
      }),
      await site.api('GET', `/api/follows/state?neighbourhood=${place}`),
      await site.api('GET', `/api/neighbourhoods/${place}`),
      await site.api('GET', '/api/neighbourhoods?limit=3'),
      await site.api('GET', '/api/reviews?limit=3&depth=1'),
    ]
    const urls = [
      ['POST', '/api/follows/toggle'],
      ['POST', '/api/follows/toggle'],
      ['POST', '/api/follows/toggle'],
      ['POST', '/api/follows/toggle'],
      ['GET', '/api/follows/state'],
      ['GET', `/api/neighbourhoods/${place}`],
      ['GET', '/api/neighbourhoods'],
      ['GET', '/api/reviews'],
    ] as const
    expect(calls.map((c) => c.status)).toEqual([200, 401, 400, 404, 200, 200, 200, 200])
    const problems = calls.map((c, i) => check(urls[i]![0], urls[i]![1], c.status, c.body).problem)
    expect(problems).toEqual(calls.map(() => null))
  })

  it("describes every endpoint the server mounts, its own and the collections'", async () => {
    const paths = (await description()).paths as Record<string, Record<string, unknown>>
    const template = (path: string) => path.replace(/:(\w+)\??/g, '{$1}').replace(/\/$/, '')
    const undescribed: string[] = []
    const note = (method: string, path: string) => {
      if (!paths[path]?.[method]) undescribed.push(`${method.toUpperCase()} ${path}`)
    }
    for (const endpoint of site.payload.config.endpoints)
      if (!PAYLOAD_ROUTES.has(endpoint.path))
        note(endpoint.method, template(`/api${endpoint.path}`))
    for (const collection of site.payload.config.collections) {
      if (collection.slug.startsWith('payload-') || collection.custom?.api?.hidden) continue
      for (const endpoint of collection.endpoints || []) {
        if (PAYLOAD_ROUTES.has(endpoint.path)) continue
        note(endpoint.method, template(`/api/${collection.slug}${endpoint.path}`))
      }
    }
    expect(undescribed).toEqual([])
  })

  it('catches an answer that strays from it', async () => {
    const check = answerChecker(await description())
    expect(check('POST', '/api/follows/toggle', 200, { following: 'yes' }).problem).toMatch(
      /follows\.toggle 200/,
    )
    expect(check('POST', '/api/follows/toggle', 503, {}).problem).toMatch(/does not describe a 503/)
    // Any other refusal is described in the one error shape, and only in it.
    expect(check('POST', '/api/follows/toggle', 418, {}).problem).toMatch(/follows\.toggle 418/)
    const refused = { errors: [{ message: 'Not here.' }] }
    expect(check('POST', '/api/follows/toggle', 418, refused).problem).toBeNull()
    // What the API does not offer may only be refused.
    expect(check('PUT', '/api/nowhere', 404, refused).problem).toBeNull()
    expect(check('PUT', '/api/nowhere', 200, {}).problem).toMatch(
      /PUT \/api\/nowhere is not described/,
    )
  })

  it('passes Redocly lint, as npm test runs it', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/openapi.ts'], {
      encoding: 'utf8',
      env: { ...process.env, PATH: `${path.resolve('node_modules/.bin')}:${process.env.PATH}` },
    })
    expect(run.stdout + run.stderr).toMatch(/Your API description is valid/)
    expect(run.status).toBe(0)
    expect(fs.existsSync('.tmp/openapi.json')).toBe(true)
  })
})
