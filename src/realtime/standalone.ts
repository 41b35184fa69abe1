// Runs the realtime server on its own port, e.g. to point the conformance suite at it:
//   PORT=6001 PUSHER_APP_ID=app PUSHER_KEY=key PUSHER_SECRET=secret node --import tsx src/realtime/standalone.ts
import { createServer } from 'node:http'
import { createRealtimeServer } from './server'

const port = Number(process.env.PORT ?? 6001)
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

const server = createServer((req, res) => {
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
server.listen(port, '127.0.0.1', () => {
  console.log(`realtime: listening on 127.0.0.1:${port} for app ${app.id}`)
})

const stop = () => {
  void realtime.close().then(() => server.close(() => process.exit(0)))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
