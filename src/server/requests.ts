import type { PayloadRequest } from 'payload'

/** A refusal in the shape Payload's own errors have, so clients read one format. */
export const refuse = (status: number, message: string) =>
  Response.json({ errors: [{ message }] }, { status })

/** Thrown inside a transaction to roll it back and answer with `status` and `message`. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** The JSON body of a custom endpoint call; anything unreadable counts as empty. */
export async function readJson(req: PayloadRequest): Promise<Record<string, unknown>> {
  try {
    const body: unknown = req.json ? await req.json() : {}
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** The numeric `:id` of a route like /api/polls/:id/vote, or null when it is not one. */
export function routeId(req: PayloadRequest): number | null {
  const raw = String(req.routeParams?.id ?? '')
  return /^\d{1,15}$/.test(raw) ? Number(raw) : null
}

/** Postgres unique violation (possibly wrapped by the adapter). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null
  return e?.code === '23505' || e?.cause?.code === '23505'
}
