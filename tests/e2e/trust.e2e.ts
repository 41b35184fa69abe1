import { expect, type Browser, type Page } from '@playwright/test'

import { test } from './answers'

import { FORM_TOKEN_FIELD, SIGN_UP_MESSAGES } from '@/rules/signUp'
import { STAFF_CHANGES_TEXT } from '@/rules/staffAudit'
import { expectNoAxeViolations } from './axe'
import {
  FRESH_PASSWORD,
  WAITING_ISLANDS,
  freshUser,
  shoot,
  signInToAdmin,
  signUpFormReady,
} from './helpers'

/**
 * Accounts one can trust: the sign-up's messages for a form sent too fast and a throwaway
 * address, with JavaScript and without; the admins' staff audit in the admin, and a member's own
 * view of what staff changed about their account.
 */
const RUN = Date.now().toString(36)

/**
 * Puts a form issued this instant into the page's sign-up form, as a robot that posts at once
 * would send it (a person's form is seconds old by the time they press Sign Up).
 */
async function sendAtOnce(page: Page) {
  const answer = await page.request.get('/api/users/sign-up-form')
  const fresh = ((await answer.json()) as Record<string, string>)[FORM_TOKEN_FIELD]!
  await page
    .locator(`input[name="${FORM_TOKEN_FIELD}"]`)
    .evaluate((input, value) => ((input as HTMLInputElement).value = value), fresh)
  await page.getByRole('button', { name: 'Sign Up' }).click()
}

async function fillSignUp(page: Page, userName: string, email: string) {
  await page.getByLabel('Username').fill(userName)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(FRESH_PASSWORD)
}

for (const mode of ['script', 'no-script'] as const) {
  test(`sign-up (${mode}): too fast and a throwaway address are refused with what was typed kept`, async ({
    browser,
  }: {
    browser: Browser
  }) => {
    test.setTimeout(90_000)
    const context = await browser.newContext({ javaScriptEnabled: mode === 'script' })
    const page = await context.newPage()
    const userName = `trust${mode === 'script' ? 'a' : 'b'}${RUN}`
    await page.goto('/register')
    if (mode === 'script') await expect(page.locator(WAITING_ISLANDS)).toHaveCount(0)
    // The field for robots is neither seen nor read out, nor reached with Tab.
    const honeypot = page.locator('input[name="website"]')
    await expect(honeypot).not.toBeInViewport()
    await expect(honeypot).toHaveAttribute('tabindex', '-1')
    await expect(page.getByRole('textbox', { name: SIGN_UP_MESSAGES.honeypotLabel })).toHaveCount(0)

    await fillSignUp(page, userName, `${userName}@e2e.test`)
    await sendAtOnce(page)
    await expect(page.getByRole('alert')).toHaveText(SIGN_UP_MESSAGES.tooFast)
    await expect(page.getByLabel('Username')).toHaveValue(userName)
    await expect(page.getByLabel('E-mail')).toHaveValue(`${userName}@e2e.test`)
    if (mode === 'script') {
      await expect(page.getByLabel('Password', { exact: true })).toHaveValue(FRESH_PASSWORD)
      await expectNoAxeViolations(page)
    }
    await shoot(page, `sign-up-too-fast-${mode}`, { restoreHeight: 800 })

    // A throwaway address: refused beside the e-mail, with the domain named.
    await page.getByLabel('E-mail').fill(`${userName}@mailinator.com`)
    await page.getByLabel('Password', { exact: true }).fill(FRESH_PASSWORD)
    await signUpFormReady(page)
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await expect(page.getByRole('alert')).toHaveText(SIGN_UP_MESSAGES.disposable('mailinator.com'))
    await expect(page.getByLabel('Username')).toHaveValue(userName)
    await shoot(page, `sign-up-throwaway-${mode}`, { restoreHeight: 800 })

    // An address the person keeps: the account is made.
    await page.getByLabel('E-mail').fill(`${userName}@e2e.test`)
    await page.getByLabel('Password', { exact: true }).fill(FRESH_PASSWORD)
    await signUpFormReady(page)
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await expect(page).toHaveURL(/\/login\?registered=1$/)
    await context.close()
  })
}

test("the staff audit: an admin's list of who changed what; the member sees it in Settings", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000)
  // A member whom the demo admin makes an editor, then a member again.
  const memberContext = await browser.newContext()
  const member = await freshUser(memberContext.request, 'audited')
  await signInToAdmin(page, 'amara')
  for (const role of ['editor', 'member']) {
    const changed = await page.request.patch(`/api/users/${member.id}`, { data: { role } })
    expect(changed.status(), await changed.text()).toBe(200)
  }
  await page.goto('/admin/collections/staff-audit')
  for (const column of ['Created At', 'Action', 'Staff member', 'Target', 'Change'])
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible()
  const row = page.locator('table tbody tr').filter({ hasText: member.userName }).first()
  await expect(row).toContainText('Role changed')
  await expect(row).toContainText('amara')
  await expect(row).toContainText('role: editor → member')
  // Nothing to create here, and a row opens read-only, with nothing to delete.
  await expect(page.getByRole('link', { name: /Create New/i })).toHaveCount(0)
  await shoot(page, 'admin-staff-audit', { restoreHeight: 800 })
  await row.locator('td a').first().click()
  await expect(page).toHaveURL(/\/admin\/collections\/staff-audit\/\d+/)
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /Delete/ })).toHaveCount(0)

  // The member's Settings say what staff changed, not who.
  const own = await memberContext.newPage()
  await own.goto('/profile/settings')
  const section = own.getByRole('region', { name: STAFF_CHANGES_TEXT.title })
  await expect(section).toContainText('by an admin: Your role changed from editor to member.')
  await expect(section).toContainText('by an admin: Your role changed from member to editor.')
  await expect(section).not.toContainText('amara')
  await own.getByRole('heading', { name: STAFF_CHANGES_TEXT.title }).scrollIntoViewIfNeeded()
  await shoot(own, 'settings-staff-changes', { restoreHeight: 800 })
  await memberContext.close()
})
