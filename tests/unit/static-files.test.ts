import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { resolveStatic } from '@/server/staticFiles'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-static-'))
fs.mkdirSync(path.join(root, 'client', 'neighbourhood', 'brixton'), { recursive: true })
fs.writeFileSync(path.join(root, 'client', 'index.html'), 'home')
fs.writeFileSync(path.join(root, 'client', 'neighbourhood', 'brixton', 'index.html'), 'brixton')
fs.writeFileSync(path.join(root, 'secret.txt'), 'outside the served folder')
const client = path.join(root, 'client')
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

describe('resolveStatic', () => {
  it('maps a route to its prerendered index.html', () => {
    expect(resolveStatic(client, '/')).toBe(path.join(client, 'index.html'))
    expect(resolveStatic(client, '/neighbourhood/brixton')).toBe(
      path.join(client, 'neighbourhood', 'brixton', 'index.html'),
    )
  })

  it('answers undefined for pages that were not prerendered', () => {
    expect(resolveStatic(client, '/neighbourhood/new-place')).toBeUndefined()
  })

  it('never leaves the served folder', () => {
    expect(resolveStatic(client, '/../secret.txt')).toBeUndefined()
    expect(resolveStatic(client, '/%2e%2e/secret.txt')).toBeUndefined()
    expect(resolveStatic(client, '/%E0%A4%A')).toBeUndefined()
  })
})
