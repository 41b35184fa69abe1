import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'
import { handleEndpoints, type Payload } from 'payload'
import { afterAll, beforeAll, expect, inject } from 'vitest'

import type { ApiCall } from '@/forms/types'
import type { Neighbourhood } from '@/payload-types'
import type { Target } from '@tests/realtime/helpers'
import { currentCode, enrol, newTotpSecret } from '@/data/twoFactor'
import { describeApi } from '@/server/http/openapi/describe'
import { answerChecker } from '@tests/support/apiDescription'

export interface ApiResult<T = Record<string, unknown>> {
  status: number
  body: T
  cookie?: string
}

export interface TestSite {
  payload: Payload
  dataDir: string
  /** A REST call through Payload's own router, as a browser or any client would make it. */
  api: <T = Record<string, unknown>>(
    method: string,
    url: string,
    options?: {
      body?: unknown
      cookie?: string
      form?: Record<string, string>
      /** multipart/form-data (uploads); the boundary header is set by Request itself. */
      formData?: FormData
    },
  ) => Promise<ApiResult<T>>
  signIn: (email: string, password: string) => Promise<string>
  close: () => Promise<void>
}

/**
 * A fresh database copied from the migrated template, and a Payload on it. Call once per test
 * file (each file runs in its own process, and Payload is one per process).
 */
export async function startTestSite(env: Record<string, string> = {}): Promise<TestSite> {
  const adminUrl = inject('pgUrl')
  const name = `t_${process.pid}_${Date.now()}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name} TEMPLATE belong_template`)
  await admin.end()

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-int-'))
  Object.assign(process.env, {
    DATABASE_URL: adminUrl.replace(/\/postgres$/, `/${name}`),
    DATA_DIR: dataDir,
    PAYLOAD_SECRET: 'integration-test-secret',
    LOG_LEVEL: 'warn',
    ...env,
  })
  const { getPayload } = await import('payload')
  const { default: config } = await import('@payload-config')
  const payload = await getPayload({ config })

  const api: TestSite['api'] = async (method, url, options = {}) => {
    const headers = new Headers()
    let body: string | FormData | undefined
    if (options.formData) {
      body = options.formData
    } else if (options.form) {
      headers.set('content-type', 'application/x-www-form-urlencoded')
      body = new URLSearchParams(options.form).toString()
    } else if (options.body !== undefined) {
      headers.set('content-type', 'application/json')
      body = JSON.stringify(options.body)
    }
    if (options.cookie) headers.set('cookie', options.cookie)
    const request = new Request(new URL(url, 'http://localhost'), { method, headers, body })
    const response = await handleEndpoints({ config: payload.config, request })
    const text = await response.text()
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('payload-token='))
    const parsed = (text ? JSON.parse(text) : {}) as never
    noteAnswer(method, url, response, parsed)
    return { status: response.status, body: parsed, cookie: setCookie?.split(';')[0] }
  }

  // Every answer a test sees is checked against the API's description; the file fails at its
  // end (close) naming each answer the description does not describe or describes otherwise.
  let check: ReturnType<typeof answerChecker> | undefined
  const answerProblems: string[] = []
  const noteAnswer = (method: string, url: string, response: Response, body: unknown) => {
    if (!url.startsWith('/api/')) return
    check ??= answerChecker(describeApi(payload.config, 'test'))
    const media = response.headers.get('content-type') ?? ''
    const { problem } = check(method, url, response.status, body, media)
    if (problem && !answerProblems.includes(problem)) answerProblems.push(problem)
  }

  const signIn = async (email: string, password: string) => {
    const result = await api('POST', '/api/users/login', { body: { email, password } })
    if (result.cookie) return result.cookie
    const factor = secondFactors.get(email)
    if (!factor) throw new Error(`login failed: ${JSON.stringify(result.body)}`)
    return signInWithCode(api, email, password, factor)
  }

  return {
    payload,
    dataDir,
    api,
    signIn,
    close: async () => {
      await payload.db.destroy?.()
      fs.rmSync(dataDir, { recursive: true, force: true })
      expect(answerProblems, 'answers outside the API description').toEqual([])
    },
  }
}

/** Creates a member (or another role) straight in the database and returns its credentials. */
export async function makeUser(
  site: TestSite,
  userName: string,
  role: 'member' | 'editor' | 'admin' = 'member',
) {
  const email = `${userName}@example.test`
  const password = 'correct horse'
  const user = await site.payload.create({
    collection: 'users',
    data: { email, password, userName, role },
  })
  // Staff act as staff only with a second factor (collections/access.ts): theirs is on.
  if (role !== 'member') await enrolSecondFactor(site, user.id, email)
  return { id: user.id, email, password, cookie: await site.signIn(email, password) }
}

/** The authenticator key and unused recovery codes of accounts the tests enrolled, by e-mail. */
const secondFactors = new Map<string, { secret: string; recovery: string[] }>()

