import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import ece from 'http_ece'

import type { PushPayload } from '@/rules/push'

/** A push as the device behind the endpoint reads it: decrypted with its own keys. */
export interface ReceivedPush {
  device: string
  payload: PushPayload
  headers: http.IncomingHttpHeaders
}

interface Device {
  ecdh: crypto.ECDH
  auth: Buffer
  /** What the service answers pushes to this device (410: the browser unsubscribed). */
  status: number
}

/**
 * A push service on 127.0.0.1 standing in for a browser vendor's: each device the test makes has
 * its own P-256 key pair and auth secret (as a browser's subscription does), and every push that
 * arrives is decrypted (aes128gcm, RFC 8291) with them, so a test reads what the device would show.
 */
export function pushService(options: { answerAfterMs?: number } = {}) {
  const devices = new Map<string, Device>()
  const received: ReceivedPush[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const name = decodeURIComponent((req.url ?? '').replace(/^\/push\//, ''))
      const device = devices.get(name)
      if (!device) return void res.writeHead(404).end()
      if (device.status < 300) {
        const clear = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: device.ecdh,
          authSecret: device.auth.toString('base64url'),
        })
        received.push({
          device: name,
          payload: JSON.parse(clear.toString('utf8')) as PushPayload,
          headers: req.headers,
        })
      }
      // Answered late when asked: a kill of the sender finds a push in flight.
      setTimeout(() => res.writeHead(device.status).end(), options.answerAfterMs ?? 0)
    })
  })
  let origin = ''
  return {
    received,
    get origin() {
      return origin
    },
    async listen(port = 0): Promise<string> {
      // Already listening (a retried test): the same address.
      if (server.listening) return origin
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      return origin
    },
    /** A new device's subscription, as `PushSubscription.toJSON()` gives it. */
    device(name: string) {
      const ecdh = crypto.createECDH('prime256v1')
      ecdh.generateKeys()
      const auth = crypto.randomBytes(16)
      devices.set(name, { ecdh, auth, status: 201 })
      return {
        endpoint: `${origin}/push/${encodeURIComponent(name)}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') },
      }
    },
    answer(name: string, status: number) {
      devices.get(name)!.status = status
    },
    to: (name: string) => received.filter((p) => p.device === name),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
