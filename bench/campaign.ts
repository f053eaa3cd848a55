/**
 * A campaign to BENCH_RECIPIENTS (default 100,000) imported contacts, sent by the service started as
 * `npm start` starts it (embedded: API and worker in one process) through SMTP into a loopback
 * counting sink, DKIM on. Reports emails/s from the send request until the sink holds every
 * recipient, recipients missing or received twice, and the process's peak resident memory (sampled
 * from /metrics every 250 ms; target <= 250 MB, flat whatever the audience size). Compare the rate
 * with `npm run bench -- delivery` (the same pipeline fed by POST /v1/send).
 * SQLite by default; BENCH_DATABASE_URL=postgres://… also runs it on a fresh database of that server.
 */
import { performance } from 'node:perf_hooks';
import { startDnsServer } from '../test/servers/dns-server.ts';
import { api, importCsvFiles, onEachDatabase, rssNow, rssSampler } from './lib.ts';
import { type Service, startService } from './service.ts';
import { deliveringToSink, startCountingSink, verifiedDomain } from './smtp.ts';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const TIMEOUT_MS = Number(process.env.BENCH_DELIVERY_TIMEOUT_S ?? 900) * 1000;
const DOMAIN = 'bench.test';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function csvRows(from: number, to: number): Buffer {
  const lines = ['email,first_name,plan'];
  for (let i = from; i < to; i++) lines.push(`c${i}@example${i % 97}.test,First${i},${i % 2 ? 'pro' : 'free'}`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const sink = await startCountingSink();
  const dns = await startDnsServer();
  let svc: Service | undefined;
  try {
    svc = await startService({
      LOG_LEVEL: 'warn',
      ...env,
      ...deliveringToSink(sink.port, dns.server),
    });
    await verifiedDomain(svc, dns, DOMAIN);
    await importCsvFiles(svc, RECIPIENTS, 80_000, csvRows);
    const json = { 'content-type': 'application/json' };
    const created = (await api(svc, '/campaigns', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        name: 'Bench',
        subject: 'News for {{ first_name ?? "you" }}',
        body: '<p>Hi {{ first_name ?? "there" }}, your plan is {{ plan }}.</p><p><a href="https://example.test/n">Read</a></p>',
        from: `news@${DOMAIN}`,
        audienceType: 'ALL',
        type: 'MARKETING',
      }),
    })) as { data: { id: string } };
    const id = created.data.id;
    sink.reset('to');
    const idle = await rssNow(svc);
    const rss = rssSampler(svc);
    const startedAt = performance.now();
    await api(svc, `/campaigns/${id}/send`, { method: 'POST', headers: json, body: '{}' });
    const elapsed = (await sink.holding(RECIPIENTS, startedAt + TIMEOUT_MS)) - startedAt;
    let status = '';
    for (let i = 0; i < 600 && status !== 'SENT'; i++) {
      status = String((await api(svc, `/campaigns/${id}`)).status);
      if (status !== 'SENT') await sleep(100);
    }
    await sleep(3000);
    const peak = await rss.stop();
    const s = sink.stats();
    console.log(`${label}: campaign to ${RECIPIENTS} contacts into a loopback SMTP sink, DKIM on, 5 SMTP connections`);
    console.log(`${label}:   sent to sink             ${Math.round(RECIPIENTS / (elapsed / 1000))} emails/s`);
    console.log(`${label}:   missing / twice          ${RECIPIENTS - sink.seen.size} / ${s.duplicates}`);
    console.log(`${label}:   campaign status after    ${status}`);
    console.log(`${label}:   peak RSS of the service  ${peak} MB (target <= 250; ${idle} MB before the send)`);
  } finally {
    await svc?.stop();
    await dns.close();
    await sink.close();
  }
}

export default (): Promise<void> => onEachDatabase(benchOn);
