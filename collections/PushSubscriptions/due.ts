import {
  KIND_OF_TYPE,
  NOTIFICATION_KINDS,
  deliveryOfSql,
  type NotificationKind,
} from '@/rules/notificationPrefs'

// Built from the one kinds list, so every kind (and every type mapped to one) gets pushes.
const typeKinds = Object.entries(KIND_OF_TYPE)
  .filter((pair): pair is [string, NotificationKind] => Boolean(pair[1]))
  .map(([type, kind]) => `('${type}', '${kind}')`)
  .join(', ')
const kindOn = NOTIFICATION_KINDS.map(
  (kind) => `WHEN '${kind}' THEN ${deliveryOfSql(kind, 'u')}`,
).join(' ')

/**
 * The joins that make a notification (n) due to a device (p): its type has a kind (k.kind), the
 * member (u) has not switched that kind off, their address is confirmed (as for mail), and the
 * device gets that kind. Used when pushes are queued and again when each is sent.
 */
export const PUSH_DUE_JOINS = `
  JOIN users u ON u.id = n.user_id AND u.email_confirmed_at IS NOT NULL
  JOIN (VALUES ${typeKinds}) AS k(type, kind) ON k.type = n.type::text
   AND (CASE k.kind ${kindOn} END) <> 'off'
  JOIN push_subscriptions p ON p.user_id = n.user_id AND p.kinds ? k.kind`
