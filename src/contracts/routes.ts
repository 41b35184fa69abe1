// Written by `npm run contracts` from src/contracts/index.ts; do not edit.
/** Each contract's method and path (and 'shared' for reads answered from the shared cache). */
export const routes = {
  'follows.state': ['GET', '/api/follows/state'],
  'follows.toggle': ['POST', '/api/follows/toggle'],
} as const
