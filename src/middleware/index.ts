import { defineMiddleware } from 'astro:middleware'

/**
 * Stamps when the render began (Shell writes it into the page for widgets/lib/realtime.ts).
 * A page rendered again with a refused form answers 422 (the form was not accepted).
 */
export const onRequest = defineMiddleware(async (context, next) => {
  // Taken before any loader reads: whatever changes later is announced after this time.
  context.locals.renderedAt ??= Date.now()
  const response = await next()
  if (context.isPrerendered || !context.locals.form || response.status !== 200) return response
  return new Response(response.body, { status: 422, headers: response.headers })
})
