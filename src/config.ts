/**
 * The only reader of process.env. Every setting of the run contract is declared once, as a schema in
 * src/config/ (variable, type, default, bounds); this reads and checks them all, reporting every
 * problem together so a misconfigured start fails fast with one clear message.
 */
import { type AccountConfig, AccountSettings } from './config/accounts.ts';
import { type DomainConfig, DomainSettings, finishDomains } from './config/domains.ts';
import { finishMail, type MailConfig, MailSettings } from './config/mail.ts';
import { McpClientSettings } from './config/mcp-client.ts';
import { finishServer, type ServerConfig, ServerSettings } from './config/server.ts';
import { type Env, readSettings } from './config/settings.ts';
import { finishUploads, type UploadsConfig, UploadsSettings } from './config/uploads.ts';
import { type WorkConfig, WorkSettings } from './config/work.ts';

export type { BillingConfig, OAuthProviderConfig } from './config/accounts.ts';
export type { MailTransportKind } from './config/mail.ts';
export type { DatabaseKind } from './config/server.ts';
export type { S3Config, UploadsConfig } from './config/uploads.ts';

export type Config = ServerConfig & WorkConfig & MailConfig & DomainConfig & AccountConfig & { uploads: UploadsConfig };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads the configuration from `env` (process.env by default); throws ConfigError listing every problem. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const server = readSettings(ServerSettings, env, problems);
  finishServer(server, env);
  const mail = readSettings(MailSettings, env, problems);
  finishMail(mail, server.baseUrl, problems);
  const domains = readSettings(DomainSettings, env, problems);
  finishDomains(domains, mail.mailTransport, problems);
  const uploads = readSettings(UploadsSettings, env, problems);
  finishUploads(uploads, server.dataDir);
  const config: Config = {
    ...server,
    ...readSettings(WorkSettings, env, problems),
    ...mail,
    ...domains,
    ...readSettings(AccountSettings, env, problems),
    uploads,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

export interface McpClientConfig {
  /** The server's base address, without a trailing slash. */
  url: string;
  key: string;
}

/**
 * Reads what `mailwright mcp` needs (MAILWRIGHT_URL, MAILWRIGHT_KEY), both required, and nothing else:
 * the stdio bridge opens no database. Throws ConfigError listing every problem.
 */
export function loadMcpClientConfig(env: Env = process.env): McpClientConfig {
  const problems: string[] = [];
  const { url, key } = readSettings(McpClientSettings, env, problems);
  const refused = (name: string) => problems.some((p) => p.startsWith(name));
  if (url === undefined && !refused('MAILWRIGHT_URL')) {
    problems.push("MAILWRIGHT_URL is required: the Mailwright server's address, e.g. http://localhost:3000");
  }
  if (key === undefined && !refused('MAILWRIGHT_KEY')) {
    problems.push("MAILWRIGHT_KEY is required: the project's secret key (sk_…)");
  }
  if (problems.length > 0 || url === undefined || key === undefined) throw new ConfigError(problems);
  return { url, key };
}
