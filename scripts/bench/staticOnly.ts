/**
 * A bare Node HTTP server answering only from StaticSite (src/server/site/staticSite.ts), for
 * `npm run bench:serve`: the ceiling of one Node process on this machine, without the app's
 * routing and headers. `node --import tsx scripts/bench/staticOnly.ts <client dir> <port>`.
 */
import http from 'node:http'

import { StaticSite } from '@/server/site/staticSite'

const [dir, port] = process.argv.slice(2)
const site = new StaticSite(dir!)
http
  .createServer((req, res) => {
    if (site.serve(req, res, (req.url ?? '/').split('?')[0]!)) return
    res.statusCode = 404
    res.end()
  })
  .listen(Number(port), '127.0.0.1')
