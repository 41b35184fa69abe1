import fs from 'node:fs'

/** Linux counts process times in clock ticks of 1/100 s (`getconf CLK_TCK`). */
const TICK_SECONDS = 0.01

/** CPU seconds of each live process under `root` (itself left out), by pid, with its role. */
export type CpuSnapshot = Map<number, { seconds: number; role: string }>

/** What a process is to the bench, from its command line. */
function roleOf(pid: number): string {
  let command = ''
  try {
    command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
  } catch {
    return 'other'
  }
  if (command.includes('scripts/start.ts')) return 'app'
  if (command.includes('realtime/standalone.ts')) return 'realtime'
  if (command.startsWith('postgres') || command.includes('/bin/postgres')) return 'PostgreSQL'
  if (command.startsWith('nginx') || command.includes('/nginx ')) return 'nginx'
  return 'other'
}

interface Stat {
  pid: number
  ppid: number
  /** user + system time, with that of its reaped children (exited PostgreSQL backends). */
  seconds: number
}

function readStat(pid: number): Stat | undefined {
  let text: string
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return undefined // gone between the listing and the read
  }
  // The command name (field 2) may hold spaces; the fields after its ')' are plain numbers.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0)
  return { pid, ppid: Number(fields[1]), seconds: ticks * TICK_SECONDS }
}

/** Every process descending from `root` (the site, nginx, PostgreSQL, the realtime role). */
export function cpuOfDescendants(root = process.pid): CpuSnapshot {
  const stats = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((stat): stat is Stat => stat !== undefined)
  const children = new Map<number, Stat[]>()
  for (const stat of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat])
  const snapshot: CpuSnapshot = new Map()
  const queue = [...(children.get(root) ?? [])]
  while (queue.length) {
    const stat = queue.pop()!
    snapshot.set(stat.pid, { seconds: stat.seconds, role: roleOf(stat.pid) })
    queue.push(...(children.get(stat.pid) ?? []))
  }
  return snapshot
}

/**
 * CPU seconds spent between two snapshots, by role (a process born in between counts from
 * zero).
 */
export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot): Map<string, number> {
  const byRole = new Map<string, number>()
  for (const [pid, now] of after) {
    const spent = now.seconds - (before.get(pid)?.seconds ?? 0)
    byRole.set(now.role, (byRole.get(now.role) ?? 0) + spent)
  }
  return byRole
}
