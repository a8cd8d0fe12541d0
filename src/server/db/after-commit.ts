import type { Db, Tx } from './client.ts';

type Open = { root: Db; effects: ((root: Db) => void)[] };
const open = new WeakMap<object, Open>();

/**
 * Runs work in a transaction whose in-process effects (dropping cached reads) wait for the commit:
 * services called with its tx use afterCommit instead of acting at once on a state not yet visible.
 */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const state: Open = { root: db, effects: [] };
  const result = await db.transaction(async (tx) => {
    open.set(tx, state);
    return work(tx);
  });
  for (const effect of state.effects) effect(state.root);
  return result;
}

/** The database behind a transaction opened by inTransaction (or the database itself): the owner of in-process state. */
export const rootOf = (dbOrTx: Db | Tx): Db => open.get(dbOrTx)?.root ?? dbOrTx;

/** Runs effect once the transaction dbOrTx belongs to has committed, or now when it is the database itself. */
export function afterCommit(dbOrTx: Db | Tx, effect: (root: Db) => void) {
  const state = open.get(dbOrTx);
  if (state) state.effects.push(effect);
  else effect(dbOrTx);
}
