import { expect, type Page } from '@playwright/test'

import { test } from './answers'

import { expectNoAxeViolations } from './axe'
import { hydrated, openPerson, type Person } from './helpers'

/**
 * @mentions in Chromium: typing '@' and a few letters in a comment box offers the member; the
 * keyboard alone picks them (↓/↑, Enter; Escape closes the list and keeps the box); the posted
 * comment links to their profile; the member's bell tells them. Screenshots at 390 and 1280 px.
 */
test.describe.configure({ mode: 'serial' })

let amara: Person
let priya: Person
let discussion: number

test.beforeAll(async ({ browser }) => {
  amara = await openPerson(browser, 'amara')
  priya = await openPerson(browser, 'priya')
  const res = await amara.page.request.post('/api/discussions/new', {
    data: { title: 'Who has a ladder?', content: 'The gutter is full of leaves again.' },
  })
  expect(res.status(), await res.text()).toBe(201)
  discussion = ((await res.json()) as { doc: { id: number } }).doc.id
})
test.afterAll(async () => {
  await amara?.page.context().close()
  await priya?.page.context().close()
})

/** Both widths, the viewport only (the list sits where the reader types). */
async function shootBoth(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 })
    await page.screenshot({ path: `.tmp/shots/${name}-${width}.png` })
  }
}

test('the comment box offers members as one types @, picked with the keyboard alone', async () => {
  const { page } = amara
  await page.goto(`/discussions/${discussion}`)
  await hydrated(page)
  const box = page.getByRole('textbox', { name: 'Add a comment' })
  await box.click()
  const typed = priya.userName.slice(0, 7)
  await box.pressSequentially(`Thanks @${typed}`)
  const list = page.getByRole('listbox', { name: 'Members to mention' })
  const option = list.getByRole('option', { name: new RegExp(`@${priya.userName}`) })
  await expect(option).toBeVisible()
  await expect(option).toHaveAttribute('aria-selected', 'true')
  await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!)
  await expect(page.getByText(/to mention: up and down to choose/)).toHaveCount(1)
  await expect(box).toBeFocused()
  await expectNoAxeViolations(page)
  await box.scrollIntoViewIfNeeded()
  await shootBoth(page, 'mention-autocomplete')
  await page.setViewportSize({ width: 1280, height: 800 })

  // Escape closes the list and leaves the text as it was; typing on opens it again.
  await box.press('Escape')
  await expect(list).toHaveCount(0)
  await expect(box).toHaveValue(`Thanks @${typed}`)
  await box.press('Backspace')
  await box.pressSequentially(typed.slice(-1))
  await expect(box).toHaveValue(`Thanks @${typed}`)
  await box.press('Space')
  await box.pressSequentially(`and @${typed}`)
  await expect(option).toBeVisible()
  await box.press('ArrowDown')
  await box.press('ArrowUp')
  await expect(option).toHaveAttribute('aria-selected', 'true')
  await box.press('Enter')
  await expect(list).toHaveCount(0)
  await expect(box).toHaveValue(`Thanks @${typed} and @${priya.userName} `)
  await box.pressSequentially('for the ladder!')
  await page.getByRole('button', { name: 'Post comment' }).click()

  const comment = page.getByRole('article', { name: `Comment by ${amara.userName}` })
  const link = comment.getByRole('link', { name: `@${priya.userName}` })
  await expect(link).toHaveAttribute('href', `/profile/${priya.userName}`)
  // What was typed but not picked is no member's name: plain text.
  await expect(comment.getByRole('link', { name: `@${typed}`, exact: true })).toHaveCount(0)

  // After a reload the server-rendered comment links the same.
  await page.reload()
  await expect(
    page
      .getByRole('article', { name: `Comment by ${amara.userName}` })
      .getByRole('link', { name: `@${priya.userName}` }),
  ).toHaveAttribute('href', `/profile/${priya.userName}`)
})

test("the mentioned member's bell tells them, and leads to the comment", async () => {
  const { page } = priya
  await page.goto('/discussions')
  await hydrated(page)
  const bell = page.getByRole('button', { name: /^Notifications/ })
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread')
  await bell.click()
  const panel = page.getByRole('dialog', { name: 'Notifications' })
  const told = panel.getByRole('listitem').first()
  await expect(told).toContainText(`${amara.userName} mentioned you in a comment.`)
  await expectNoAxeViolations(page)
  await shootBoth(page, 'mention-notification')
  await page.setViewportSize({ width: 1280, height: 800 })
  await told.getByRole('link').click()
  await expect(page).toHaveURL(new RegExp(`/discussions/${discussion}#comment-\\d+$`))
})
