import { describe, expect, it } from 'vitest'

import { deviceName, isPushEndpointAllowed, pushBody, pushWords } from '@/rules/push'
import { pushDeviceSchema } from '@/schemas/push'

describe('which push endpoints the server sends to', () => {
  it('https at a browser vendor’s push service, or an origin the operator allowed', () => {
    const allowed = ['http://127.0.0.1:7001']
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'http://127.0.0.1:7001/push/device',
    ])
      expect(isPushEndpointAllowed(ok, allowed), ok).toBe(true)
    for (const refused of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://fcm.googleapis.com:8443/x',
      'https://user:pw@fcm.googleapis.com/x',
      'https://localhost/push',
      'http://127.0.0.1:7002/push/device',
      'file:///etc/passwd',
      'not a url',
    ])
      expect(isPushEndpointAllowed(refused, allowed), refused).toBe(false)
  })
})

describe('push words', () => {
  it('names the browser and system; trims a long body to a lock screen’s length', () => {
    expect(
      deviceName(
        'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome on Android')
    expect(deviceName(undefined)).toBe('A browser on a device')
    const body = pushBody(`${'word '.repeat(60)}`)
    expect(body.length).toBeLessThanOrEqual(140)
    expect(body.endsWith('…')).toBe(true)
  })

  it('says what the bell says: its sentence over what was written, or the sentence itself', () => {
    expect(pushWords('bob commented on your discussion.', 'Try the corner shop.')).toEqual({
      title: 'bob commented on your discussion',
      body: 'Try the corner shop.',
    })
    expect(pushWords('amara mentioned you in a story.', null)).toEqual({
      title: 'Belong',
      body: 'amara mentioned you in a story.',
    })
  })

  it('a subscription needs an endpoint and keys of the right length, and known kinds', () => {
    const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) }
    const endpoint = 'https://fcm.googleapis.com/fcm/send/x'
    expect(
      pushDeviceSchema.safeParse({ subscription: { endpoint, keys }, kinds: ['comments'] }).success,
    ).toBe(true)
    for (const bad of [
      { subscription: { endpoint, keys: { ...keys, auth: 'A'.repeat(21) } }, kinds: [] },
      { subscription: { endpoint, keys: { ...keys, p256dh: 'B+/'.repeat(29) } }, kinds: [] },
      { subscription: { endpoint: 'x'.repeat(2000), keys }, kinds: [] },
      { subscription: { endpoint, keys }, kinds: ['digest'] },
    ])
      expect(pushDeviceSchema.safeParse(bad).success).toBe(false)
  })
})
