/**
 * Screenshots for looking at pages: `node --import tsx scripts/screenshots.ts /login /profile`
 * (BASE defaults to http://localhost:3000; SIGN_IN=userName signs in as a demo user first;
 * OUT defaults to .tmp/shots; NO_JS=1 looks at them with JavaScript disabled). One PNG per path at
 * 390 px and 1280 px wide.
 */
import fs from 'node:fs'
import path from 'node:path'

import { chromium } from '@playwright/test'

const base = process.env.BASE ?? 'http://localhost:3000'
const out = process.env.OUT ?? '.tmp/shots'
const paths = process.argv.slice(2)
fs.mkdirSync(out, { recursive: true })

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
})
for (const width of [390, 1280]) {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 800 },
    javaScriptEnabled: process.env.NO_JS !== '1',
  })
  if (process.env.SIGN_IN) {
    const res = await context.request.post(`${base}/api/users/login`, {
      data: { email: `${process.env.SIGN_IN}@belong.local`, password: 'belong-demo' },
    })
    if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`)
  }
  const page = await context.newPage()
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: 'networkidle' })
    await page.waitForTimeout(Number(process.env.WAIT_MS ?? 300))
    const mode = process.env.NO_JS === '1' ? '-nojs' : ''
    const name = `${p.replace(/[^a-z0-9]+/gi, '_') || 'home'}${mode}-${width}.png`
    await page.screenshot({ path: path.join(out, name), fullPage: process.env.FULL === '1' })
    console.log(path.join(out, name))
  }
  await context.close()
}
await browser.close()
