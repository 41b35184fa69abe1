interface PayloadErrorBody {
  errors?: { message?: string; data?: { errors?: { message?: string; path?: string }[] } }[]
  message?: string
}

/** The most specific message in a Payload error answer (field errors first). */
export function errorMessage(body: unknown, fallback: string): string {
  const b = (body ?? {}) as PayloadErrorBody
  const first = b.errors?.[0]
  return first?.data?.errors?.[0]?.message ?? first?.message ?? b.message ?? fallback
}

/** The field a Payload error answer names (its first field error's path), if any. */
export function errorField(body: unknown): string | undefined {
  const path = (body as PayloadErrorBody | null)?.errors?.[0]?.data?.errors?.[0]?.path
  return typeof path === 'string' && path ? path : undefined
}
