import { test as base, expect } from '@playwright/test'

import { answerChecker } from '@tests/support/apiDescription'

/**
 * Playwright's `test`, with every answer the page's own API calls receive checked against the
 * API's description (/api/openapi.json): a test fails at its end naming each answer the
 * description does not describe or describes otherwise. Calls a test makes itself through
 * `request` are its own set-up, not a client's, and are not checked here (the int suite's
 * harness checks those).
 */
export const test = base.extend<
  { checkedAnswers: void },
  { describedApi: ReturnType<typeof answerChecker> }
>({
  describedApi: [
    async ({ playwright }, use, workerInfo) => {
      const baseURL = String(workerInfo.project.use.baseURL)
      const request = await playwright.request.newContext({ baseURL })
      const answer = await request.get('/api/openapi.json')
      expect(answer.status()).toBe(200)
      const description = (await answer.json()) as Record<string, unknown>
      await request.dispose()
      await use(answerChecker(description))
    },
    { scope: 'worker' },
  ],
  checkedAnswers: [
    async ({ context, describedApi, baseURL }, use) => {
      const problems: string[] = []
      const pending = new Set<Promise<void>>()
      context.on('response', (response) => {
        const url = new URL(response.url())
        if (url.origin !== new URL(String(baseURL)).origin || !url.pathname.startsWith('/api/'))
          return
        const request = response.request()
        // Payload reads a POST that says so as a GET (the admin sends long queries that way).
        const override = /^get$/i.test(
          (request.headers()['x-payload-http-method-override'] ??
            request.headers()['x-http-method-override']) ||
            '',
        )
        const method = override ? 'GET' : request.method()
        const media = response.headers()['content-type'] ?? ''
        const read = (async () => {
          // An answer a test made up (route.fulfill) or a cache gave never came from our server.
          if (response.fromServiceWorker() || !(await response.serverAddr())) return
          let body: unknown = {}
          if (media.startsWith('application/json')) {
            try {
              body = await response.json()
            } catch {
              return // the page went away before the body came: nothing to check
            }
          }
          const { problem } = describedApi(method, url.pathname, response.status(), body, media)
          if (problem && !problems.includes(problem)) problems.push(problem)
        })()
        pending.add(read)
        void read.finally(() => pending.delete(read))
      })
      await use()
      await Promise.allSettled([...pending])
      expect(problems, 'answers outside the API description').toEqual([])
    },
    { auto: true },
  ],
})
