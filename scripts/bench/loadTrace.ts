/**
 * Where a page load's main-thread time goes, as a phone would spend it: a Chromium performance
 * trace (CPU throttled ×4, 390 px viewport) of each page given, against the built server (BASE,
 * or one this starts). Prints every task of 50 ms or more (the ones Total Blocking Time counts)
 * with what filled it (script by file, style, layout, HTML parsing, garbage collection), the
 * island chunks whose code ran in it (from a V8 sample profile taken alongside), and the totals
 * over the whole load.
 * `npm run bench:load-trace -- /neighbourhood/shoreditch`; COOKIE=payload-token=… for a
 * member's page; RUNS=n runs each page n times (totals of each run); TRACE_FILE=x.json keeps the
 * last trace (for Chromium's Performance panel).
 */
import fs from 'node:fs'

import { chromium, type Page } from '@playwright/test'

import { startBuiltSite } from './builtSite'
import { CHROMIUM, FLAGS } from './frontEnd'

interface TraceEvent {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: { url?: string; functionName?: string } }
}
interface ProfileNode {
  id: number
  parent?: number
  callFrame: { functionName: string; url: string }
  children?: number[]
}
interface CpuProfile {
  nodes: ProfileNode[]
  startTime: number
  samples: number[]
  timeDeltas: number[]
}

const RUNS = Number(process.env.RUNS ?? 1)
const LONG = 50_000 // µs

