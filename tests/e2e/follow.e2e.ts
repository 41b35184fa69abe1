import { expect } from '@playwright/test'

import { test } from './answers'

import { FOLLOW_TEXT } from '@/rules/follow'

import { expectNoAxeViolations } from './axe'
import { freshUser, neighbourhoodBySlug } from './helpers'

/**
 * Following a neighbourhood: the button and its live count, the profile's 'Following' list,
 * the way back, and the same without JavaScript.
 */
const SLUG = 'camden-town'
const PAGE = `/neighbourhood/${SLUG}`

test('a member follows a neighbourhood: the count changes live for a reader, the profile lists it, a second press stops following', async ({
  browser,
  page,
}) => {
  // A reader has the page open, signed out: pressing Follow asks them to sign in.
  const readerContext = await browser.newContext()
  const reader = await readerContext.newPage()
  await reader.goto(PAGE)
  const readerCount = reader.locator('.follow-count')
  await expect(readerCount).toHaveText(/^\d+ followers?$/)
  const before = Number((await readerCount.textContent())!.split(' ')[0])
  await reader.getByRole('button', { name: /^Follow Camden Town$/ }).click()
  await expect(reader.getByText(FOLLOW_TEXT.loginToFollow)).toBeVisible()

  await freshUser(page.request, 'follower')
  await page.goto(PAGE)
  const follow = page.getByRole('button', { name: /^Follow Camden Town$/ })
  await expect(page.locator('.follow-count')).toHaveText(/^\d+ followers?$/)
  await follow.click()
  const following = page.getByRole('button', { name: /^Following Camden Town$/ })
  await expect(following).toHaveAttribute('aria-pressed', 'true')
  const after = `${before + 1} ${before + 1 === 1 ? 'follower' : 'followers'}`
  await expect(page.locator('.follow-count')).toHaveText(after)
  await expect(readerCount).toHaveText(after)
  await expectNoAxeViolations(page)
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await page.screenshot({ path: `.tmp/shots/follow-${width}.png` })
  }

  await page.goto('/profile')
  const list = page.getByRole('region', { name: FOLLOW_TEXT.followingTitle })
  await expect(list.getByRole('link', { name: 'Camden Town' })).toHaveAttribute('href', PAGE)

  await page.goto(PAGE)
  await page.getByRole('button', { name: /^Following Camden Town$/ }).click()
  await expect(page.getByRole('button', { name: /^Follow Camden Town$/ })).toHaveAttribute(
    'aria-pressed',
    'false',
  )
  await expect(readerCount).toHaveText(`${before} ${before === 1 ? 'follower' : 'followers'}`)
  await page.goto('/profile')
  await expect(
    page.getByRole('region', { name: FOLLOW_TEXT.followingTitle }).getByText(FOLLOW_TEXT.noneYet),
  ).toBeVisible()
  await readerContext.close()
})

test('without JavaScript, Follow is a form that posts and comes back', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await freshUser(page.request, 'nojsfollower')
  const { id } = await neighbourhoodBySlug(page.request, SLUG)
  await page.goto(PAGE)
  await page.getByRole('button', { name: /^Follow Camden Town$/ }).click()
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`))
  const state = await page.request.get(`/api/follows/state?neighbourhood=${id}`)
  expect(((await state.json()) as { following: boolean }).following).toBe(true)
  await context.close()
})
