import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/** Fails with a readable list when axe-core finds any WCAG 2.1 A/AA violation on the page. */
export async function expectNoAxeViolations(page: Page, exclude: string[] = []) {
  // Contrast is judged on what is drawn: let finite animations end first (a toast fading in was
  // once measured half transparent); endless ones (spinners) are left running.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  )
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  for (const selector of exclude) builder = builder.exclude(selector)
  const { violations } = await builder.analyze()
  const found = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  )
  expect(found, `axe violations on ${page.url()}`).toEqual([])
}
