import type { APIRequestContext } from '@playwright/test'

export const DEMO_PASSWORD = 'belong-demo'

/** A second client writing through the REST API, as another person's browser would. */
export async function signedInApi(request: APIRequestContext, userName: string) {
  const login = await request.post('/api/users/login', {
    data: { email: `${userName}@belong.local`, password: DEMO_PASSWORD },
  })
  if (!login.ok()) throw new Error(`login as ${userName} failed: ${login.status()}`)
  const { user } = (await login.json()) as { user: { id: number } }
  return { request, userId: user.id }
}

export async function neighbourhoodBySlug(request: APIRequestContext, slug: string) {
  const res = await request.get(`/api/neighbourhoods?where[slug][equals]=${slug}&depth=0`)
  const { docs } = (await res.json()) as {
    docs: { id: number; createdBy: number; tagline: string }[]
  }
  return docs[0]!
}
