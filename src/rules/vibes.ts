import { z } from 'zod'

/** SPEC §9: the four vibes; filters add 'All'. */
export const VIBES = ['Calm', 'Creative', 'Family-Friendly', 'Diverse'] as const
export type Vibe = (typeof VIBES)[number]
export const vibeSchema = z.enum(VIBES)
