import { useSyncExternalStore } from 'react'

const never = () => () => {}

/**
 * False while rendering on the server and while hydrating the server's markup, true otherwise:
 * a component that mounts after its island hydrated (a comment loaded later) starts at true and
 * renders once, not twice.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}
