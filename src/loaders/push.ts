import { env } from '@/server/config/env'

/** The VAPID public key browsers subscribe with (Profile → Settings' push toggles). */
export const pushPublicKey = (): string => env.vapid.publicKey
