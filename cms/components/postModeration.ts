/** The answer of a moderation endpoint: its message, or why it refused. */
type ModerationAnswer<T> = T & { errors?: { message: string }[] }

/**
 * POSTs an editor's action to a moderation endpoint (/api/reports/…) with the admin's session;
 * the body is {} when the answer has no JSON.
 */
export async function postModeration<T extends object>(
  path: string,
  data: unknown,
): Promise<{ ok: boolean; body: ModerationAnswer<T> }> {
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(data),
  })
  const body = (await res.json().catch(() => ({}))) as ModerationAnswer<T>
  return { ok: res.ok, body }
}
