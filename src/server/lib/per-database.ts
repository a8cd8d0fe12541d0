/**
 * In-process state that belongs to one database handle (each app, and each test's database, has its
 * own): `perDatabase(make)` returns a getter that makes the state on first use and keeps it with the handle.
 */
export function perDatabase<T, D extends object = object>(make: (db: D) => T): (db: D) => T {
  const states = new WeakMap<D, T>();
  return (db) => {
    let state = states.get(db);
    if (state === undefined) {
      state = make(db);
      states.set(db, state);
    }
    return state;
  };
}
