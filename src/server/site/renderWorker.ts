/**
 * A render process of a full build (PageRenderer.addProcesses in src/server/site/pageRenderer.ts):
 * the build's on-demand handler on a private loopback port, reading content through its own
 * Payload and pool. It answers the parent its port and leaves when the parent lets go of it.
 */
import type { AddressInfo } from 'node:net'

import { listenLoopback, loadAstroHandler } from './pageRenderer'

const buildDir = process.argv[2]
if (!buildDir || !process.send) throw new Error('usage: started by PageRenderer.addProcesses')
const server = await listenLoopback(await loadAstroHandler(buildDir))
process.on('disconnect', () => process.exit(0))
process.on('SIGTERM', () => process.exit(0))
process.send({ port: (server.address() as AddressInfo).port })
