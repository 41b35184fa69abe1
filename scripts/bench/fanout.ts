/**
 * Realtime fan-out through the standalone realtime role (`npm run realtime`): SUBSCRIBERS
 * pusher-js clients (default 1,000, on this machine) on one channel, TRIGGERS events published
 * with the `pusher` SDK as an app instance would; prints p50/p99 of publish → arrival, and the
 * role's memory per open connection (its resident size before and after they connect).
 * Usage: npm run bench:fanout   (SUBSCRIBERS=1000 TRIGGERS=10)
 */
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'

import Pusher from 'pusher'

import { freePort } from '@/server/database/postgres'

import { openSubscribers } from './subscribers'

const SUBSCRIBERS = Number(process.env.SUBSCRIBERS ?? 1000)
const TRIGGERS = Number(process.env.TRIGGERS ?? 10)
const app = { id: 'bench', key: 'bench-key', secret: crypto.randomBytes(24).toString('hex') }
const port = await freePort()
const realtime = spawn(process.execPath, ['--import', 'tsx', 'src/realtime/standalone.ts'], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    REALTIME_PORT: String(port),
    PUSHER_APP_ID: app.id,
    PUSHER_KEY: app.key,
    PUSHER_SECRET: app.secret,
  },
  stdio: ['ignore', 'pipe', 'inherit'],
})
await new Promise<void>((resolve) =>
  realtime.stdout!.on('data', (d: Buffer) => d.toString().includes('listening') && resolve()),
)

// The role's resident memory (kB), from /proc: what each open connection costs it.
const residentKb = () =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${realtime.pid}/status`, 'utf8'))?.[1])
const idleKb = residentKb()

const arrivals: number[] = []
const subscribers = await openSubscribers(app.key, '127.0.0.1', port, SUBSCRIBERS, () => 'bench')
subscribers.onEvent((_channel, event, data) => {
  if (event === 'tick') arrivals.push(Date.now() - (data as { sentAt: number }).sentAt)
})
const openKb = residentKb()
console.log(`${SUBSCRIBERS} subscribers connected to the realtime role on 127.0.0.1:${port}`)
console.log(
  `realtime role memory: ${(idleKb / 1024).toFixed(0)} MB idle, ${(openKb / 1024).toFixed(0)} MB with them open, ${((openKb - idleKb) / SUBSCRIBERS).toFixed(1)} kB a connection`,
)

const sdk = new Pusher({
  appId: app.id,
  key: app.key,
  secret: app.secret,
  host: '127.0.0.1',
  port: String(port),
  useTLS: false,
})
for (let t = 0; t < TRIGGERS; t++) {
  const expected = (t + 1) * SUBSCRIBERS
  await sdk.trigger('bench', 'tick', { sentAt: Date.now() })
  const deadline = Date.now() + 10_000
  while (arrivals.length < expected && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 5))
}
const sorted = [...arrivals].sort((a, b) => a - b)
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
console.log(
  `fan-out: ${arrivals.length} of ${SUBSCRIBERS * TRIGGERS} deliveries, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${sorted.at(-1)} ms`,
)
subscribers.close()
realtime.kill('SIGTERM')
process.exit(0)
