import { expect, test } from '@playwright/test'

test('an admin signs in to /admin on the same origin and sees the collections', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await page.goto('/admin/login')
  await page.getByLabel('Email').fill('amara@belong.local')
  await page.getByLabel('Password').fill('belong-demo')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/admin\/?$/)
  await expect(page.getByRole('link', { name: /Neighbourhoods/ }).first()).toBeVisible()
  // The same session cookie works for the public site's /api calls.
  const me = await page.request.get('/api/users/me')
  expect(((await me.json()) as { user: { userName: string } }).user.userName).toBe('amara')
})

test('a member cannot use the admin', async ({ page }) => {
  await page.request.post('/api/users/login', {
    data: { email: 'olly@belong.local', password: 'belong-demo' },
  })
  await page.goto('/admin')
  await expect(page.getByText(/not allowed|unauthorized/i).first()).toBeVisible()
})

test("an editor's admin: Belong's name, the groups, today's figures, no technical rows", async ({
  page,
}) => {
  test.setTimeout(90_000)
  await page.goto('/admin/login')
  await expect(page.getByText('Belong', { exact: true }).first()).toBeVisible()
  await expect(page).toHaveTitle(/Belong admin/)
  await page.getByLabel('Email').fill('tom@belong.local')
  await page.getByLabel('Password').fill('belong-demo')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/admin\/?$/)
  const today = page.getByRole('region', { name: 'Today on Belong' })
  await expect(today.getByRole('heading', { name: 'Open reports' })).toBeVisible()
  await expect(today.getByRole('link', { name: /^Reviews: \d+$/ })).toBeVisible()
  await expect(page.locator('.app-header__account .belong-avatar')).toHaveAttribute(
    'data-initials',
    'TH',
  )
  for (const group of ['Moderation', 'Community', 'Places', 'People', 'Site'])
    await expect(page.getByRole('heading', { name: group }).first()).toBeVisible()
  // Reactions, RSVPs and poll votes are written by their endpoints: not in an editor's way.
  await expect(page.getByRole('link', { name: 'Reactions', exact: true })).toHaveCount(0)
  await page.screenshot({ path: '.tmp/shots/admin-dashboard-1280.png', fullPage: true })
  // A list an editor can judge from: the text itself, and whether it is hidden.
  await page.goto('/admin/collections/reviews')
  for (const column of ['Comment', 'Rating', 'Neighbourhood', 'Hidden'])
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible()
  await page.screenshot({ path: '.tmp/shots/admin-reviews-1280.png' })
})
