/**
 * How much JavaScript (gzip) a page's islands make the browser load, island by island:
 * `BASE=http://localhost:4102 node --import tsx scripts/bench/shell-js.ts / /neighbourhoods`
 *
 * Reads the page's <astro-island> component and renderer URLs, module scripts and modulepreload
 * links, follows static imports (loaded at once) and, separately, dynamic import() chunks (loaded
 * on demand, e.g. the notification bell once a user is signed in). Run it on the built site
 * (`npm start`); the dev server serves unbundled modules.
 */
import { gzipSync } from 'node:zlib'

const base = process.env.BASE ?? 'http://localhost:4102'
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/']
const cache = new Map<string, Promise<string>>()

const get = (url: string) => {
  if (!cache.has(url)) {
    cache.set(
      url,
      fetch(url).then((r) => {
        if (!r.ok) throw new Error(`${url}: ${r.status}`)
        return r.text()
      }),
    )
  }
  return cache.get(url)!
}
const gz = async (url: string) => gzipSync(await get(url)).length

const STATIC = /\bfrom\s*["']([^"']+\.m?js)["']|\bimport\s*["']([^"']+\.m?js)["']/g
const DYNAMIC = /\bimport\(\s*["']([^"']+\.m?js)["']\s*\)/g
const MAPPED = /m\.f=\[([^\]]*)\]/

/** Every module reachable from `roots` by static imports; dynamic targets collected aside. */
async function graph(roots: string[], lazy = new Set<string>()): Promise<Set<string>> {
  const seen = new Set<string>()
  const queue = [...roots]
  while (queue.length) {
    const url = queue.shift()!
    if (seen.has(url)) continue
    seen.add(url)
    const code = await get(url)
    for (const m of code.matchAll(STATIC)) queue.push(new URL(m[1] ?? m[2]!, url).href)
    for (const m of code.matchAll(DYNAMIC)) lazy.add(new URL(m[1]!, url).href)
    // Vite lists a dynamic chunk's dependencies in __vite__mapDeps, relative to the site root.
    const mapped = MAPPED.exec(code)?.[1]
    if (mapped) {
      for (const dep of mapped.match(/["']([^"']+)["']/g) ?? [])
        lazy.add(new URL(dep.slice(1, -1), base + '/').href)
    }
  }
  return seen
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
async function size(urls: Iterable<string>) {
  let total = 0
  for (const url of urls) total += await gz(url)
  return total
}

for (const path of paths) {
  const html = await get(base + path)
  const page = new URL(path, base).href
  const abs = (u: string) => new URL(u.replaceAll('&amp;', '&'), page).href
  // Islands loaded on first focus (the header's search) download nothing before it.
  const islands = [...html.matchAll(/<astro-island\b[^>]*>/g)]
    .filter((m) => !m[0].includes('client="focus"'))
    .map((m) => {
      const tag = m[0]
      const attr = (name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1]
      const name = /&quot;name&quot;:&quot;([^&]+)&quot;/.exec(tag)?.[1] ?? '?'
      return {
        name,
        roots: [attr('component-url'), attr('renderer-url')].filter(Boolean).map((u) => abs(u!)),
      }
    })
  const scripts = [
    ...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => abs(m[1]!))
  const inline = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1]!)
    .join('\n')

  console.log(`\n${path}: ${islands.length} islands, ${scripts.length} script/preload URLs`)
  console.log(`  inline scripts (Astro's island loader): ${kb(gzipSync(inline).length)}`)
  const perIsland = new Map<string, Set<string>>()
  for (const island of islands) {
    const set = await graph(island.roots)
    perIsland.set(island.name, new Set([...(perIsland.get(island.name) ?? []), ...set]))
  }
  const all = new Set([...perIsland.values()].flatMap((s) => [...s]).concat(scripts))
  const pageGraph = await graph([...all])
  console.log(`  all static JS: ${kb(await size(pageGraph))} (${pageGraph.size} files)`)
  for (const [name, set] of perIsland) {
    const others = new Set([...perIsland].filter(([n]) => n !== name).flatMap(([, s]) => [...s]))
    const own = [...set].filter((u) => !others.has(u))
    const lazy = new Set<string>()
    await graph([...set], lazy)
    const lazyGraph = await graph([...lazy])
    const lazyOnly = [...lazyGraph].filter((u) => !pageGraph.has(u))
    console.log(
      `  ${name}: ${kb(await size(set))} with shared code, ${kb(await size(own))} its own;` +
        (lazyOnly.length ? ` +${kb(await size(lazyOnly))} loaded on demand` : ''),
    )
    if (process.env.VERBOSE) {
      for (const u of own) console.log(`     own  ${kb(await gz(u))}  ${u.replace(base, '')}`)
      for (const u of lazyOnly) console.log(`     lazy ${kb(await gz(u))}  ${u.replace(base, '')}`)
    }
  }
}
