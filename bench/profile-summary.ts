/**
 * Reads a V8 CPU profile (`node --cpu-prof`, e.g. from BENCH_PROF=<dir>) and prints where the time
 * went: self time by package or source file, and by function, as shares of the sampled total.
 * Usage: `tsx bench/profile-summary.ts <file.cpuprofile> [top=40]`.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** `node_modules/<pkg>` for dependencies, the path under the project for our code, or V8's own label. */
function owner(url: string): string {
  if (!url) return '(native)';
  const dep = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dep) return dep[1]!;
  if (url.startsWith('node:')) return url;
  const ours = /\/(src|bench|web)\/(.*)$/.exec(url);
  return ours ? `${ours[1]}/${ours[2]}` : url;
}

function summarize(file: string, top: number): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const idle = [...selfUs].filter(([id]) => byId.get(id)?.callFrame.functionName === '(idle)');
  const idleUs = idle.reduce((a, [, us]) => a + us, 0);
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const { callFrame } = byId.get(id)!;
    if (callFrame.functionName === '(idle)') continue;
    const o = owner(callFrame.url);
    byOwner.set(o, (byOwner.get(o) ?? 0) + us);
    const fn = `${callFrame.functionName || '(anonymous)'} ${o}:${callFrame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  }
  // Inclusive time of our own functions: each sample credits every distinct src/ frame on its stack.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  const inclusiveOwner = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const owners = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      owners.add(owner(byId.get(at)!.callFrame.url));
    for (const o of owners) inclusiveOwner.set(o, (inclusiveOwner.get(o) ?? 0) + us);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { callFrame } = byId.get(at)!;
      const o = owner(callFrame.url);
      if (!o.startsWith('src/')) continue;
      const fn = `${callFrame.functionName || '(anonymous)'} ${o}:${callFrame.lineNumber + 1}`;
      if (!seen.has(fn)) {
        seen.add(fn);
        inclusive.set(fn, (inclusive.get(fn) ?? 0) + us);
      }
    }
  }
  const busy = total - idleUs;
  const show = (title: string, m: Map<string, number>) => {
    console.log(`\n${title} (share of busy time)`);
    for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(`${((100 * us) / busy).toFixed(1).padStart(5)}%  ${k}`);
    }
  };
  console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled, ${((100 * idleUs) / total).toFixed(1)}% idle`);
  show('self time by owner', byOwner);
  show('self time by function', byFunction);
  show('inclusive time by owner (its code and all it called)', inclusiveOwner);
  show('inclusive time of src/ functions', inclusive);
}

summarize(process.argv[2] ?? '', Number(process.argv[3] ?? 40));