/** Turns two-factor sign-in on for an account (as the seed does), remembering its key. */
export async function enrolSecondFactor(site: TestSite, id: number, email: string) {
  const secret = newTotpSecret()
  const recovery = await enrol(site.payload, id, secret)
  secondFactors.set(email, { secret, recovery })
  return { secret, recovery }
}

/**
 * Both sign-in steps with a code computed here: the current one, else the next (one step of
 * drift is allowed, and a code is never accepted twice), else one of the recovery codes.
 */
async function signInWithCode(
  api: TestSite['api'],
  email: string,
  password: string,
  factor: { secret: string; recovery: string[] },
) {
  const first = await api<{ challenge?: string }>('POST', '/api/accounts/login', {
    body: { email, password },
  })
  if (first.status !== 202 || !first.body.challenge)
    throw new Error(`login failed: ${JSON.stringify(first.body)}`)
  const now = Date.now()
  const codes = [currentCode(factor.secret, now), currentCode(factor.secret, now + 30_000)]
  for (;;) {
    const code = codes.shift() ?? factor.recovery.shift()
    if (!code) throw new Error(`no code left to sign ${email} in`)
    const second = await api('POST', '/api/accounts/login/code', {
      body: { challenge: first.body.challenge, code },
    })
    if (second.cookie) return second.cookie
  }
}

export type TestUser = Awaited<ReturnType<typeof makeUser>>

type StaffRole = 'editor' | 'admin'

/** Who a test file signs in before its tests, and how its site starts. */
export interface PeopleOfFile<Name extends string, Alias extends string, Role extends StaffRole> {
  /** Members' user names, made in this order; each is answered under its own name. */
  members?: readonly Name[]
  /** Members the file calls by another name than their user name: `{ author: 'eventhost' }`. */
  named?: { [A in Alias]: string }
  /** The staff's user names by role, made last; answered as `editor` and `admin`. */
  staff?: { [R in Role]: string }
  /** Settings for `startTestSite`. */
  env?: Record<string, string>
  /** The hook's timeout, for files whose `setUp` writes a lot. */
  timeout?: number
}

/**
 * Posts a document as `user` through its kind's command (`/api/reviews` → POST /api/reviews/new),
 * as a member's browser does (hooks and all), and answers its id; any answer but 201 fails the
 * hook or test that asked, showing the answer.
 */
export async function createAs(
  site: TestSite,
  user: { cookie: string },
  path: string,
  body: Record<string, unknown>,
): Promise<number> {
  const res = await site.api<Partial<Record<'doc' | 'review' | 'comment', { id: number }>>>(
    'POST',
    `${path}/new`,
    { body, cookie: user.cookie },
  )
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return (res.body.doc ?? res.body.review ?? res.body.comment)!.id
}

/** A comment by `user` on a discussion (a reply when `parent` is given); answers its id. */
export const commentOn = (
  site: TestSite,
  user: { cookie: string },
  discussion: number,
  content: string,
  parent?: number,
) =>
  createAs(site, user, '/api/comments', {
    targetKind: 'discussion',
    targetId: discussion,
    content,
    parent,
  })

/**
 * The `call` a form's handler (src/forms) is given: the island's API requests, with `user`'s
 * session; a FormData body goes as multipart, as the island's upload does.
 */
export const apiCallAs =
  (site: TestSite, user: { cookie: string }): ApiCall =>
  async (method, url, body) => {
    const res = await site.api(method, url, {
      cookie: user.cookie,
      ...(body instanceof FormData ? { formData: body } : { body }),
    })
    return { status: res.status, body: res.body }
  }

/** Text fields as a browser's form sends them. */
export function formFields(values: Record<string, string>): FormData {
  const fields = new FormData()
  for (const [key, value] of Object.entries(values)) fields.append(key, value)
  return fields
}

/** The people most files start from: the members alice and bob, and eddie the editor. */
export const USUAL_PEOPLE = { members: ['alice', 'bob'], staff: { editor: 'eddie' } } as const

/**
 * The hooks of a file of int tests: before all, a test site and its people signed in, then the
 * file's own `setUp` in the same hook; after all, the site closed. Answers the site and the
 * people, whose fields are filled in by the time tests run (keep the object, never copy fields).
 */
export function testSiteForFile<
  const Name extends string = never,
  Alias extends string = never,
  Role extends StaffRole = never,
>(
  people: PeopleOfFile<Name, Alias, Role>,
  setUp: () => Promise<void> = async () => {},
): { site: TestSite } & Record<Name | Alias | Role, TestUser> {
  const site = {} as TestSite
  // [the name the file uses, the user name, the role], in the order they are made.
  const made: (readonly [Name | Alias | Role, string, Role | 'member'])[] = [
    ...(people.members ?? []).map((name) => [name, name, 'member'] as const),
    ...(Object.entries(people.named ?? {}) as [Alias, string][]).map(
      ([alias, userName]) => [alias, userName, 'member'] as const,
    ),
    ...(Object.entries(people.staff ?? {}) as [Role, string][]).map(
      ([role, userName]) => [role, userName, role] as const,
    ),
  ]
  const users = Object.fromEntries(made.map(([key]) => [key, {} as TestUser])) as Record<
    Name | Alias | Role,
    TestUser
  >
  beforeAll(async () => {
    Object.assign(site, await startTestSite(people.env))
    for (const [key, userName, role] of made) {
      Object.assign(users[key], await makeUser(site, userName, role))
    }
    await setUp()
  }, people.timeout)
  afterAll(() => site.close?.())
  return { site, ...users }
}

