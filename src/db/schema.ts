/**
 * Table shapes as Kysely sees them (camelCase; CamelCasePlugin maps to snake_case columns): the
 * `Database` every query is typed by, composed of the per-area table files. Column types shared by
 * them are in column-types.ts. The core, contact, sending and campaign shapes are re-exported here,
 * where callers have always imported them from.
 */
import type { AnalyticsTables } from './analytics-tables.ts';
import type { AuditTables } from './audit-tables.ts';
import type { AuthTables } from './auth-tables.ts';
import type { BillingTables } from './billing-tables.ts';
import type { CampaignTables } from './campaign-tables.ts';
import type { ConsentTables } from './consent-tables.ts';
import type { ContactTables } from './contact-tables.ts';
import type { CoreTables } from './core-tables.ts';
import type { SafetyTables } from './safety-tables.ts';
import type { SendingTables } from './sending-tables.ts';
import type { SuppressionTables } from './suppression-tables.ts';
import type { TeamTables } from './team-tables.ts';
import type { TransportTables } from './transport-tables.ts';
import type { UploadTables } from './uploads-tables.ts';
import type { WebhookTables } from './webhook-tables.ts';
import type { WorkflowTables } from './workflow-tables.ts';

export type * from './campaign-tables.ts';
export type * from './column-types.ts';
export type * from './consent-tables.ts';
export type * from './contact-tables.ts';
export type * from './core-tables.ts';
export type * from './sending-tables.ts';
export type * from './suppression-tables.ts';
export type * from './transport-tables.ts';
export type * from './webhook-tables.ts';

export interface Database
  extends CoreTables,
    ContactTables,
    SendingTables,
    CampaignTables,
    WorkflowTables,
    AuthTables,
    SafetyTables,
    TeamTables,
    UploadTables,
    AnalyticsTables,
    BillingTables,
    WebhookTables,
    ConsentTables,
    TransportTables,
    AuditTables,
    SuppressionTables {}
