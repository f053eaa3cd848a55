/**
 * "Run this inside the first write": a scope (AsyncLocalStorage) in which the first statement that
 * writes through Kysely — in a transaction, or on its own — also runs the scope's hook on the same
 * connection, in the same transaction, just before it commits. A statement written on its own is
 * wrapped in a transaction for the purpose. The audit log uses it so that an entry commits with the
 * change it records, or not at all, without each service having to pass it along (audit/audit-hook.ts).
 *
 * What goes around Kysely (the compiled hot statements of prepared.ts, Graphile Worker's own queries)
 * is not seen; neither is anything outside a scope. A hook runs at most once per scope.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/** Runs a compiled statement on the connection of the write (inside its transaction). */
export type RunOnWrite = (query: CompiledQuery) => Promise<unknown>;

export interface FirstWriteScope {
  hook: (run: RunOnWrite) => Promise<void>;
  /**
   * waiting: no write yet; claimed: a transaction that wrote will run the hook at its commit (given
   * back if it rolls back); committed: the hook ran and committed with its write; ended: the scope
   * ended before any write claimed it.
   */
  state: 'waiting' | 'claimed' | 'committed' | 'ended';
}

/** A scope whose first write will run `hook`. */
export function firstWriteScope(hook: FirstWriteScope['hook']): FirstWriteScope {
  return { hook, state: 'waiting' };
}

const scopes = new AsyncLocalStorage<FirstWriteScope>();

/**
 * Scopes begun and not yet ended. On Node 20 an enabled AsyncLocalStorage makes every promise of the
 * process slower (async hooks), so it is enabled only while a scope is open: setup changes are rare,
 * and the data plane between them runs without it.
 */
const open = new Set<FirstWriteScope>();

/** Runs `fn` (and all it starts) inside a scope whose first write runs `scope.hook`, until `endFirstWriteScope`. */
export function runInFirstWriteScope<T>(scope: FirstWriteScope, fn: () => T): T {
  open.add(scope);
  return scopes.run(scope, fn);
}

/**
 * Ends a scope: a write that has not claimed it by now no longer runs its hook. Once no scope is
 * open the storage is switched off (a write still running keeps the scope it claimed).
 */
export function endFirstWriteScope(scope: FirstWriteScope): void {
  if (scope.state === 'waiting') scope.state = 'ended';
  if (open.delete(scope) && open.size === 0) scopes.disable();
}

const WRITE_NODES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
const WRITE_SQL = /^\s*(insert|update|delete|merge)\b/i;

function writes(query: CompiledQuery): boolean {
  const kind = query.query.kind;
  return WRITE_NODES.has(kind) || (kind === 'RawNode' && WRITE_SQL.test(query.sql));
}

/** The scope whose hook has yet to run, if any. */
function waiting(): FirstWriteScope | undefined {
  const scope = scopes.getStore();
  return scope?.state === 'waiting' ? scope : undefined;
}

/** A connection as Kysely sees it: the driver's own, plus whether its open transaction wrote. */
class Connection implements DatabaseConnection {
  inTransaction = false;
  /** The scope whose hook this transaction runs at commit. */
  pending: FirstWriteScope | undefined;
  constructor(
    readonly inner: DatabaseConnection,
    private readonly driver: Driver,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const scope = this.pending ? undefined : waiting();
    if (!scope || !writes(query)) return this.inner.executeQuery<R>(query);
    // Claimed before the first await, so a write running alongside (Promise.all) does not claim it too.
    scope.state = 'claimed';
    if (this.inTransaction) {
      this.pending = scope;
      let result: QueryResult<R>;
      try {
        result = await this.inner.executeQuery<R>(query);
      } catch (err) {
        this.pending = undefined;
        scope.state = open.has(scope) ? 'waiting' : 'ended';
        throw err;
      }
      // A write that changed no row (an update that lost a race with a delete) carries nothing.
      if (result.numAffectedRows === 0n) {
        this.pending = undefined;
        scope.state = open.has(scope) ? 'waiting' : 'ended';
      }
      return result;
    }
    // A write on its own: it and the hook commit together.
    try {
      await this.driver.beginTransaction(this.inner, {});
      try {
        const result = await this.inner.executeQuery<R>(query);
        if (result.numAffectedRows === 0n) {
          await this.driver.commitTransaction(this.inner);
          scope.state = open.has(scope) ? 'waiting' : 'ended';
          return result;
        }
        await scope.hook((q) => this.inner.executeQuery(q));
        await this.driver.commitTransaction(this.inner);
        scope.state = 'committed';
        return result;
      } catch (err) {
        await this.driver.rollbackTransaction(this.inner);
        throw err;
      }
    } catch (err) {
      scope.state = open.has(scope) ? 'waiting' : 'ended';
      throw err;
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class FirstWriteDriver implements Driver {
  constructor(private readonly inner: Driver) {}
  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new Connection(await this.inner.acquireConnection(), this.inner);
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const c = connection as Connection;
    await this.inner.beginTransaction(c.inner, settings);
    c.inTransaction = true;
    c.pending = undefined;
  }
  async commitTransaction(connection: DatabaseConnection) {
    const c = connection as Connection;
    const scope = c.pending;
    // The hook runs before COMMIT: if it fails, Kysely rolls the whole transaction back.
    if (scope) await scope.hook((q) => c.inner.executeQuery(q));
    await this.inner.commitTransaction(c.inner);
    c.inTransaction = false;
    c.pending = undefined;
    if (scope) scope.state = 'committed';
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    const c = connection as Connection;
    // The write is undone: the next write of the scope runs the hook instead (unless the scope ended).
    if (c.pending && open.has(c.pending)) c.pending.state = 'waiting';
    else if (c.pending) c.pending.state = 'ended';
    c.inTransaction = false;
    c.pending = undefined;
    await this.inner.rollbackTransaction(c.inner);
  }
  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.savepoint!((connection as Connection).inner, name, compile);
  }
  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.rollbackToSavepoint!((connection as Connection).inner, name, compile);
  }
  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.releaseSavepoint!((connection as Connection).inner, name, compile);
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection((connection as Connection).inner);
  }
  destroy() {
    return this.inner.destroy();
  }
}

/** `dialect` with its driver able to run a first-write hook (see the top of this file). */
export function withFirstWriteHooks(dialect: Dialect): Dialect {
  return {
    createDriver: () => new FirstWriteDriver(dialect.createDriver()),
    createQueryCompiler: (): QueryCompiler => dialect.createQueryCompiler(),
    createAdapter: (): DialectAdapter => dialect.createAdapter(),
    // biome-ignore lint/suspicious/noExplicitAny: Kysely's own signature.
    createIntrospector: (db: Kysely<any>): DatabaseIntrospector => dialect.createIntrospector(db),
  };
}
