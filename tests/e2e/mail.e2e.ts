import fs from 'node:fs'

import { expect, request as playwrightRequest } from '@playwright/test'

import { test } from './answers'
import { simpleParser } from 'mailparser'

import { expectNoAxeViolations } from './axe'
import { freshUser, lastMailTo, openPerson, rawMailTo, shoot } from './helpers'

/** A member hears of a comment by mail, reads the mail on a phone, and stops that kind of mail. */
test('a comment on your discussion arrives by mail; its unsubscribe page turns it off and back on', async ({
  page,
  browser,
}) => {
  const author = await freshUser(page.request, 'mailer')
  const confirmation = await lastMailTo(author.email, (m) => m.includes('confirm-email'))
  const confirm = /(http:\/\/[^\s"<]+\/api\/users\/confirm-email\?token=[\w.%-]+)/.exec(
    confirmation,
  )
  await page.goto(confirm![1]!)
  const created = await page.request.post('/api/discussions/new', {
    data: { title: 'Where can we swim?', content: 'Any lidos nearby?' },
  })
  expect(created.status()).toBe(201)
  const { doc } = (await created.json()) as { doc: { id: number } }

  const neighbour = await openPerson(browser, 'swimmer')
  const said = await neighbour.page.request.post('/api/comments/new', {
    data: {
      targetKind: 'discussion',
      targetId: doc.id,
      content: 'London Fields lido is heated all year.',
    },
  })
  expect(said.status()).toBe(201)
  await neighbour.page.context().close()

  const raw = await rawMailTo(author.email, (m) => m.includes('commented on your discussion'))
  const mail = await simpleParser(raw)
  expect(mail.subject).toBe(`${neighbour.userName} commented on your discussion`)
  expect(mail.text).toContain('London Fields lido is heated all year.')
  const html = String(mail.html)
  expect(html).toContain(`/discussions/${doc.id}#comment-`)

  // The mail as a phone shows it.
  fs.mkdirSync('.tmp/shots', { recursive: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.setContent(html)
  await expect(page.getByText('London Fields lido is heated all year.')).toBeVisible()
  await page.screenshot({ path: '.tmp/shots/mail-comment-390.png', fullPage: true })
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(scrollWidth).toBeLessThanOrEqual(390)

  const unsubscribe = await page
    .getByRole('link', { name: 'Unsubscribe from these e-mails' })
    .getAttribute('href')
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(unsubscribe!)
  await expect(page.getByText('Comments on my posts: you get these by e-mail.')).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Unsubscribe from these e-mails' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'E-mails turned off: Comments on my posts. You will still see these in the bell.',
  )
  await expectNoAxeViolations(page)
  await shoot(page, 'unsubscribe-done', { restoreHeight: 800 })
  await page.getByRole('button', { name: 'Turn these e-mails back on' }).click()
  await expect(page.getByRole('status')).toHaveText('E-mails turned back on: Comments on my posts.')

  // RFC 8058 one-click, as mail providers send it from the List-Unsubscribe-Post header: a POST
  // from their own server (no session, no Origin), urlencoded or multipart. Each turns the kind
  // off; the page shows it off, and turning it back on readies the other encoding.
  const oneClick = /^List-Unsubscribe:\s*<(http[^>]+)>/m.exec(raw)![1]!
  const providers = await playwrightRequest.newContext()
  for (const body of [
    { form: { 'List-Unsubscribe': 'One-Click' } },
    { multipart: { 'List-Unsubscribe': 'One-Click' } },
  ]) {
    const answer = await providers.post(oneClick, body)
    expect(answer.status(), await answer.text()).toBe(200)
    expect(((await answer.json()) as { message: string }).message).toBe(
      'E-mails turned off: Comments on my posts.',
    )
    await page.goto(unsubscribe!)
    await expect(page.getByText('Comments on my posts: no e-mails.')).toBeVisible()
    await page.getByRole('button', { name: 'Turn these e-mails back on' }).click()
    await expect(page.getByRole('status')).toHaveText(
      'E-mails turned back on: Comments on my posts.',
    )
  }
  // From a webmail page on another origin too; a forged token is refused and changes nothing.
  const forgedClick = oneClick.replace(/t=([^&]+)/, (_, t: string) => `t=${t.slice(0, -2)}xx`)
  const refused = await providers.post(forgedClick, {
    form: { 'List-Unsubscribe': 'One-Click' },
    headers: { origin: 'https://mail.example' },
  })
  expect(refused.status()).toBe(400)
  await providers.dispose()
  await page.goto(unsubscribe!)
  await expect(page.getByText('Comments on my posts: you get these by e-mail.')).toBeVisible()

  const forged = await page.goto('/unsubscribe?t=1.comments.99999.forged')
  expect(forged?.status()).toBe(400)
  await expect(page.getByRole('alert')).toHaveText(
    'This unsubscribe link is not valid. Change your e-mails in Profile → Settings.',
  )
})
