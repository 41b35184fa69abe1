import type { TaskHandler } from 'payload'

export const weeklyDigest: TaskHandler<any> = async () => ({ output: {} })
