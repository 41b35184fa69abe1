import { z } from 'zod'

// The page's script policy forbids eval: zod's JIT would probe it with `new Function`, which a
// strict CSP reports as a violation even though zod falls back. Every schema imports z from here.
z.config({ jitless: true })

export { z }
