/**
 * Private messages on the running site (scripts/start.ts, ADMIN=false, demo seed on a throwaway
 * embedded PostgreSQL): MEMBERS members (default 50) in pairs, each sending in their conversation
 * back to back for DURATION s (default 10), every member listening on their private channel with
 * pusher-js (RATE=n: n sends a second in all, spread evenly over the members, each sent on time
 * whether or not the last was answered; else each member sends back to back, so a send's
 * latency is mostly its wait in the queue). Prints sends/s and the send p50/p99, the delivery (send → the other member's
 * WebSocket message) p50/p99, then opening a conversation of 10,000 messages (newest 50) and a
 * list of 1,000 conversations, p50/p95 at READERS (default 10) readers for READ_S s each.
 * The message limits (30 a minute, 20 new conversations a day) are lifted for the run.
 * Budgets: send p99 ≤ 50 ms; delivery p50 ≤ 200 ms, p99 ≤ 1 s; both reads p95 ≤ 30 ms.
 * Usage: npm run bench:messages   (MEMBERS=50 DURATION=10 RATE=25 READERS=10 READ_S=5 REUSE=1
 * CPU_PROF_DIR=.tmp/prof: the site's CPU profile, written when it stops)
 */
import path from 'node:path'

import PusherClient from 'pusher-js'

import { outputOf, waitFor } from './builtSite'
import { scaledSite, serveSeedingBuild } from './scaleSeed'

const MEMBERS = Number(process.env.MEMBERS ?? 50)
const DURATION = Number(process.env.DURATION ?? 10)
const READERS = Number(process.env.READERS ?? 10)
const READ_S = Number(process.env.READ_S ?? 5)
/** Sends a second over all members (open loop); 0: every member sends back to back. */
const RATE = Number(process.env.RATE ?? 0)
const root = path.resolve('.tmp/bench-messages')
const { base, env, start, stop, db } = await scaledSite(root, 1, process.env.REUSE === '1')
const lifted = { max: 1_000_000 }
env.RATE_LIMITS = JSON.stringify({
  login: lifted,
  write: lifted,
  accountWrite: lifted,
  newAccountWrite: lifted,
  messageSend: lifted,
  socket: lifted,
})
serveSeedingBuild(root, env, base)
const site = start()
const log = outputOf(site)

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
    : NaN
}
const ms = (n: number) => `${n.toFixed(1)} ms`

interface Member {
  id: number
  cookie: string
}

/** Members made in SQL with the demo password (sofia's hash), then signed in through the site. */
async function makeMembers(count: number, prefix: string): Promise<Member[]> {
  const run = Date.now().toString(36)
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (email, user_name, user_name_key, hash, salt, role, email_confirmed_at,
                        created_at, updated_at)
     SELECT $1 || i || '-' || $2 || '@bench.test', $1 || i || $2, lower($1 || i || $2), s.hash,
            s.salt, 'member', now(), now() - interval '2 days', now()
       FROM generate_series(1, $3) i, (SELECT hash, salt FROM users WHERE email = 'sofia@belong.local') s
     RETURNING id`,
    [prefix, run, count],
  )
  return Promise.all(
    rows.map(async (row, i) => {
      const login = await fetch(`${base}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({
          email: `${prefix}${i + 1}-${run}@bench.test`,
          password: 'belong-demo',
        }),
      })
      const { token } = (await login.json()) as { token?: string }
      if (!token) throw new Error(`login ${login.status}`)
      return { id: row.id, cookie: `payload-token=${token}` }
    }),
  )
}

