import fs from 'node:fs'

/**
 * A V8 .cpuprofile summed by self time: by function (name and file:line) and by file, the
 * largest first. `npx tsx scripts/bench/cpuProfileSummary.ts <file.cpuprofile> [rows]`, or
 * from another bench (overheadProfile.ts).
 */
interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
}
interface Profile {
  startTime: number
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

/** A file's path from the repository (or node_modules/<package>), short enough to read. */
const shortFile = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, 'node_modules/')
    .replace(`${process.cwd()}/`, '') || '(native)'

/**
 * `window`: only samples taken between these two instants (µs of the monotonic clock, as
 * `process.hrtime.bigint() / 1000n` reads it in any process of the machine: V8 stamps its
 * samples on the same clock), to leave out the server's start and stop.
 */
export function selfTimes(file: string, window?: { from: number; to: number }) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const byFunction = new Map<string, number>()
  const byFile = new Map<string, number>()
  let total = 0
  let at = profile.startTime
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0
    at += us
    if (window && (at < window.from || at > window.to)) return
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame
    // Waiting for work is not work.
    if (functionName === '(idle)') return
    const where = shortFile(url)
    const name = `${functionName || '(anonymous)'} ${where}${url ? `:${lineNumber + 1}` : ''}`
    byFunction.set(name, (byFunction.get(name) ?? 0) + us)
    byFile.set(where, (byFile.get(where) ?? 0) + us)
    total += us
  })
  const top = (map: Map<string, number>, rows: number) =>
    [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, rows)
  return {
    total,
    top: (rows = 40) => ({ functions: top(byFunction, rows), files: top(byFile, rows) }),
  }
}

export function printSelfTimes(
  file: string,
  rows = 40,
  perRequest?: number,
  window?: { from: number; to: number },
) {
  const { total, top } = selfTimes(file, window)
  const { functions, files } = top(rows)
  const shown = (us: number) =>
    `${((us / total) * 100).toFixed(1).padStart(5)}%` +
    (perRequest ? ` ${(us / perRequest).toFixed(2).padStart(6)} µs/req` : '')
  console.log(`\n${file}: ${(total / 1e6).toFixed(2)} s busy in the window`)
  console.log('by function (self time):')
  for (const [name, us] of functions) console.log(`  ${shown(us)}  ${name}`)
  console.log('by file (self time):')
  for (const [name, us] of files) console.log(`  ${shown(us)}  ${name}`)
}

if (process.argv[1]?.endsWith('cpuProfileSummary.ts'))
  printSelfTimes(process.argv[2]!, Number(process.argv[3] ?? 40))
