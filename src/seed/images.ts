// Cover images and avatars drawn from SVG and rasterised by sharp: nothing is downloaded, and the
// same rng seed gives the same picture.
import sharp from 'sharp'

import { PALETTES, type SeedNeighbourhood } from './neighbourhoods'
import type { Rng } from './random'

export const IMAGE_WIDTH = 1200
export const IMAGE_HEIGHT = 675
export const AVATAR_SIZE = 256

const FONT = "'DejaVu Sans', sans-serif"

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;')
}

type Body = { x: number; w: number; top: number }

/** A row of buildings whose tops sit between minH and maxH above baseY. */
function skyline(rng: Rng, baseY: number, minH: number, maxH: number, pitched: boolean) {
  const shapes: string[] = []
  const bodies: Body[] = []
  let x = -20
  while (x < IMAGE_WIDTH + 20) {
    const w = rng.int(50, 130)
    const h = rng.int(minH, maxH)
    const top = baseY - h
    bodies.push({ x, w, top })
    if (pitched && rng.chance(0.6)) {
      // Terraced house: body, pitched roof and a chimney.
      const roof = rng.int(18, 40)
      shapes.push(
        `<polygon points="${x},${top} ${x + w / 2},${top - roof} ${x + w},${top} ${x + w},${baseY} ${x},${baseY}"/>`,
      )
      if (rng.chance(0.7)) {
        shapes.push(`<rect x="${x + w * 0.7}" y="${top - roof}" width="9" height="${roof}"/>`)
      }
    } else if (rng.chance(0.15)) {
      // Occasional tower with a spire, a nod to church steeples and the City's high-rises.
      const spire = rng.int(30, 80)
      const tw = Math.min(w, 60)
      shapes.push(`<rect x="${x}" y="${top - 40}" width="${tw}" height="${h + 40}"/>`)
      shapes.push(
        `<polygon points="${x},${top - 40} ${x + tw / 2},${top - 40 - spire} ${x + tw},${top - 40}"/>`,
      )
    } else {
      shapes.push(`<rect x="${x}" y="${top}" width="${w}" height="${h}"/>`)
    }
    x += w + rng.int(-6, 10)
  }
  return { svg: shapes.join(''), bodies }
}

/** A few lit windows inside each building, so none float in the sky. */
function windows(rng: Rng, bodies: Body[], baseY: number, colour: string): string {
  const out: string[] = []
  for (const b of bodies) {
    if (baseY - b.top < 50) continue
    for (let i = rng.int(0, 3); i > 0; i--) {
      const x = rng.int(b.x + 6, b.x + b.w - 16)
      const y = rng.int(b.top + 10, baseY - 30)
      out.push(`<rect x="${x}" y="${y}" width="10" height="14" rx="1"/>`)
    }
  }
  return `<g fill="${colour}" opacity="0.55">${out.join('')}</g>`
}

export function neighbourhoodSvg(n: SeedNeighbourhood, rng: Rng): string {
  const p = PALETTES[n.palette]
  const W = IMAGE_WIDTH
  const H = IMAGE_HEIGHT
  const sunX = rng.int(180, W - 180)
  const sunY = rng.int(120, 260)
  const sunR = rng.int(70, 120)
  const blobs = Array.from({ length: rng.int(3, 5) }, () => {
    const fill = rng.pick([p.accent, '#ffffff'])
    const [cx, cy, rx, ry] = [rng.int(0, W), rng.int(40, 380), rng.int(120, 280), rng.int(40, 110)]
    const opacity = rng.float(0.12, 0.3).toFixed(2)
    return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}" opacity="${opacity}"/>`
  }).join('')
  const far = skyline(rng, 560, 140, 300, false)
  const near = skyline(rng, 640, 70, 170, true)
  // Long names get a smaller font so they still fit on one line.
  const fontSize = Math.min(104, Math.floor(1900 / Math.max(n.name.length, 1)))
  const name = escapeXml(n.name)
  const vibes = escapeXml(n.vibes.join('  ·  '))

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/>
    </linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.6"/>
    </linearGradient>
    <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="28"/></filter>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <g filter="url(#soft)">${blobs}<circle cx="${sunX}" cy="${sunY}" r="${sunR * 1.8}" fill="${p.accent}" opacity="0.35"/></g>
  <circle cx="${sunX}" cy="${sunY}" r="${sunR}" fill="${p.accent}" opacity="0.9"/>
  <g fill="${p.ink}" opacity="0.35">${far.svg}</g>
  <g fill="${p.ink}" opacity="0.9">${near.svg}</g>
  ${windows(rng, near.bodies, 640, p.accent)}
  <rect y="630" width="${W}" height="${H - 630}" fill="${p.ink}"/>
  <rect y="360" width="${W}" height="${H - 360}" fill="url(#shade)"/>
  <g font-family="${FONT}" font-weight="bold">
    <text x="64" y="${H - 96}" font-size="${fontSize}" fill="#000" opacity="0.35" dx="3" dy="4">${name}</text>
    <text x="64" y="${H - 96}" font-size="${fontSize}" fill="#fff">${name}</text>
    <text x="68" y="${H - 44}" font-size="30" fill="#fff" opacity="0.9">${vibes}</text>
  </g>
</svg>`
}

/** 1200×675 JPEG cover for a neighbourhood. */
export async function makeNeighbourhoodImage(n: SeedNeighbourhood, rng: Rng): Promise<Buffer> {
  return sharp(Buffer.from(neighbourhoodSvg(n, rng)))
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer()
}

const AVATAR_COLOURS = [
  '#e76f51',
  '#2a9d8f',
  '#264653',
  '#e9c46a',
  '#8e44ad',
  '#3d5a80',
  '#d62828',
  '#588157',
  '#c8553d',
  '#1d3557',
  '#ff7f50',
  '#6a4c93',
]

/** "Amara Okafor" → "AO", "olly" → "O", "jamie_chen" → "JC". */
export function initials(text: string): string {
  const words = text
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean)
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words
  return letters.map((w) => w?.[0]?.toUpperCase() ?? '').join('') || '?'
}

/** 256×256 PNG: a coloured circle with initials, transparent corners. Pass a full name for two letters. */
export async function makeAvatar(userName: string, rng: Rng): Promise<Buffer> {
  const S = AVATAR_SIZE
  const colour = rng.pick(AVATAR_COLOURS)
  const label = escapeXml(initials(userName))
  const size = label.length > 1 ? 104 : 128
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}">
  <circle cx="${S / 2}" cy="${S / 2}" r="${S / 2}" fill="${colour}"/>
  <text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="${size}" fill="#fff">${label}</text>
</svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}
