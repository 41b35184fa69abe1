import path from 'node:path'

import { env } from '@/server/config/env'
import { loadAstroHandler, PageRenderer } from './pageRenderer'
import { inlineScriptHashes, saveScriptHashes, scriptHashesOfBuild } from '@/server/http/security'
import { writePage } from './pageFiles'
import { eachLimited } from './eachLimited'

/** Answered by the build itself (src/pages/internal/prerender-paths.json.ts): every page to write. */
export const PRERENDER_PATHS_URL = '/internal/prerender-paths.json'

/**
 * The static pages of a fresh build: every path the build lists (all neighbourhoods, public
 * stories, lists and static pages, no cap) rendered through the build's own on-demand routes
 * and written as files, the same way the regenerator rewrites one page after a write.
 */
export async function prerenderBuild(
  buildDir: string,
  publicHost: string,
  log: (line: string) => void,
): Promise<number> {
  const clientDir = path.join(buildDir, 'client')
  const renderer = await PageRenderer.start(await loadAstroHandler(buildDir), publicHost)
  try {
    const listing = await renderer.render(PRERENDER_PATHS_URL)
    if (listing.status !== 200) throw new Error(`listing pages answered ${listing.status}`)
    const paths = (JSON.parse(listing.html) as { paths: string[] }).paths
    const hashes = new Set(scriptHashesOfBuild(clientDir))
    const started = Date.now()
    // One JavaScript thread renders in each process: use the other cores for a large site.
    if (paths.length >= env.renderProcessesFrom && env.renderProcesses > 0)
      await renderer.addProcesses(buildDir, env.renderProcesses, log)
    let done = 0
    await eachLimited(paths, renderer.width, async (urlPath) => {
      const page = await renderer.render(urlPath)
      if (page.status !== 200) throw new Error(`prerendering ${urlPath} answered ${page.status}`)
      for (const h of inlineScriptHashes(page.html)) hashes.add(h)
      await writePage(clientDir, urlPath, page.html)
      if (++done % 1000 === 0) log(`site: ${done} of ${paths.length} pages written`)
    })
    saveScriptHashes(clientDir, hashes)
    log(
      `site: ${paths.length} pages prerendered in ${((Date.now() - started) / 1000).toFixed(1)} s in ${renderer.processes} process${renderer.processes > 1 ? 'es' : ''}`,
    )
    return paths.length
  } finally {
    await renderer.close()
  }
}
