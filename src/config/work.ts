/** Settings of background work: job queues, imports, workflow runs and their webhook calls. */
import { type Static, Type } from 'typebox';
import { Setting } from './settings.ts';

export const WorkSettings = Type.Object({
  workerConcurrency: Setting.int('WORKER_CONCURRENCY', 4, 1, 64),
  /**
   * How long a claim on a job (SQLite queue) or a job row (import, bulk action) holds unless renewed;
   * a dead or hung worker's work is taken back this long after its last renewal.
   */
  jobLeaseMs: Setting.int('JOB_LEASE_SECONDS', 60, 1, 3600, 1000),
  /** A handler of the SQLite queue running longer than this stops renewing its lease, and its job is retried. */
  jobMaxRunMs: Setting.int('JOB_MAX_RUN_SECONDS', 3600, 1, 86_400, 1000),
  /** Columns a CSV import's header may have; a wider file is refused. */
  importMaxColumns: Setting.int('IMPORT_MAX_COLUMNS', 500, 2, 10_000),
  /** Custom fields a project may define; a write adding one more is refused with 422. */
  maxCustomFields: Setting.int('MAX_CUSTOM_FIELDS', 500, 1, 10_000),
  /** Executions one workflow run works on at once. */
  workflowConcurrency: Setting.int('WORKFLOW_CONCURRENCY', 20, 1, 500),
  /** Due executions one claim takes. */
  workflowBatchSize: Setting.int('WORKFLOW_BATCH_SIZE', 100, 1, 5000),
  /** How long a claimed execution is held without renewal; a killed worker's executions come back after it. */
  workflowLeaseMs: Setting.int('WORKFLOW_LEASE_SECONDS', 30, 2, 600, 1000),
  webhookAllowedHosts: Setting.list('WEBHOOK_ALLOWED_HOSTS'),
  /** One outgoing webhook call (WEBHOOK step), redirects included, may take this long. */
  webhookTimeoutMs: Setting.int('WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000),
  /** Bytes of a webhook's response that are read (and kept on the step, shortened); the rest is dropped. */
  webhookMaxResponseBytes: Setting.int('WEBHOOK_MAX_RESPONSE_BYTES', 64 * 1024, 1024, 10 * 1024 * 1024),
  /** Calls of one WEBHOOK step (a 5xx, a timeout or a network error is tried again) before it fails. */
  webhookMaxAttempts: Setting.int('WEBHOOK_MAX_ATTEMPTS', 6, 1, 20),
  /** Event-webhook messages one worker process delivers at once, over all endpoints. */
  webhookDeliveryConcurrency: Setting.int('WEBHOOK_DELIVERY_CONCURRENCY', 128, 1, 2000),
  /** Of those, at most this many to one endpoint (per claim), so a slow endpoint never holds the rest. */
  webhookEndpointConcurrency: Setting.int('WEBHOOK_ENDPOINT_CONCURRENCY', 16, 1, 500),
  /** Days finished event-webhook messages (and their attempts) are kept in the log. */
  webhookRetentionDays: Setting.int('WEBHOOK_RETENTION_DAYS', 30, 1, 3650),
  /** Days audit-log entries are kept; older ones are pruned hourly (the only delete the log allows). */
  auditRetentionDays: Setting.int('AUDIT_RETENTION_DAYS', 365, 1, 36500),
});
export type WorkConfig = Static<typeof WorkSettings>;
