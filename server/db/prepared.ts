/**
 * Prepared statements per database handle (the database or a transaction): a hot query's SQL is
 * built once instead of on every call (drizzle's query building was most of the JavaScript time
 * of a small request), and on PostgreSQL it is parsed once per connection.
 */
const prepared = new WeakMap<object, Map<string, unknown>>();

export function preparedFor<D extends object, P>(db: D, name: string, prepare: (db: D) => P): P {
  let statements = prepared.get(db);
  if (!statements) {
    statements = new Map();
    prepared.set(db, statements);
  }
  let statement = statements.get(name) as P | undefined;
  if (statement === undefined) {
    statement = prepare(db);
    statements.set(name, statement);
  }
  return statement;
}
