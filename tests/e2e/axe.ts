import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/** Fails with a readable list when axe-core finds any WCAG 2.1 A/AA violation on the page. */
export async function expectNoAxeViolations(page: Page, exclude: string[] = []) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  // Toasts fade in and out (opacity), so axe, which reads the colours as drawn, judged a passing
  // one too faint; at rest they are react-hot-toast's #363636 on #fff (12.6:1).
  for (const selector of ['.toasts', ...exclude]) builder = builder.exclude(selector)
  const { violations } = await builder.analyze()
  const found = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  )
  expect(found, `axe violations on ${page.url()}`).toEqual([])
}
