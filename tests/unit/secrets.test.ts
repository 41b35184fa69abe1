import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { ensureSecrets, UnsafeSecretError } from '@/server/config/secrets'
import { inlineScriptHashes, pagePolicy, siteOrigins } from '@/server/http/security'

let dir: string
const saved = { ...process.env }
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-secrets-'))
  delete process.env.PAYLOAD_SECRET
  delete process.env.PUSHER_SECRET
  delete process.env.PUSHER_APP_ID
})
afterEach(() => {
  process.env = { ...saved }
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('server secrets', () => {
  it('are generated into the data folder, readable by the owner only, and kept', () => {
    ensureSecrets(dir, true)
    const payload = process.env.PAYLOAD_SECRET!
    const pusher = process.env.PUSHER_SECRET!
    expect(payload).toMatch(/^[0-9a-f]{64}$/)
    expect(pusher).toMatch(/^[0-9a-f]{64}$/)
    expect(payload).not.toBe(pusher)
    for (const file of ['payload-secret', 'pusher-secret']) {
      expect(fs.statSync(path.join(dir, file)).mode & 0o777).toBe(0o600)
    }
    delete process.env.PAYLOAD_SECRET
    delete process.env.PUSHER_SECRET
    ensureSecrets(dir, true)
    expect([process.env.PAYLOAD_SECRET, process.env.PUSHER_SECRET]).toEqual([payload, pusher])
  })

  it('refuse a known or short value in production, and allow one in development', () => {
    for (const known of ['belong-local-secret', 'belong-build-only-secret', 'short']) {
      process.env.PUSHER_SECRET = known
      expect(() => ensureSecrets(dir, true)).toThrow(UnsafeSecretError)
      expect(() => ensureSecrets(dir, false)).not.toThrow()
    }
  })

  it('need PUSHER_SECRET with hosted Pusher', () => {
    process.env.PUSHER_APP_ID = '12345'
    expect(() => ensureSecrets(dir, false)).toThrow(/PUSHER_SECRET/)
  })
})

describe('site origins', () => {
  it('with PUBLIC_URL accept only its host and origin', () => {
    const site = siteOrigins('https://belong.example', 3000)
    expect(site.allowsHost('belong.example')).toBe(true)
    expect(site.allowsHost('evil.example')).toBe(false)
    expect(site.allowsHost('localhost:3000')).toBe(false)
    expect(site.allowsOrigin('https://belong.example')).toBe(true)
    expect(site.allowsOrigin('http://belong.example')).toBe(false)
    expect(site.secure).toBe(true)
  })

  it('without it accept loopback names only', () => {
    const site = siteOrigins(undefined, 3000)
    expect(site.publicOrigin).toBe('http://localhost:3000')
    expect(site.allowsHost('127.0.0.1:3000')).toBe(true)
    expect(site.allowsHost('localhost')).toBe(true)
    expect(site.allowsHost('belong.example')).toBe(false)
    expect(site.allowsHost('localhost.evil.example')).toBe(false)
    expect(site.allowsOrigin('http://127.0.0.1:3001')).toBe(true)
    expect(site.allowsOrigin('https://evil.example')).toBe(false)
    expect(site.allowsOrigin('null')).toBe(false)
  })
})

describe('page policy', () => {
  it('hashes inline scripts only and never allows inline scripts wholesale', () => {
    const html =
      '<script>a()</script><script type="module" src="/x.js"></script><script type="module">b()</script>'
    const hashes = inlineScriptHashes(html)
    expect(hashes).toHaveLength(2)
    const policy = pagePolicy({ scriptHashes: hashes, imageOrigins: [], connectOrigins: [] })
    expect(policy).toContain(`script-src 'self' ${hashes.join(' ')}`)
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(policy).toContain("frame-ancestors 'none'")
  })
})
