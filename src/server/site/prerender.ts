import path from 'node:path'

import { env } from '@/server/config/env'
import { loadAstroHandler, PageRenderer } from './pageRenderer'
import { inlineScriptHashes, saveScriptHashes, scriptHashesOfBuild } from '@/server/http/security'
import { writePage } from './pageFiles'
import { eachLimited } from './eachLimited'

/** Answered by the build itself (src/pages/internal/prerender-paths.json.ts): every page to write. */
export const PRERENDER_PATHS_URL = '/internal/prerender-paths.json'

/** The build's pages, most important first (src/loaders/sitePaths.ts). */
export async function listPages(renderer: PageRenderer): Promise<string[]> {
  const listing = await renderer.render(PRERENDER_PATHS_URL)
  if (listing.status !== 200) throw new Error(`listing pages answered ${listing.status}`)
  return (JSON.parse(listing.html) as { paths: string[] }).paths
}

/**
 * The pages a large build writes before it is served: the home, the lists and the static pages
 * (one path segment), and the first page of every other route kind (its first segment and
 * depth), so that the build's inline-script hashes are complete when it is served.
 */
export function firstPages(paths: string[]): string[] {
  const kinds = new Set<string>()
  return paths.filter((urlPath) => {
    const segments = urlPath.split('/').filter(Boolean)
    if (segments.length <= 1) return true
    const kind = `${segments[0]}/${segments.length}`
    if (kinds.has(kind)) return false
    kinds.add(kind)
    return true
  })
}

/**
 * The static pages of a fresh build: every path the build lists (all neighbourhoods, public
 * stories, lists and static pages, no cap) rendered through the build's own on-demand routes
 * and written as files, the same way the regenerator rewrites one page after a write.
 * `firstOnly`, for a large site (RENDER_PROCESSES_FROM pages or more): only `firstPages` are
 * written; the build is served with the rest pending, which the regenerator writes behind it
 * (src/server/site/backfill.ts). Answers whether pages are left to write.
 */
export async function prerenderBuild(
  buildDir: string,
  publicHost: string,
  log: (line: string) => void,
  options: { firstOnly?: boolean } = {},
): Promise<{ pending: boolean }> {
  const clientDir = path.join(buildDir, 'client')
  const renderer = await PageRenderer.start(await loadAstroHandler(buildDir), publicHost)
  try {
    const all = await listPages(renderer)
    const large = all.length >= env.renderProcessesFrom
    const pending = Boolean(options.firstOnly) && large
    const paths = pending ? firstPages(all) : all
    const hashes = new Set(scriptHashesOfBuild(clientDir))
    const started = Date.now()
    // One JavaScript thread renders in each process: use the other cores for a large site.
    if (large && !pending && env.renderProcesses > 0)
      await renderer.addProcesses(buildDir, env.renderProcesses, log)
    let done = 0
    await eachLimited(paths, renderer.width, async (urlPath) => {
      const page = await renderer.render(urlPath)
      if (page.status !== 200) throw new Error(`prerendering ${urlPath} answered ${page.status}`)
      for (const h of inlineScriptHashes(page.html)) hashes.add(h)
      await writePage(clientDir, urlPath, page.html)
      if (++done % 1000 === 0) log(`site: ${done} of ${paths.length} pages written`)
    })
    // Complete before the build is served: every route kind was rendered at least once.
    saveScriptHashes(clientDir, hashes)
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    log(
      pending
        ? `site: ${paths.length} pages written first in ${seconds} s; the other ${all.length - paths.length} are written behind, while the build is served`
        : `site: ${paths.length} pages prerendered in ${seconds} s in ${renderer.processes} process${renderer.processes > 1 ? 'es' : ''}`,
    )
    return { pending }
  } finally {
    await renderer.close()
  }
}