const fileOf = (url = '') => url.replace(/^.*\//, '').replace(/\?.*$/, '') || '(inline)'

/** What kind of work a trace event is, for the per-task breakdown. */
function kindOf(e: TraceEvent): string | null {
  switch (e.name) {
    case 'EvaluateScript':
    case 'v8.compile':
    case 'v8.compileModule':
    case 'v8.evaluateModule':
      return `script ${fileOf(e.args?.data?.url)}`
    case 'FunctionCall':
      return `script ${fileOf(e.args?.data?.url)}`
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
    case 'ParseAuthorStyleSheet':
      return 'style'
    case 'Layout':
      return 'layout'
    case 'ParseHTML':
      return 'parse HTML'
    case 'MinorGC':
    case 'MajorGC':
    case 'V8.GC_SCAVENGER':
      return 'GC'
    case 'Paint':
    case 'PrePaint':
    case 'Layerize':
    case 'UpdateLayer':
      return 'paint'
    case 'TimerFire':
    case 'FireAnimationFrame':
    case 'EventDispatch':
    case 'RunMicrotasks':
      return null
    default:
      return null
  }
}

/** Self time of each kind inside [start, end) on one thread: nested events subtract from parents. */
function selfTimes(events: TraceEvent[], start: number, end: number) {
  const inside = events
    .filter((e) => e.ph === 'X' && e.ts >= start && e.ts < end && e.dur && kindOf(e))
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
  const totals = new Map<string, number>()
  const stack: { end: number; kind: string }[] = []
  let covered = 0
  const add = (kind: string, us: number) => totals.set(kind, (totals.get(kind) ?? 0) + us)
  for (const e of inside) {
    while (stack.length && stack.at(-1)!.end <= e.ts) stack.pop()
    const kind = kindOf(e)!
    const parent = stack.at(-1)
    // A script's compile or a GC inside a function call is charged to it, not to its caller.
    if (parent) add(parent.kind, -Math.min(e.dur!, parent.end - e.ts))
    else covered += e.dur!
    add(kind, e.dur!)
    stack.push({ end: e.ts + e.dur!, kind })
  }
  add('other', end - start - covered)
  return totals
}

/** For each profile sample: its time and the innermost app chunk (not React's runtime) on its stack. */
function sampleOwners(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  for (const n of profile.nodes) for (const c of n.children ?? []) byId.get(c)!.parent = n.id
  const owner = new Map<number, string>()
  const ownerOf = (id: number): string => {
    if (owner.has(id)) return owner.get(id)!
    const node = byId.get(id)!
    const file = fileOf(node.callFrame.url)
    const own =
      node.callFrame.url && !/^(runtime|client)\./.test(file) && file !== '(inline)'
        ? file
        : node.parent !== undefined
          ? ownerOf(node.parent)
          : node.callFrame.functionName || '(native)'
    owner.set(id, own)
    return own
  }
  let at = profile.startTime
  return profile.samples.map((id, i) => {
    at += profile.timeDeltas[i] ?? 0
    const { functionName } = byId.get(id)!.callFrame
    return {
      at,
      dur: profile.timeDeltas[i + 1] ?? 0,
      owner: functionName === '(idle)' ? null : ownerOf(id),
    }
  })
}

const ms = (us: number) => `${(us / 1000).toFixed(0)} ms`
const top = (m: Map<string, number>, min = 5000) =>
  [...m.entries()]
    .filter(([, us]) => us >= min)
    .sort((a, b) => b[1] - a[1])
    .map(([k, us]) => `${k} ${ms(us)}`)
    .join(', ')

async function traceLoad(page: Page, url: string) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await page
    .context()
    .browser()!
    .startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'toplevel',
        'loading',
      ],
    })
  await cdp.send('Profiler.start')
  await page.goto(url, { waitUntil: 'load' })
  // The islands hydrate and the live connection starts after load: wait for the network to rest.
  await page.waitForLoadState('networkidle')
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile }
  const buffer = await page.context().browser()!.stopTracing()
  if (process.env.TRACE_FILE) fs.writeFileSync(process.env.TRACE_FILE, buffer)
  const { traceEvents } = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }
  // The page's renderer: the main thread that ran the most (the first, blank page's is another).
  const busyByThread = new Map<string, number>()
  for (const e of traceEvents)
    if (e.ph === 'X' && e.name === 'RunTask' && e.dur)
      busyByThread.set(`${e.pid}:${e.tid}`, (busyByThread.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur)
  const main = traceEvents
    .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .sort(
      (a, b) =>
        (busyByThread.get(`${b.pid}:${b.tid}`) ?? 0) - (busyByThread.get(`${a.pid}:${a.tid}`) ?? 0),
    )[0]!
  const thread = traceEvents.filter((e) => e.pid === main.pid && e.tid === main.tid)
  const tasks = thread.filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.dur)
  const samples = sampleOwners(profile)
  const navigation = (thread.find((e) => e.name === 'ParseHTML') ?? thread[0]!).ts
  let busy = 0
  let blocking = 0
  const allKinds = new Map<string, number>()
  const allOwners = new Map<string, number>()
  for (const task of tasks) {
    const end = task.ts + task.dur!
    busy += task.dur!
    for (const [k, us] of selfTimes(thread, task.ts, end))
      allKinds.set(k, (allKinds.get(k) ?? 0) + us)
    const owners = new Map<string, number>()
    for (const s of samples)
      if (s.owner && s.at >= task.ts && s.at < end)
        owners.set(s.owner, (owners.get(s.owner) ?? 0) + s.dur)
    for (const [k, us] of owners) allOwners.set(k, (allOwners.get(k) ?? 0) + us)
    if (task.dur! < LONG) continue
    blocking += task.dur! - LONG
    console.log(
      `  task at +${ms(task.ts - navigation)}: ${ms(task.dur!)} — ${top(selfTimes(thread, task.ts, end), 2000)}`,
    )
    if (owners.size) console.log(`      JS by chunk on the stack: ${top(owners, 2000)}`)
  }
  console.log(
    `  main thread busy ${ms(busy)} in ${tasks.length} tasks; over 50 ms: ${ms(blocking)} (throttled ×4)`,
  )
  console.log(`  by kind: ${top(allKinds)}`)
  console.log(`  JS by chunk on the stack: ${top(allOwners)}`)
}

const paths = process.argv.slice(2)
const { base, child } = await startBuiltSite()
const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS })
try {
  for (const p of paths.length ? paths : ['/neighbourhood/shoreditch']) {
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
      })
      if (process.env.COOKIE) {
        const [name, value] = process.env.COOKIE.split(/=(.*)/s) as [string, string]
        await context.addCookies([{ name, value, url: base }])
      }
      const page = await context.newPage()
      console.log(`\n${p} (run ${i + 1}):`)
      await traceLoad(page, base + p)
      await context.close()
    }
  }
} finally {
  await browser.close()
  child?.kill('SIGTERM')
}
