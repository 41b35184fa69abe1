import type { Endpoint } from 'payload'

import { refuse } from '@/server/http/requests'
import { channels, publicRealtimeConfig, pusherServer } from './realtime'

/** Which private channels a signed-in user may join: only their own. */
export function mayJoin(userId: string | number | undefined, channel: string): boolean {
  return userId !== undefined && channel === channels.userPrivate(userId)
}

async function readForm(req: Parameters<Endpoint['handler']>[0]): Promise<URLSearchParams> {
  const text = req.text ? await req.text() : ''
  if (text.trim().startsWith('{')) {
    const json = JSON.parse(text) as Record<string, string>
    return new URLSearchParams(json)
  }
  return new URLSearchParams(text)
}

export const realtimeEndpoints: Endpoint[] = [
  {
    path: '/realtime/config',
    method: 'get',
    handler: () => Response.json(publicRealtimeConfig()),
  },
  {
    // pusher-js posts socket_id and channel_name here (channelAuthorization endpoint).
    path: '/realtime/auth',
    method: 'post',
    handler: async (req) => {
      if (!req.user) return refuse(401, 'Sign in to join this channel.')
      let form: URLSearchParams
      try {
        form = await readForm(req)
      } catch {
        return refuse(400, 'Malformed request.')
      }
      const socketId = form.get('socket_id') ?? ''
      const channel = form.get('channel_name') ?? ''
      if (!/^\d+\.\d+$/.test(socketId) || !channel) {
        return refuse(400, 'socket_id and channel_name are required.')
      }
      if (!mayJoin(req.user.id, channel)) {
        return refuse(403, 'Not allowed on this channel.')
      }
      return Response.json(pusherServer().authorizeChannel(socketId, channel))
    },
  },
]
