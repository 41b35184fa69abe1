import path from 'node:path'

import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'

import { REVIEW_BADGES } from '@/rules/badges'
import { VIBE_EMOJIS } from '@/rules/localSpots'
import { EMOJI } from '@/rules/targets'
import { EMOJI_SVG, emojiSvg } from '@/views/emoji'
import { EMOJI_FILES, emojiImage } from '@/views/emojiFiles'
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

describe('the emoji drawings (src/views/emoji.ts, src/views/emojiFiles.ts)', () => {
  it.each(drawn.filter(([name]) => !name.startsWith('vibe ')))(
    '%s (%s) has its Twemoji SVG for pages',
    (_name, char) => {
      const svg = emojiSvg(char)
      expect(svg, `no drawing for ${char}: run npm run emoji`).toBeDefined()
      expect(svg!.viewBox).toBe('0 0 36 36')
      expect(svg!.body).toMatch(/^<(path|g|circle|ellipse|rect|polygon)\b/)
    },
  )

  it.each(drawn)('%s (%s) has its Twemoji image file for islands', async (_name, char) => {
    const image = emojiImage(char)
    expect(image, `no image for ${char}: run npm run emoji`).toMatch(/^\/emoji\/[0-9a-f-]+\.png$/)
    const { width, height, format, channels } = await sharp(path.join('public', image!)).metadata()
    expect({ width, height, format, channels }).toEqual({
      width: 72,
      height: 72,
      format: 'png',
      channels: 4,
    })
  })

  it('holds only the emoji the rules use', () => {
    const used = new Set(drawn.map(([, char]) => char.replace(/\uFE0F/g, '')))
    for (const map of [EMOJI_SVG, EMOJI_FILES]) {
      const kept = Object.keys(map).map((char) => char.replace(/\uFE0F/g, ''))
      expect(kept.filter((char) => !used.has(char))).toEqual([])
      expect(new Set(kept).size).toBe(kept.length)
    }
  })

  it('has no ids, links or scripts (a drawing may be on a page many times)', () => {
    for (const { body } of Object.values(EMOJI_SVG)) {
      expect(body).not.toMatch(/\bid=|<script|\bon[a-z]+=|href=/i)
    }
  })

  it('finds an emoji with or without the variation selector', () => {
    expect(emojiSvg('❤')).toBe(emojiSvg('❤️'))
    expect(emojiImage('🛍')).toBe(emojiImage('🛍️'))
    expect(emojiSvg('⭐ star')).toBeUndefined()
    expect(emojiImage('⭐')).toBeUndefined()
  })
})

describe('<Emoji> (widgets/lib/Emoji.tsx)', () => {
  const render = (props: Parameters<typeof Emoji>[0]) =>
    renderToStaticMarkup(createElement(Emoji, props))

  it('is a decorative image when a label beside it names it', () => {
    expect(render({ char: '🔥' })).toBe(
      '<img class="emoji" src="/emoji/1f525.png" alt="" style="width:1.1em;height:1.1em" loading="lazy" decoding="async" aria-hidden="true"/>',
    )
  })

  it('is an image named by its label when it alone carries the meaning', () => {
    const html = render({ char: '🥇', label: 'Gold medal, 1st place', size: 24 })
    expect(html).toContain('alt="Gold medal, 1st place"')
    expect(html).toContain('style="width:24px;height:24px"')
    expect(html).not.toContain('aria-hidden')
  })

  it('stays text for an emoji it has no drawing of (a badge icon typed in the admin)', () => {
    expect(render({ char: '⭐' })).toBe(
      '<span class="emoji emoji-text" aria-hidden="true">⭐</span>',
    )
  })
})
