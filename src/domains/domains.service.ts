/** Sending domains: adding (with a DKIM key pair), DNS verification, and the sender checks delivery relies on. */
import { createHmac } from 'node:crypto';
import { recordActivity } from '../activity/activity.service.ts';
import { fromJson } from '../db/codecs.ts';
import type { Deps } from '../deps.ts';
import { conflict, forbidden, invalid, notFound } from '../errors.ts';
import { newId } from '../lib/ids.ts';
import { decryptSecret, encryptSecret } from '../lib/secret-box.ts';
import { generateDkimKeyPair, newSelector } from './dkim.ts';
import { type CheckResult, checkDomainRecords, expectedRecords } from './domains.check.ts';
import * as repo from './domains.repo.ts';
import type { DomainView } from './domains.schemas.ts';
import { validateDomainName } from './records.ts';

type DomainRow = NonNullable<Awaited<ReturnType<typeof repo.findDomain>>>;
type D = Pick<Deps, 'db' | 'clock' | 'config' | 'secrets' | 'dns' | 'dnsFresh' | 'verifiedDomains'>;

/** The domain with the records to publish and, once checked, each record's state. */
export function toDomainView(config: D['config'], row: DomainRow): DomainView {
  const results = (row.checkResults ? fromJson<CheckResult[]>(row.checkResults) : []) ?? [];
  return {
    id: row.id,
    projectId: row.projectId,
    domain: row.domain,
    verified: row.status === 'VERIFIED',
    status: row.status,
    records: expectedRecords(config, row).map((r) => {
      const result = results.find((x) => x.purpose === r.purpose && x.name === r.name);
      return { ...r, verified: result?.ok ?? false, ...(result && !result.ok ? { reason: result.reason } : {}) };
    }),
    lastCheckedAt: row.lastCheckedAt,
    verifiedAt: row.verifiedAt,
    createdAt: row.createdAt,
  };
}

/** The TXT value at `_mailwright-challenge.<domain>` that lets a project claim a domain verified elsewhere. */
export function ownershipToken(deps: Pick<Deps, 'secrets'>, projectId: string, domain: string): string {
  const mac = createHmac('sha256', deps.secrets.signingSecret).update(`${projectId}:${domain}`).digest('base64url');
  return `mailwright-verification=${mac.slice(0, 32)}`;
}

/**
 * Adds a domain as PENDING with a new DKIM key pair (private key encrypted at rest). 422 for a bad
 * name; 409 when the project has it already, or another project has it verified and this project
 * has not published its ownership token.
 */
export async function addDomain(deps: D, projectId: string, name: string): Promise<DomainView> {
  const check = validateDomainName(name);
  if (!check.ok) throw invalid('domain', check.reason, 'INVALID_DOMAIN');
  const domain = check.domain;
  if (await repo.findVerifiedElsewhere(deps.db, domain, projectId)) {
    const token = ownershipToken(deps, projectId, domain);
    const published = await deps.dnsFresh.txt(`_mailwright-challenge.${domain}`);
    if (!published.ok || !published.records.includes(token)) {
      throw conflict(
        `${domain} is verified by another project. To prove you own it, publish a TXT record at ` +
          `_mailwright-challenge.${domain} with the value "${token}" and add it again.`,
      );
    }
  }
  const keys = await generateDkimKeyPair();
  const now = deps.clock.now();
  const id = newId();
  const inserted = await repo.insertDomain(deps.db, {
    id,
    projectId,
    domain,
    dkimSelector: newSelector(now),
    dkimPublicKey: keys.publicKeyPem,
    dkimPrivateKey: encryptSecret(keys.privateKeyPem, deps.secrets.encryptionKey),
    createdAt: now,
  });
  if (!inserted) throw conflict(`${domain} is already added to this project.`);
  return toDomainView(deps.config, (await repo.findDomain(deps.db, projectId, id))!);
}

/** The caller's domains; 403 when `requestedProjectId` is not the caller's project. */
export async function listDomains(deps: D, projectId: string, requestedProjectId: string): Promise<DomainView[]> {
  if (requestedProjectId !== projectId) throw forbidden('You can only list the domains of your own project.');
  return (await repo.listProjectDomains(deps.db, projectId)).map((row) => toDomainView(deps.config, row));
}

/** Checks a domain's DNS now (no cache) and answers its per-record state. */
export async function verifyDomainNow(deps: D, projectId: string, id: string): Promise<DomainView> {
  const row = await repo.findDomain(deps.db, projectId, id);
  if (!row) throw notFound('DOMAIN');
  return toDomainView(deps.config, await recheckDomain(deps, row, deps.dnsFresh));
}

