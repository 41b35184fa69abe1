import type { Payload } from 'payload'

/**
 * The signed-in viewer of a page rendered on demand, from the request's session cookie; null
 * when signed out (or when the session cannot be read: the page is then shown as to a visitor).
 */
export async function viewerOf(payload: Payload, headers: Headers) {
  try {
    const { user } = await payload.auth({ headers })
    return user as null | { id: number; userName?: string | null }
  } catch {
    return null
  }
}
