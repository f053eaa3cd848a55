/**
 * One audit entry per MCP tool call (beyond.md §11): action `mcp.<tool>`, the caller as actor (the
 * secret key, KEY; a member on a dashboard session, USER), the request's address and user agent, the
 * resource the call named or made, and `changes: { error: [null, <code>] }` when the call failed.
 * Arguments are never recorded: they hold people's addresses and data, which the log must not keep.
 *
 * A write tool runs inside a first-write scope (db/first-write.ts), as an audited route's handler
 * does: the first write of its change carries the entry, unsealed, in that write's transaction, and
 * the entry is sealed with the resource id once the call is done (send_email, create_campaign_draft).
 * A read tool's entry is written on its own after the call, and so is a write tool's that no write
 * carried: refused before writing, or written by the data plane's compiled and batched statements,
 * which first-write does not see (upsert_contact and track_event on their fast paths), so their entry
 * follows the committed change.
 */
import { type Actor, entryRow, type Origin, record, sealEntry, unsealedEntry } from '../audit/audit.service.ts';
import type { Changes } from '../audit/changes.ts';
import { endFirstWriteScope, firstWriteScope, runInFirstWriteScope } from '../db/first-write.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { mcpAction } from './tool-names.ts';
import type { McpTool, ToolAnswer } from './tools/types.ts';

/** Who calls, from where, in which project: one per HTTP request. */
export interface McpCaller {
  projectId: string;
  origin: Origin;
  /** The actor of the entries (read once per request). */
  actor(): Promise<Actor>;
}

/** What a call came to: its answer or its error, and the id of its audit entry. */
export type AuditedOutcome = ({ answer: ToolAnswer; error?: undefined } | { answer?: undefined; error: unknown }) & {
  entryId: string;
};

type AuditDeps = Pick<Deps, 'db' | 'clock'>;

async function settle(run: () => Promise<ToolAnswer>): Promise<{ answer: ToolAnswer } | { error: unknown }> {
  try {
    return { answer: await run() };
  } catch (error) {
    return { error };
  }
}

function changesOf(outcome: object): Changes | undefined {
  if (!('error' in outcome)) return undefined;
  const code = outcome.error instanceof AppError ? outcome.error.code : 'INTERNAL_SERVER_ERROR';
  return { error: [null, code] };
}

/** Runs one tool call and writes its entry (in the change's transaction for a write tool); never throws the call's error. */
export async function auditedToolCall(
  deps: AuditDeps,
  caller: McpCaller,
  tool: Pick<McpTool, 'name' | 'resource' | 'write'>,
  run: () => Promise<ToolAnswer>,
): Promise<AuditedOutcome> {
  const actor = await caller.actor();
  const action = mcpAction(tool.name);
  const alone = async (outcome: { answer?: ToolAnswer; error?: unknown }) => {
    const resource = { type: tool.resource, id: outcome.answer?.resourceId ?? null };
    const [id] = await record(deps, [caller.projectId], actor, caller.origin, {
      action,
      resource,
      changes: changesOf(outcome),
    });
    return id!;
  };
  if (!tool.write) {
    const outcome = await settle(run);
    return { ...outcome, entryId: await alone(outcome) } as AuditedOutcome;
  }
  const row = entryRow(deps, caller.projectId, actor, caller.origin, {
    action,
    resource: { type: tool.resource, id: null },
  });
  const scope = firstWriteScope(async (exec) => {
    await exec(unsealedEntry(deps, row));
  });
  let outcome: { answer: ToolAnswer } | { error: unknown };
  try {
    outcome = await runInFirstWriteScope(scope, () => settle(run));
  } finally {
    endFirstWriteScope(scope);
  }
  // committed: a write carried the entry, which is sealed now; claimed: a write still running will.
  if (scope.state === 'committed') {
    await sealEntry(deps, row.id, changesOf(outcome), 'answer' in outcome ? outcome.answer.resourceId : undefined);
    return { ...outcome, entryId: row.id } as AuditedOutcome;
  }
  if (scope.state === 'claimed') return { ...outcome, entryId: row.id } as AuditedOutcome;
  return { ...outcome, entryId: await alone(outcome) } as AuditedOutcome;
}
