import { defineMiddleware } from 'astro:middleware'

/** A page rendered again with a refused form answers 422 (the form was not accepted). */
export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next()
  if (context.isPrerendered || !context.locals.form || response.status !== 200) return response
  return new Response(response.body, { status: 422, headers: response.headers })
})