const call = async (member: Member, method: string, url: string, body?: unknown) => {
  const answer = await fetch(`${base}${url}`, {
    method,
    headers: {
      cookie: member.cookie,
      origin: base,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await answer.text()
  if (answer.status !== 200) throw new Error(`${method} ${url} → ${answer.status}: ${text}`)
  return JSON.parse(text) as Record<string, unknown>
}

/** The member's private channel, as the site's islands subscribe to it. */
function listen(member: Member, key: string, onMessage: (text: string) => void) {
  const port = Number(new URL(base).port)
  const client = new PusherClient(key, {
    cluster: 'local',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    channelAuthorization: {
      endpoint: `${base}/api/realtime/auth`,
      transport: 'ajax',
      customHandler: ({ socketId, channelName }, done) => {
        void call(member, 'POST', '/api/realtime/auth', {
          socket_id: socketId,
          channel_name: channelName,
        }).then(
          (auth) => done(null, auth as { auth: string }),
          (error: Error) => done(error, null),
        )
      },
    },
  })
  const channel = client.subscribe(`private-user-${member.id}`)
  channel.bind('message.created', (data: { text: string; sender: number }) => {
    if (data.sender !== member.id) onMessage(data.text)
  })
  return {
    client,
    ready: new Promise<void>((resolve, reject) => {
      channel.bind('pusher:subscription_succeeded', () => resolve())
      channel.bind('pusher:subscription_error', reject)
    }),
  }
}

/** READERS readers asking `url` back to back for READ_S s: every latency. */
async function readLoad(member: Member, url: string): Promise<number[]> {
  const times: number[] = []
  const until = Date.now() + READ_S * 1000
  await Promise.all(
    Array.from({ length: READERS }, async () => {
      while (Date.now() < until) {
        const began = performance.now()
        await call(member, 'GET', url)
        times.push(performance.now() - began)
      }
    }),
  )
  return times
}

try {
  await waitFor(`${base}/healthz`, site, log)
  const { key } = (await (await fetch(`${base}/api/realtime/config`)).json()) as { key: string }
  const members = await makeMembers(MEMBERS, 'sender')
  console.log(`${MEMBERS} members signed in`)
  const half = MEMBERS / 2
  const conversations = await Promise.all(
    members.slice(0, half).map(async (member, i) => {
      const started = await call(member, 'POST', '/api/conversations/start', {
        to: members[i + half]!.id,
        text: 'Hello',
      })
      return started.id as number
    }),
  )
  const deliveries: number[] = []
  const listeners = members.map((member) =>
    listen(member, key, (text) => {
      const sentAt = Number(text.split(':')[1])
      if (sentAt) deliveries.push(Date.now() - sentAt)
    }),
  )
  await Promise.all(listeners.map((l) => l.ready))
  console.log(`${half} conversations, every member listening`)

  const sends: number[] = []
  let failed = 0
  const send = async (member: Member, conversation: number) => {
    const at = Date.now()
    const t0 = performance.now()
    try {
      await call(member, 'POST', `/api/conversations/${conversation}/messages`, {
        text: `bench:${at}`,
      })
      sends.push(performance.now() - t0)
    } catch {
      failed++
    }
  }
  const began = Date.now()
  const until = began + DURATION * 1000
  await Promise.all(
    members.map(async (member, i) => {
      const conversation = conversations[i % half]!
      if (!RATE) {
        while (Date.now() < until) await send(member, conversation)
        return
      }
      // Open loop: each member's sends at fixed times, whether or not the last one was answered;
      // the members' times interleaved evenly, so the site sees RATE sends a second.
      const every = (MEMBERS / RATE) * 1000
      const pending: Promise<void>[] = []
      for (let at = began + (i / MEMBERS) * every; at < until; at += every) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())))
        pending.push(send(member, conversation))
      }
      await Promise.all(pending)
    }),
  )
  const elapsed = (Date.now() - began) / 1000
  // Deliveries still on their way when the senders stop.
  await new Promise((resolve) => setTimeout(resolve, 1000))
  for (const l of listeners) l.client.disconnect()

  // A conversation of 10,000 messages and a member with 1,000 conversations, written in SQL.
  const [a, b, popular] = await makeMembers(3, 'reader')
  const big = (await call(a!, 'POST', '/api/conversations/start', { to: b!.id, text: 'First' }))
    .id as number
  await db.query(
    `INSERT INTO messages (conversation_id, sender_id, body, created_at, updated_at)
     SELECT $1, CASE WHEN i % 2 = 0 THEN $2::int ELSE $3::int END, 'Message number ' || i,
            now() - (10000 - i) * interval '1 second', now()
       FROM generate_series(1, 10000) i`,
    [big, a!.id, b!.id],
  )
  const { rows: made } = await db.query<{ id: number }>(
    `INSERT INTO conversations (pair_key, starter_id, recipient_id, last_message_at, last_sender_id,
                                created_at, updated_at)
     SELECT 'bench-' || $1::int || '-' || i, s.id, $1::int, now() - i * interval '1 minute', s.id,
            now(), now()
       FROM generate_series(1, 1000) i
       JOIN LATERAL (SELECT id FROM users WHERE user_name LIKE 'sender%' ORDER BY id
                      OFFSET (i % $2::int) LIMIT 1) s ON true
     RETURNING id`,
    [popular!.id, MEMBERS],
  )
  await db.query(
    `INSERT INTO messages (conversation_id, sender_id, body, created_at, updated_at)
     SELECT c.id, c.starter_id, 'Hi there', c.last_message_at, now()
       FROM conversations c WHERE c.id = ANY($1::int[])`,
    [made.map((r) => r.id)],
  )
  await db.query('ANALYZE conversations; ANALYZE messages')
  const opening = await readLoad(a!, `/api/conversations/${big}/messages`)
  const listing = await readLoad(popular!, '/api/conversations/mine')

  const how = RATE ? `${RATE} sends/s spread evenly over them (open loop)` : 'back to back'
  console.log(`\n${MEMBERS} members sending in ${half} conversations for ${DURATION} s, ${how}:`)
  console.log(
    `  sends: ${sends.length} in ${elapsed.toFixed(1)} s = ${(sends.length / elapsed).toFixed(0)}/s, ` +
      `p50 ${ms(percentile(sends, 50))}, p99 ${ms(percentile(sends, 99))} (budget 50 ms)` +
      (failed ? `, ${failed} failed` : ''),
  )
  console.log(
    `  delivery to the other member's WebSocket: ${deliveries.length} messages, ` +
      `p50 ${ms(percentile(deliveries, 50))} (budget 200 ms), p99 ${ms(percentile(deliveries, 99))} (budget 1 s)`,
  )
  console.log(`${READERS} readers for ${READ_S} s each:`)
  console.log(
    `  a conversation of 10,001 messages (newest 50): ${opening.length} opens, ` +
      `p50 ${ms(percentile(opening, 50))}, p95 ${ms(percentile(opening, 95))} (budget 30 ms)`,
  )
  console.log(
    `  a list of 1,000 conversations (first page): ${listing.length} reads, ` +
      `p50 ${ms(percentile(listing, 50))}, p95 ${ms(percentile(listing, 95))} (budget 30 ms)`,
  )
} finally {
  await stop(site)
}
