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
