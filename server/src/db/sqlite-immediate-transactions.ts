import { CompiledQuery, type Driver, SqliteDialect } from "kysely";

// [Note: SQLite transactions take the write lock first]
//
// A SQLite transaction begun the default way ("deferred") reads under a
// shared lock and asks for the write lock at its first write. When another
// connection wrote in between, SQLite cannot let it write without breaking
// what it read, and fails at once with SQLITE_BUSY, without waiting out the
// busy timeout. One server process never meets this (Kysely runs one
// transaction at a time on its single connection), but several processes on
// one database file do ([Note: Several server processes share the ports]):
// the load bench's uploads through two processes were answered 503 now and
// then. So transactions begin "immediate": they take the write lock first,
// waiting for another process's transaction to end (up to the busy
// timeout), and never fail halfway. Readers outside transactions are not
// held up (WAL).

/** `SqliteDialect` whose transactions begin with `BEGIN IMMEDIATE`. See: [Note: SQLite transactions take the write lock first] */
export class ImmediateTransactionSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    return {
      init: () => driver.init(),
      acquireConnection: () => driver.acquireConnection(),
      beginTransaction: async (connection) => {
        await connection.executeQuery(CompiledQuery.raw("begin immediate"));
      },
      commitTransaction: (connection) => driver.commitTransaction(connection),
      rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
      ...(driver.savepoint === undefined ? {} : { savepoint: driver.savepoint.bind(driver) }),
      ...(driver.rollbackToSavepoint === undefined
        ? {}
        : { rollbackToSavepoint: driver.rollbackToSavepoint.bind(driver) }),
      ...(driver.releaseSavepoint === undefined
        ? {}
        : { releaseSavepoint: driver.releaseSavepoint.bind(driver) }),
      releaseConnection: (connection) => driver.releaseConnection(connection),
      destroy: () => driver.destroy(),
    };
  }
}
