/**
 * `npm test`: typecheck, lint, formatting, unit + integration + realtime conformance (vitest, one
 * embedded PostgreSQL) with the fault and scale tests beside them (a second vitest), then
 * end-to-end (Playwright in Debian's Chromium against the built server).
 * Installs Chromium with apt when it is missing. Ends with one line: "N passed, N failed".
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { drawPort } from '@tests/support/e2ePorts'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const reports = path.resolve('.tmp/test-reports')
fs.mkdirSync(reports, { recursive: true })

function run(
  title: string,
  cmd: string,
  args: string[],
  env: Record<string, string> = {},
): boolean {
  console.log(`\n━━ ${title} ━━`)
  const started = Date.now()
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const ok = result.status === 0
  console.log(
    `━━ ${title}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
  return ok
}

/**
 * Starts a step that runs beside the next ones: its output goes to `log` (nothing here reads a
 * pipe while a synchronous step runs) and is printed whole by the returned `finish`.
 */
function runBeside(
  title: string,
  cmd: string,
  args: string[],
  log: string,
  env: Record<string, string> = {},
): { finish: () => Promise<boolean> } {
  console.log(`\n━━ ${title}: started, beside the next step (its output follows when it ends) ━━`)
  const started = Date.now()
  const out = fs.openSync(log, 'w')
  const child = spawn(cmd, args, { stdio: ['ignore', out, out], env: { ...process.env, ...env } })
  fs.closeSync(out)
  const exited = new Promise<number | null>((resolve) => {
    child.once('error', () => resolve(null))
    child.once('exit', (code) => resolve(code))
  })
  return {
    finish: async () => {
      const code = await exited
      console.log(`\n━━ ${title} ━━`)
      process.stdout.write(fs.readFileSync(log, 'utf8'))
      const ok = code === 0
      console.log(
        `━━ ${title}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      )
      return ok
    },
  }
}

function ensureChromium(): boolean {
  if (fs.existsSync(chromium)) return true
  console.log(`Chromium not found at ${chromium}; installing Debian's package…`)
  const root = process.getuid?.() === 0
  const apt = (args: string[]) =>
    root
      ? run(`apt-get ${args[0]}`, 'apt-get', args)
      : run(`sudo apt-get ${args[0]}`, 'sudo', ['-n', 'apt-get', ...args])
  return (
    apt(['update', '-qq']) && apt(['install', '-y', '-qq', 'chromium']) && fs.existsSync(chromium)
  )
}

/**
 * Playwright in one process: its files run one at a time against one server and demo data (two
 * processes, tried, gained little on two cores and each needed its own server and data).
 */
function endToEnd(): boolean {
  for (const file of fs.readdirSync(reports))
    if (/^playwright.*\.json$/.test(file)) fs.rmSync(path.join(reports, file))
  return run('end-to-end (Playwright, Chromium)', 'playwright', ['test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json`,
    E2E_PORT: String(drawPort()),
    E2E_DATA_DIR: path.join(os.tmpdir(), `belong-e2e-${Date.now()}`),
  })
}

const only = process.argv.slice(2)
const want = (step: string) => only.length === 0 || only.includes(step)
const failedSteps: string[] = []
const step = (name: string, ok: boolean) => ok || failedSteps.push(name)

const vitest = (projects: string[], report: string) => [
  'run',
  ...projects.flatMap((name) => ['--project', name]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reports}/${report}`,
]

if (want('typecheck'))
  step('typecheck', run('typecheck', 'tsc', ['--noEmit', '-p', 'tsconfig.json']))
// The fault and scale files run one at a time and mostly wait for the sites they start and
// kill: they run beside the other checks and projects (one vitest each), not after them. They
// start after the typecheck, which reads .astro/ that their site build writes.
const faults = want('vitest')
  ? runBeside(
      'fault and scale tests (vitest, project faults)',
      'vitest',
      vitest(['faults'], 'vitest-faults.json'),
      `${reports}/vitest-faults.log`,
    )
  : undefined

if (want('lint')) {
  step('eslint', run('eslint', 'eslint', ['.', '--max-warnings=0']))
  step('prettier', run('prettier', 'prettier', ['--check', '.', '--log-level=warn']))
  step(
    'features',
    run('feature index', 'node', ['--import', 'tsx', 'scripts/feature-index.ts', '--check']),
  )
  step(
    'openapi',
    run('API description (Redocly lint)', 'node', ['--import', 'tsx', 'scripts/openapi.ts']),
  )
}
if (want('vitest')) {
  step(
    'vitest',
    run(
      'unit, integration and realtime conformance (vitest)',
      'vitest',
      vitest(['unit', 'int', 'realtime'], 'vitest.json'),
    ),
  )
}
// Playwright takes both cores (its server and the browser): it starts once the fault tests are done.
if (faults) step('vitest faults', await faults.finish())
if (want('e2e')) {
  if (!ensureChromium()) step('chromium', false)
  else step('e2e', endToEnd())
}

type VitestReport = {
  numPassedTests: number
  numFailedTests: number
  testResults: {
    name: string
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[]
  }[]
}
type PlaywrightSuite = {
  title: string
  specs?: {
    title: string
    tests: { status: string; results: { error?: { message?: string } }[] }[]
  }[]
  suites?: PlaywrightSuite[]
}
type PlaywrightReport = {
  stats: { expected: number; unexpected: number; flaky: number }
  suites: PlaywrightSuite[]
}
// The terminal colours that error messages carry.
const colours = new RegExp(String.fromCharCode(27) + '\\[[0-9;]*m', 'g')
const firstLine = (text = '') => text.replace(colours, '').split('\n')[0].slice(0, 300)

// Totals across both runners, read from their JSON reports; failures are named again at the end
// so that the last lines of a long log (all CI keeps) say which test failed and why.
let passed = 0
let failed = 0
const failures: string[] = []
for (const report of ['vitest.json', 'vitest-faults.json'])
  try {
    const v = JSON.parse(fs.readFileSync(`${reports}/${report}`, 'utf8')) as VitestReport
    passed += v.numPassedTests
    failed += v.numFailedTests
    for (const file of v.testResults)
      for (const test of file.assertionResults)
        // A test that passed on its retry (CI) still carries the first try's error: name it as flaky.
        if (test.status === 'failed' || test.failureMessages.length > 0)
          failures.push(
            `${test.status === 'failed' ? '' : '(flaky) '}${path.relative(process.cwd(), file.name)} › ${test.fullName}\n    ${firstLine(test.failureMessages[0])}`,
          )
  } catch {
    // that vitest did not run
  }
for (const report of fs.readdirSync(reports).filter((f) => /^playwright.*\.json$/.test(f)))
  try {
    const p = JSON.parse(fs.readFileSync(path.join(reports, report), 'utf8')) as PlaywrightReport
    passed += p.stats.expected + p.stats.flaky
    failed += p.stats.unexpected
    const walk = (suite: PlaywrightSuite, titles: string[]): void => {
      const here = suite.title ? [...titles, suite.title] : titles
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests)
          if (test.status === 'unexpected' || test.status === 'flaky') {
            const error = test.results.find((r) => r.error)?.error?.message
            failures.push(
              `${test.status === 'flaky' ? '(flaky) ' : ''}${[...here, spec.title].join(' › ')}\n    ${firstLine(error)}`,
            )
          }
      for (const child of suite.suites ?? []) walk(child, here)
    }
    for (const suite of p.suites) walk(suite, [])
  } catch {
    // playwright did not run
  }
if (failures.length)
  console.log(`\nFailed or flaky tests:\n${failures.map((f) => `  ${f}`).join('\n')}`)
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failedSteps.length ? 1 : 0)
