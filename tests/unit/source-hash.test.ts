import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { hashSources } from '@/server/site/sourceHash'

describe('the hash that decides whether a build is needed', () => {
  it('moves with a source and not with what the admin’s build writes beside them', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-source-hash-'))
    fs.mkdirSync(path.join(root, 'cms'))
    fs.writeFileSync(path.join(root, 'cms', 'page.tsx'), 'export default 1\n')
    const before = hashSources(root, ['cms'])

    // Next writes these during the build itself (a fresh clone has neither).
    fs.writeFileSync(path.join(root, 'cms', 'next-env.d.ts'), '/// <reference types="next" />\n')
    fs.mkdirSync(path.join(root, 'cms', '.next'))
    fs.writeFileSync(path.join(root, 'cms', '.next', 'BUILD_ID'), 'x')
    expect(hashSources(root, ['cms'])).toBe(before)

    fs.writeFileSync(path.join(root, 'cms', 'page.tsx'), 'export default 2\n')
    expect(hashSources(root, ['cms'])).not.toBe(before)
    fs.rmSync(root, { recursive: true, force: true })
  })
})