export async function removeDomain(
  deps: Pick<Deps, 'db' | 'verifiedDomains'>,
  projectId: string,
  id: string,
): Promise<void> {
  const deleted = await deps.verifiedDomains.writing(deps.db, projectId, (trx) =>
    repo.deleteDomain(trx, projectId, id),
  );
  if (!deleted) throw notFound('DOMAIN');
}

/**
 * Runs the DNS checks and stores the outcome. A status change is made by a conditional update, so of
 * two concurrent checks only one reports it in the activity log.
 */
export async function recheckDomain(deps: D, row: DomainRow, dns = deps.dns): Promise<DomainRow> {
  const { verified, results } = await checkDomainRecords(dns, expectedRecords(deps.config, row));
  const now = deps.clock.now();
  // Through the verified-domain cache: a domain leaving VERIFIED must stop passing the sender check.
  return deps.verifiedDomains.writing(deps.db, row.projectId, async (trx) => {
    const from = verified ? 'PENDING' : 'VERIFIED';
    const moved = await repo.transitionDomainStatus(trx, row.id, from, verified ? 'VERIFIED' : 'PENDING');
    if (moved) {
      await recordActivity(
        trx,
        {
          projectId: row.projectId,
          type: verified ? 'domain.verified' : 'domain.unverified',
          resourceType: 'domain',
          resourceId: row.id,
          data: { domain: row.domain, ...(verified ? {} : { failed: results.filter((r) => !r.ok) }) },
        },
        now,
      );
    }
    const updated = await repo.updateDomainCheck(trx, row.id, {
      status: verified ? 'VERIFIED' : 'PENDING',
      checkResults: JSON.stringify(results),
      checkedAt: now,
      verifiedAt: verified ? (moved ? now : (row.verifiedAt ?? now)) : null,
    });
    return updated ?? row;
  });
}

/** Background recheck of one domain (job `domain.verify`); a deleted domain is simply skipped. */
export async function recheckDomainById(deps: D, domainId: string): Promise<void> {
  const row = await repo.findDomainById(deps.db, domainId);
  if (row) await recheckDomain(deps, row);
}

/** The project whose verified domain (or a parent of it) receives mail for `address`; undefined when none. */
export async function projectReceivingFor(deps: Pick<Deps, 'reader'>, address: string): Promise<string | undefined> {
  return (await repo.findVerifiedDomainAnywhere(deps.reader, senderDomains(address)))?.projectId;
}

function senderDomains(email: string): string[] {
  const host = email.trim().toLowerCase().split('@').at(-1) ?? '';
  const labels = host.split('.');
  // The domain itself and its parents down to two labels: mail from news.example.com may use example.com.
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
}

/** Refuses (403 UNVERIFIED_DOMAIN) a sender whose domain is not a verified domain of the project. */
export async function assertVerifiedSender(
  deps: Pick<Deps, 'db' | 'config' | 'verifiedDomains'>,
  projectId: string,
  from: string,
) {
  if (!deps.config.requireVerifiedDomain) return;
  const names = senderDomains(from);
  if (names.length === 0 || !(await verifiedDomainFor(deps, projectId, names))) {
    throw forbidden(`The sender ${from} is not on a verified domain of this project.`, 'UNVERIFIED_DOMAIN');
  }
}

/**
 * The project's verified domain among `names`, the most specific: from the cache when it holds one,
 * else read again (and kept), so a domain verified since the project was cached is found.
 */
async function verifiedDomainFor(
  deps: Pick<Deps, 'db' | 'verifiedDomains'>,
  projectId: string,
  names: string[],
): Promise<repo.VerifiedDomainRow | undefined> {
  const pick = (rows: repo.VerifiedDomainRow[] | undefined) =>
    rows?.filter((d) => names.includes(d.domain)).sort((x, y) => y.domain.length - x.domain.length)[0];
  const held = pick(deps.verifiedDomains.get(projectId));
  if (held) return held;
  return pick(await deps.verifiedDomains.read(deps.db, projectId, () => false));
}

/** DKIM signing parameters for a sender (nodemailer's `dkim` option shape), when its domain has a key. */
export async function dkimSignerFor(
  deps: Pick<Deps, 'db' | 'secrets' | 'verifiedDomains'>,
  projectId: string,
  from: string,
) {
  const row = await verifiedDomainFor(deps, projectId, senderDomains(from));
  if (!row) return undefined;
  return {
    domainName: row.domain,
    keySelector: row.dkimSelector,
    privateKey: decryptSecret(row.dkimPrivateKey, deps.secrets.encryptionKey),
  };
}
