import fs from 'node:fs'
import path from 'node:path'

import { expect } from '@playwright/test'

import { test } from './answers'
import Pusher from 'pusher'

import { signedInApi } from './helpers'

// The in-repo server's app and key (see .env.example); the site runs without PUSHER_*, so it
// generated its secret into its data folder on first start (src/server/config/secrets.ts).
const app = { appId: 'belong', key: 'belong-key' }
// The test loads pusher-js into the page by hand, which the page's script policy would block.
test.use({ bypassCSP: true })

const serverSecret = () =>
  fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, 'pusher-secret'), 'utf8').trim()

test('pusher-js in Chromium: own private channel via the app auth endpoint, others refused', async ({
  page,
  baseURL,
}) => {
  await page.goto('/about-nothing')
  const { userId } = await signedInApi(page.request, 'jamie')
  const otherId = userId === 1 ? 2 : 1
  await page.addScriptTag({ path: path.resolve('node_modules/pusher-js/dist/web/pusher.min.js') })

  const result = page.evaluate(
    ({ key, own, other }) =>
      new Promise<{ own: string; other: string; event: unknown }>((resolve) => {
        const PusherJs = window.Pusher
        const client = new PusherJs(key, {
          cluster: 'local',
          wsHost: location.hostname,
          wsPort: Number(location.port),
          forceTLS: false,
          enabledTransports: ['ws'],
          channelAuthorization: { endpoint: '/api/realtime/auth', transport: 'ajax' },
        })
        const out = { own: '', other: '', event: null as unknown }
        const mine = client.subscribe(own)
        mine.bind('pusher:subscription_succeeded', () => {
          out.own = 'joined'
          window.ownJoined = true
        })
        mine.bind('notification.created', (data: unknown) => {
          out.event = data
          if (out.other) resolve(out)
        })
        const theirs = client.subscribe(other)
        theirs.bind('pusher:subscription_succeeded', () => (out.other = 'joined'))
        theirs.bind('pusher:subscription_error', (e: { status: number }) => {
          out.other = `refused ${e.status}`
          if (out.event) resolve(out)
        })
      }),
    { key: app.key, own: `private-user-${userId}`, other: `private-user-${otherId}` },
  )
  await page.waitForFunction(() => window.ownJoined)
  const port = new URL(baseURL!).port
  const sdk = new Pusher({ ...app, secret: serverSecret(), host: '127.0.0.1', port, useTLS: false })
  await sdk.trigger(`private-user-${userId}`, 'notification.created', { message: 'hello' })
  expect(await result).toEqual({ own: 'joined', other: 'refused 403', event: { message: 'hello' } })

  // A forged secret is refused by the server and delivers nothing.
  const forged = new Pusher({ ...app, secret: 'wrong', host: '127.0.0.1', port, useTLS: false })
  await expect(forged.trigger(`private-user-${userId}`, 'x', {})).rejects.toMatchObject({
    status: 401,
  })
})
