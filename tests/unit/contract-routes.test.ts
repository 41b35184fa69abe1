import { describe, expect, it } from 'vitest'

import { contracts } from '@/contracts'
import { routes } from '@/contracts/routes'

/** The islands' route table is the registry's, never stale (`npm run contracts` writes it). */
describe('the contracts route table', () => {
  it('has every contract with its method and path, and nothing else', () => {
    const expected = Object.fromEntries(
      Object.entries(contracts).map(([name, c]) => [
        name,
        [c.method, c.path, ...('cache' in c && c.cache === 'shared' ? ['shared'] : [])],
      ]),
    )
    expect(routes, 'run `npm run contracts` after changing a contract').toEqual(expected)
  })
})
