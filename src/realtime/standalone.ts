// The realtime role on its own (`npm run realtime`): app instances publish to it with the
// `pusher` SDK (PUSHER_HOST/PUSHER_PORT) and browsers reach it through the front server.
//   REALTIME_PORT=6001 PUSHER_APP_ID=belong PUSHER_KEY=key PUSHER_SECRET=<32+ chars> npm run realtime
import { createServer } from 'node:http'

import { env } from '@/server/config/env'
import { watchSite } from '@/server/observability/figures'
import { listenForMetrics, serveMetrics } from '@/server/observability/metricsEndpoint'
import { createRealtimeServer } from './server'

const port = Number(process.env.REALTIME_PORT ?? process.env.PORT ?? 6001)
const host = process.env.REALTIME_HOST ?? process.env.HOST ?? '127.0.0.1'
const app = {
  id: process.env.PUSHER_APP_ID ?? 'belong',
  key: process.env.PUSHER_KEY ?? 'belong-key',
  secret: process.env.PUSHER_SECRET ?? '',
}
// No default secret: anyone could sign subscriptions and pushes with a known one.
if (app.secret.length < 32) {
  console.error('Set PUSHER_SECRET (at least 32 random characters).')
  process.exit(1)
}
const realtime = createRealtimeServer({ apps: [app], log: (msg) => console.log(msg) })

// Its own figures, as an app instance's: /metrics behind METRICS_TOKEN, or on METRICS_LISTEN.
watchSite({ realtime: () => realtime.stats(), realtimeUp: () => server.listening })
const metricsAddress = env.metricsListen
if (metricsAddress)
  listenForMetrics(metricsAddress).catch((error: unknown) => {
    console.error(`METRICS_LISTEN: ${String(error)}`)
    process.exit(1)
  })

const server = createServer((req, res) => {
  if ((req.url ?? '').split('?')[0] === '/metrics') {
    serveMetrics(req, res).catch(() => res.destroy())
    return
  }
  realtime.handleHttp(req, res).then(
    (handled) => {
      if (!handled) res.writeHead(404).end('Not found\n')
    },
    (err: unknown) => {
      console.error(err)
      if (!res.headersSent) res.writeHead(500)
      res.end()
    },
  )
})
server.on('upgrade', (req, socket, head) => {
  if (!realtime.handleUpgrade(req, socket, head)) socket.destroy()
})
server.listen(port, host, () => {
  console.log(`realtime: listening on ${host}:${port} for app ${app.id}`)
})

const stop = () => {
  void realtime.close().then(() => server.close(() => process.exit(0)))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
