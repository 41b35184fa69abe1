import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import { REVIEW_BADGES } from '@/rules/badges'
import { VIBE_EMOJIS } from '@/rules/localSpots'
import { EMOJI } from '@/rules/targets'
import { EMOJI_SVG, emojiSvg } from '@/views/emoji'
import { VIBE_EMOJI_SVG, vibeSvg } from '@/views/emojiVibes'
import { MEDALS } from '@/views/topReviewer'
import { Emoji } from '@widgets/lib/Emoji'

// Every emoji the product draws, from the rules themselves: a new one there without its drawing
// (npm run emoji) fails here.
const drawn: [string, string][] = [
  ...Object.entries(EMOJI).map(([name, char]): [string, string] => [`reaction ${name}`, char]),
  ...Object.entries(VIBE_EMOJIS).map(([name, char]): [string, string] => [`vibe ${name}`, char]),
  ...REVIEW_BADGES.map((b): [string, string] => [`badge ${b.name}`, b.icon]),
  ...MEDALS.map((m): [string, string] => [m.label, m.icon]),
]

describe('the emoji drawings (src/views/emoji.ts)', () => {
  it.each(drawn)('%s (%s) has its Twemoji SVG', (_name, char) => {
    const svg = _name.startsWith('vibe ') ? vibeSvg(char) : emojiSvg(char)
    expect(svg, `no drawing for ${char}: run npm run emoji`).toBeDefined()
    expect(svg!.viewBox).toBe('0 0 36 36')
    expect(svg!.body).toMatch(/^<(path|g|circle|ellipse|rect|polygon)\b/)
  })

  it('holds only the emoji the rules use (the map is in the client bundle)', () => {
    const used = new Set(drawn.map(([, char]) => char.replace(/\uFE0F/g, '')))
    const kept = Object.keys({ ...EMOJI_SVG, ...VIBE_EMOJI_SVG }).map((char) =>
      char.replace(/\uFE0F/g, ''),
    )
    expect(kept.filter((char) => !used.has(char))).toEqual([])
    expect(new Set(kept).size).toBe(kept.length)
  })

  it('has no ids, links or scripts (a drawing may be on a page many times)', () => {
    for (const { body } of Object.values({ ...EMOJI_SVG, ...VIBE_EMOJI_SVG })) {
      expect(body).not.toMatch(/\bid=|<script|\bon[a-z]+=|href=/i)
    }
  })

  it('finds an emoji with or without the variation selector', () => {
    expect(emojiSvg('❤')).toBe(emojiSvg('❤️'))
    expect(vibeSvg('🛍')).toBe(vibeSvg('🛍️'))
    expect(emojiSvg('⭐ star')).toBeUndefined()
  })
})

describe('<Emoji> (widgets/lib/Emoji.tsx)', () => {
  const render = (props: Parameters<typeof Emoji>[0]) =>
    renderToStaticMarkup(createElement(Emoji, props))

  it('is a decorative SVG when a label beside it names it', () => {
    const html = render({ char: '🔥' })
    expect(html).toMatch(/^<svg class="emoji" width="1.1em" height="1.1em" viewBox="0 0 36 36"/)
    expect(html).toContain('aria-hidden="true"')
    expect(html).not.toContain('role=')
    expect(html).not.toContain('🔥')
  })

  it('is an image named by its label when it alone carries the meaning', () => {
    const html = render({ char: '🥇', label: 'Gold medal, 1st place', size: 24 })
    expect(html).toContain('role="img"')
    expect(html).toContain('aria-label="Gold medal, 1st place"')
    expect(html).toContain('width="24"')
    expect(html).not.toContain('aria-hidden')
  })

  it('stays text for an emoji it has no drawing of (a badge icon typed in the admin)', () => {
    expect(render({ char: '⭐' })).toBe(
      '<span class="emoji emoji-text" aria-hidden="true">⭐</span>',
    )
  })
})
