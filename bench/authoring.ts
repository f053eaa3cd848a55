/**
 * Authoring (issue 42): what writing an email as blocks costs, measured on the service started as
 * `npm start` starts it, from another process.
 * - A campaign to BENCH_RECIPIENTS (default 10,000) imported contacts in BLOCKS, against the same
 *   campaign in HTML (its body is the HTML the blocks compiled to, as a person who wrote it by hand
 *   would have sent), each delivered through SMTP into a loopback counting sink, DKIM on; alternated,
 *   BENCH_ROUNDS (default 2) of each. Target: BLOCKS at >= 0.9 of HTML's emails/s. The compile happens
 *   once, at save; every recipient only renders Liquid, as for HTML.
 * - `POST /templates/preview` of a 50-block document, one request at a time (what the editor does):
 *   p50 and p99 of BENCH_PREVIEWS (default 300) requests after 30 to warm up. Target: p99 < 100 ms.
 * SQLite by default; BENCH_DATABASE_URL=postgres://… also runs it on a fresh database of that server.
 */
import { performance } from 'node:perf_hooks';
import { startDnsServer } from '../test/servers/dns-server.ts';
import { api, importCsvFiles, onEachDatabase } from './lib.ts';
import { type Service, startService } from './service.ts';
import { type CountingSink, deliveringToSink, startCountingSink, verifiedDomain } from './smtp.ts';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const PREVIEWS = Number(process.env.BENCH_PREVIEWS ?? 300);
const TIMEOUT_MS = Number(process.env.BENCH_DELIVERY_TIMEOUT_S ?? 600) * 1000;
const DOMAIN = 'bench.test';
const json = { 'content-type': 'application/json' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function csvRows(from: number, to: number): Buffer {
  const lines = ['email,first_name,plan'];
  for (let i = from; i < to; i++) lines.push(`c${i}@example${i % 97}.test,First${i},${i % 2 ? 'pro' : 'free'}`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** A newsletter as the editor writes one: headings, text with Liquid, an image, a button, columns, social links. */
const NEWSLETTER = {
  version: 1,
  style: { backgroundColor: '#f3f4f6', contentBackgroundColor: '#ffffff', linkColor: '#2563eb' },
  blocks: [
    { type: 'image', src: 'https://cdn.bench.test/logo.png', alt: 'Bench', width: 120, align: 'center' },
    { type: 'heading', text: 'News for {{ first_name ?? "you" }}', level: 1 },
    {
      type: 'text',
      html: 'Hi {{ first_name ?? "there" }}, your plan is <b>{{ plan }}</b>. Here is <i>what changed</i>.',
    },
    { type: 'button', label: 'Read the news', href: 'https://bench.test/news', align: 'center' },
    {
      type: 'columns',
      columns: [
        [
          { type: 'heading', text: 'Faster', level: 3 },
          { type: 'text', html: 'Sends <a href="https://bench.test/a">twice as fast</a>.' },
        ],
        [
          { type: 'heading', text: 'Simpler', level: 3 },
          { type: 'text', html: 'One <u>command</u> to start.' },
        ],
      ],
    },
    { type: 'divider' },
    {
      type: 'social',
      links: [
        { network: 'x', href: 'https://x.com/bench' },
        { network: 'github', href: 'https://github.com/bench' },
      ],
    },
  ],
};

/** A 50-block document for the preview: the blocks above, repeated; the first heading says `n`, so no two requests are alike (as an editor's are not). */
function fiftyBlocks(n: number) {
  const leaves = NEWSLETTER.blocks.filter((b) => b.type !== 'columns');
  const blocks = Array.from({ length: 50 }, (_, i) => leaves[i % leaves.length]);
  blocks[1] = { type: 'heading', text: `Edit ${n} for {{ first_name ?? "you" }}`, level: 1 };
  return { version: 1, blocks };
}

async function campaign(svc: Service, name: string, content: object): Promise<string> {
  const body = {
    name,
    subject: 'News for {{ first_name ?? "you" }}',
    from: `news@${DOMAIN}`,
    audienceType: 'ALL',
    type: 'MARKETING',
    ...content,
  };
  const created = (await api(svc, '/campaigns', { method: 'POST', headers: json, body: JSON.stringify(body) })) as {
    data: { id: string };
  };
  return created.data.id;
}

/** Sends the campaign and answers emails/s until the sink holds every recipient. */
async function deliver(
  svc: Service,
  sink: CountingSink,
  id: string,
): Promise<{ rate: number; missing: number; twice: number }> {
  sink.reset('to');
  const startedAt = performance.now();
  await api(svc, `/campaigns/${id}/send`, { method: 'POST', headers: json, body: '{}' });
  const elapsed = (await sink.holding(RECIPIENTS, startedAt + TIMEOUT_MS)) - startedAt;
  for (let i = 0; i < 300; i++) {
    if ((await api(svc, `/campaigns/${id}`)).status === 'SENT') break;
    await sleep(100);
  }
  await sleep(500);
  return { rate: RECIPIENTS / (elapsed / 1000), missing: RECIPIENTS - sink.seen.size, twice: sink.stats().duplicates };
}

async function previewLatencies(svc: Service): Promise<number[]> {
  const data = { first_name: 'Ann', plan: 'pro' };
  const times: number[] = [];
  for (let i = 0; i < PREVIEWS + 30; i++) {
    const body = JSON.stringify({ format: 'BLOCKS', subject: 'S {{ first_name }}', document: fiftyBlocks(i), data });
    const t0 = performance.now();
    await api(svc, '/templates/preview', { method: 'POST', headers: json, body });
    if (i >= 30) times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const sink = await startCountingSink();
  const dns = await startDnsServer();
  let svc: Service | undefined;
  try {
    svc = await startService({ LOG_LEVEL: 'warn', ...env, ...deliveringToSink(sink.port, dns.server) });
    await verifiedDomain(svc, dns, DOMAIN);
    await importCsvFiles(svc, RECIPIENTS, 80_000, csvRows);
    const rates: Record<'HTML' | 'BLOCKS', number[]> = { HTML: [], BLOCKS: [] };
    let missing = 0;
    let twice = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const blocksId = await campaign(svc, `Blocks ${round}`, { format: 'BLOCKS', document: NEWSLETTER });
      // The same email in HTML: the HTML the document compiled to.
      const compiled = String((await api(svc, `/campaigns/${blocksId}`)).body);
      const htmlId = await campaign(svc, `HTML ${round}`, { format: 'HTML', body: compiled });
      for (const [format, id] of [
        ['HTML', htmlId],
        ['BLOCKS', blocksId],
      ] as const) {
        const r = await deliver(svc, sink, id);
        rates[format].push(r.rate);
        missing += r.missing;
        twice += r.twice;
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const fmt = (xs: number[]) => xs.map((x) => Math.round(x)).join(', ');
    console.log(
      `${label}: campaign to ${RECIPIENTS} contacts into a loopback SMTP sink, DKIM on, ${ROUNDS} rounds alternated`,
    );
    console.log(`${label}:   HTML      ${fmt(rates.HTML)} emails/s`);
    console.log(`${label}:   BLOCKS    ${fmt(rates.BLOCKS)} emails/s`);
    console.log(`${label}:   BLOCKS / HTML  ${(mean(rates.BLOCKS) / mean(rates.HTML)).toFixed(3)} (target >= 0.9)`);
    console.log(`${label}:   missing / twice  ${missing} / ${twice}`);
    const times = await previewLatencies(svc);
    const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
    console.log(
      `${label}: POST /templates/preview, 50 blocks, one at a time: p50 ${q(0.5)} ms, p99 ${q(0.99)} ms (target p99 < 100)`,
    );
  } finally {
    await svc?.stop();
    await dns.close();
    await sink.close();
  }
}

export default (): Promise<void> => onEachDatabase(benchOn);
