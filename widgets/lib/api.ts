/** Calls to our own REST API from islands: JSON in, JSON out, the server's message on failure. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

interface PayloadErrorBody {
  errors?: { message?: string; data?: { errors?: { message?: string }[] } }[]
  message?: string
}

/** The most specific message in a Payload error answer (field errors first). */
export function errorMessage(body: unknown, fallback: string): string {
  const b = (body ?? {}) as PayloadErrorBody
  const first = b.errors?.[0]
  return first?.data?.errors?.[0]?.message ?? first?.message ?? b.message ?? fallback
}

export async function api<T = unknown>(
  path: string,
  init: Omit<RequestInit, 'body'> & { json?: unknown; body?: BodyInit } = {},
): Promise<T> {
  const { json, headers, ...rest } = init
  const res = await fetch(path, {
    credentials: 'same-origin',
    ...rest,
    headers: json === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: json === undefined ? rest.body : JSON.stringify(json),
  })
  const text = await res.text()
  let body: unknown = undefined
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    body = undefined
  }
  if (!res.ok) throw new ApiError(errorMessage(body, `Request failed (${res.status})`), res.status)
  return body as T
}
