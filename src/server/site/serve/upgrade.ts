import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'

import type { Site } from './context'

/** The WebSocket upgrade to /app/{key}: the in-repo realtime server, behind the socket limit. */
export function upgrade(site: Site) {
  return (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const { realtime } = site
    if (!realtime || !site.origins.allowsHost(req.headers.host ?? '')) return void socket.destroy()
    site.limit('socket', site.addressOf(req)).then(
      ({ seconds: wait }) => {
        if (wait) {
          socket.end(`HTTP/1.1 429 Too Many Requests\r\nRetry-After: ${wait}\r\n\r\n`)
        } else if (!realtime.handleUpgrade(req, socket, head)) socket.destroy()
      },
      () => socket.destroy(),
    )
  }
}