/**
 * A test site whose live pushes go, through the `pusher` SDK, to an in-repo realtime server
 * started for the file (stop it after `site.close()`).
 */
export async function startLiveTestSite() {
  const { startInRepoServer } = await import('@tests/realtime/helpers')
  const realtime = await startInRepoServer()
  const site = await startTestSite({
    PUSHER_APP_ID: realtime.appId,
    PUSHER_KEY: realtime.key,
    PUSHER_SECRET: realtime.secret,
    PUSHER_HOST: realtime.host,
    PUSHER_PORT: String(realtime.port),
  })
  return { site, realtime }
}

/** A neighbourhood's own fields, its slug made from the name as the form suggests it. */
export function placeFields(
  name: string,
  tagline: string,
  vibes: Neighbourhood['vibes'] = ['Calm'],
): Pick<Neighbourhood, 'name' | 'slug' | 'tagline' | 'vibes'> {
  return { name, slug: name.toLowerCase().replace(/\s+/g, '-'), tagline, vibes }
}

/** The event the community tests post: a street party in `neighbourhood`. */
export const streetParty = (neighbourhood: number) => ({
  title: 'Street party',
  description: 'Bring food',
  eventDate: '2031-07-01T18:00:00.000Z',
  location: 'Elm Row',
  neighbourhood,
})

/** Payload contexts for fixtures: no live push; QUIET, no population look-up either. */
export const NO_LIVE = { disableLive: true }
export const QUIET = { disablePopulation: true, disableLive: true }

/**
 * Creates a neighbourhood straight in the database and answers its id: the place most int tests
 * write into. `context` is passed to Payload as is (e.g. no live push), and left out when not given.
 */
export async function makeNeighbourhood(
  site: TestSite,
  data: Pick<Neighbourhood, 'name' | 'slug' | 'tagline' | 'vibes'>,
  context?: Record<string, unknown>,
): Promise<number> {
  const doc = await site.payload.create({
    collection: 'neighbourhoods',
    data,
    ...(context ? { context } : {}),
  })
  return doc.id
}

/** A neighbourhood named `name` (vibe Calm), made with no live push or population look-up. */
export const quietPlace = (site: TestSite, name: string, tagline: string) =>
  makeNeighbourhood(site, placeFields(name, tagline), QUIET)

/**
 * The hooks of a file of live tests, which all start from the same people: before all, a live test
 * site with alice and bob made in that order, then the file's own `setUp` in the same hook; after
 * all, every pusher-js client dropped, the site closed, the realtime server stopped. Answers the
 * site, the realtime server and the two users, whose fields are filled in by the time tests run.
 */
export function liveTestSiteForFile(setUp: () => Promise<void> = async () => {}) {
  const site = {} as TestSite
  const realtime = {} as Target
  const alice = {} as TestUser
  const bob = {} as TestUser
  beforeAll(async () => {
    const started = await startLiveTestSite()
    Object.assign(site, started.site)
    Object.assign(realtime, started.realtime)
    Object.assign(alice, await makeUser(site, 'alice'))
    Object.assign(bob, await makeUser(site, 'bob'))
    await setUp()
  })
  afterAll(async () => {
    const { disconnectAll } = await import('@tests/realtime/helpers')
    disconnectAll()
    await site.close?.()
    await realtime.stop?.()
  })
  return { site, realtime, alice, bob }
}

/**
 * A call through Payload's router as a browser on `origin` makes it, answering every header and
 * Set-Cookie (the account tests check cookie attributes and Location, which `api` leaves out).
 */
export async function callAsBrowser(
  site: TestSite,
  origin: string,
  method: string,
  url: string,
  options: { body?: unknown; cookie?: string } = {},
) {
  const headers = new Headers()
  if (options.body !== undefined) headers.set('content-type', 'application/json')
  if (options.cookie) headers.set('cookie', options.cookie)
  const request = new Request(new URL(url, origin), {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  const response = await handleEndpoints({ config: site.payload.config, request })
  const text = await response.text()
  let body: Record<string, unknown> = {}
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {}
  } catch {
    body = { html: text }
  }
  const cookies = response.headers.getSetCookie()
  const setCookie = cookies.find((c) => c.startsWith('payload-token='))
  return {
    status: response.status,
    body,
    headers: response.headers,
    cookies,
    setCookie,
    cookie: setCookie?.split(';')[0],
    message: (body.errors as { message: string }[] | undefined)?.[0]?.message,
  }
}
