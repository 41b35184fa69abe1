import type { Payload, PayloadRequest } from 'payload'

import { perProcess } from '@/server/perProcess'

type Task = () => unknown
type TxId = string | number

// Keyed by transaction id, one per process (a hook may run in another bundle copy of this module).
const { pending, installed } = perProcess('afterCommit', () => ({
  pending: new Map<TxId, Task[]>(),
  installed: new WeakSet<object>(),
}))

function runTasks(tasks: Task[] | undefined) {
  for (const task of tasks ?? []) {
    Promise.resolve()
      .then(task)
      .catch((error: unknown) => console.error('[afterCommit] task failed:', error))
  }
}

/**
 * Payload has no after-commit hook; live pushes and rebuilds must not announce data that a
 * rollback later removes. Wrap the adapter's commit/rollback once, at init.
 */
export function installAfterCommit(payload: Payload): void {
  const db = payload.db
  if (installed.has(db)) return
  installed.add(db)
  const commit = db.commitTransaction.bind(db)
  const rollback = db.rollbackTransaction.bind(db)
  db.commitTransaction = async (id) => {
    const resolved = await id
    await commit(id)
    const tasks = pending.get(resolved as TxId)
    pending.delete(resolved as TxId)
    runTasks(tasks)
  }
  db.rollbackTransaction = async (id) => {
    const resolved = await id
    pending.delete(resolved as TxId)
    await rollback(id)
  }
}

/** Run `task` once the request's transaction commits (at once when there is none). */
export function afterCommit(req: PayloadRequest, task: Task): void {
  const tx = req.transactionID
  if (!tx) {
    runTasks([task])
    return
  }
  void Promise.resolve(tx).then((id) => {
    const list = pending.get(id as TxId) ?? []
    list.push(task)
    pending.set(id as TxId, list)
  })
}
