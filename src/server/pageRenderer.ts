import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

export type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
) => void

export interface RenderedPage {
  status: number
  html: string
  location?: string
}

/** The on-demand page handler of one site build (its server/entry.mjs). */
export async function loadAstroHandler(buildDir: string): Promise<AstroHandler> {
  const entry = pathToFileURL(path.join(buildDir, 'server', 'entry.mjs')).href
  return ((await import(entry)) as { handler: AstroHandler }).handler
}

/**
 * Renders pages of a build as a signed-out visitor sees them, through the build's own
 * on-demand handler on a private loopback port: the HTML is exactly what the page route
 * answers, which the regenerator then writes as the page's static file.
 */
export class PageRenderer {
  private constructor(
    private readonly server: http.Server,
    private readonly port: number,
    private readonly host: string,
  ) {}

  static async start(handler: AstroHandler, publicHost: string): Promise<PageRenderer> {
    const server = http.createServer((req, res) =>
      handler(req, res, (error) => {
        if (!res.headersSent) res.writeHead(error ? 500 : 404, { 'content-type': 'text/plain' })
        res.end(error ? String(error) : 'Not found')
      }),
    )
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    return new PageRenderer(server, port, publicHost)
  }

  render(urlPath: string): Promise<RenderedPage> {
    return new Promise((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port: this.port,
          path: urlPath,
          headers: { host: this.host, accept: 'text/html' },
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 500,
              html: Buffer.concat(chunks).toString('utf8'),
              location: res.headers.location,
            }),
          )
          res.on('error', reject)
        },
      )
      req.on('error', reject)
      req.setTimeout(60_000, () => req.destroy(new Error(`rendering ${urlPath} timed out`)))
    })
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()))
  }
}
