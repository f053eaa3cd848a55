/**
 * A layered (top to bottom) layout of a workflow graph, for steps the API has no position for and
 * for "Tidy up". Back edges of cycles are set aside, every step goes one layer below the deepest
 * step leading to it, and each layer is ordered and placed under the steps it comes from (a
 * condition's "yes" to the left of its "no"). Pure and deterministic.
 */

export interface LayoutEdge {
  from: string;
  to: string;
  /** Among the edges leaving one step: lower is drawn further left (yes before no). */
  order?: number;
  /** Where on its step the edge leaves, from the step's centre (px): an only child sits under it. */
  anchor?: number;
}

export interface LayoutOptions {
  nodeWidth: number;
  nodeHeight: number;
  /** Horizontal space between two steps of a layer. */
  gapX: number;
  /** Vertical space between layers. */
  gapY: number;
}

export interface Point {
  x: number;
  y: number;
}

export const DEFAULT_LAYOUT: LayoutOptions = { nodeWidth: 256, nodeHeight: 96, gapX: 48, gapY: 72 };

/**
 * Positions (top-left corners) for `nodes`, listed in the order preferred for ties (the trigger
 * first). Edges naming unknown nodes are ignored.
 */
export function layeredLayout(
  nodes: readonly string[],
  edges: readonly LayoutEdge[],
  options: LayoutOptions = DEFAULT_LAYOUT,
): Map<string, Point> {
  const known = new Set(nodes);
  const out = new Map<string, LayoutEdge[]>(nodes.map((n) => [n, []]));
  const indegree = new Map<string, number>(nodes.map((n) => [n, 0]));
  for (const e of edges) {
    if (!known.has(e.from) || !known.has(e.to) || e.from === e.to) continue;
    out.get(e.from)!.push(e);
    indegree.set(e.to, indegree.get(e.to)! + 1);
  }
  for (const list of out.values()) list.sort((a, b) => (a.order ?? 0) - (b.order ?? 0));

  // 1. Depth-first from the roots (steps nothing leads to, in the given order; then whatever a cycle
  //    hides): an edge back to a step on the current path closes a cycle and is left out.
  const discovery = new Map<string, number>();
  const back = new Set<LayoutEdge>();
  const onPath = new Set<string>();
  const visit = (start: string) => {
    const stack: Array<{ node: string; next: number }> = [{ node: start, next: 0 }];
    discovery.set(start, discovery.size);
    onPath.add(start);
    while (stack.length > 0) {
      const top = stack.at(-1)!;
      const edge = out.get(top.node)![top.next++];
      if (!edge) {
        onPath.delete(top.node);
        stack.pop();
        continue;
      }
      if (onPath.has(edge.to)) back.add(edge);
      else if (!discovery.has(edge.to)) {
        discovery.set(edge.to, discovery.size);
        onPath.add(edge.to);
        stack.push({ node: edge.to, next: 0 });
      }
    }
  };
  for (const n of nodes) if (indegree.get(n) === 0 && !discovery.has(n)) visit(n);
  for (const n of nodes) if (!discovery.has(n)) visit(n);

  // 2. Layers: the longest path from a root, over the edges that remain (Kahn's order).
  const forward = edges.filter((e) => known.has(e.from) && known.has(e.to) && e.from !== e.to && !back.has(e));
  const parents = new Map<string, LayoutEdge[]>(nodes.map((n) => [n, []]));
  const remaining = new Map<string, number>(nodes.map((n) => [n, 0]));
  for (const e of forward) {
    parents.get(e.to)!.push(e);
    remaining.set(e.to, remaining.get(e.to)! + 1);
  }
  const byDiscovery = (a: string, b: string) => discovery.get(a)! - discovery.get(b)!;
  const rank = new Map<string, number>();
  const queue = nodes.filter((n) => remaining.get(n) === 0).sort(byDiscovery);
  for (const n of queue) rank.set(n, 0);
  while (queue.length > 0) {
    const n = queue.shift()!;
    for (const e of out.get(n)!) {
      if (back.has(e)) continue;
      rank.set(e.to, Math.max(rank.get(e.to) ?? 0, rank.get(n)! + 1));
      remaining.set(e.to, remaining.get(e.to)! - 1);
      if (remaining.get(e.to) === 0) queue.push(e.to);
    }
  }
  const layers: string[][] = [];
  for (const n of [...nodes].sort(byDiscovery)) {
    const r = rank.get(n) ?? 0;
    if (!layers[r]) layers[r] = [];
    layers[r].push(n);
  }

  // 3. Places, layer by layer: each step wants to sit under the steps it comes from, spread by its
  //    place among their ways out; a layer keeps that order and is pushed apart where steps overlap.
  const pitch = options.nodeWidth + options.gapX;
  const x = new Map<string, number>();
  for (const layer of layers) {
    if (!layer) continue;
    const wanted = new Map<string, number>();
    layer.forEach((n, i) => {
      const from = parents.get(n)!.filter((e) => x.has(e.from));
      if (from.length === 0) {
        wanted.set(n, (i - (layer.length - 1) / 2) * pitch);
        return;
      }
      let sum = 0;
      for (const e of from) {
        const siblings = out.get(e.from)!.filter((s) => !back.has(s) && rank.get(s.to) === rank.get(n));
        const at = siblings.indexOf(e);
        sum += x.get(e.from)! + (siblings.length === 1 ? (e.anchor ?? 0) : (at - (siblings.length - 1) / 2) * pitch);
      }
      wanted.set(n, sum / from.length);
    });
    const ordered = [...layer].sort((a, b) => wanted.get(a)! - wanted.get(b)! || byDiscovery(a, b));
    const placed: number[] = [];
    for (const [i, n] of ordered.entries()) {
      const w = wanted.get(n)!;
      placed.push(i === 0 ? w : Math.max(w, placed[i - 1]! + pitch));
    }
    // Pushing apart drifts right; shift the layer back so it is centred where it wanted to be.
    const drift = ordered.reduce((s, n, i) => s + placed[i]! - wanted.get(n)!, 0) / Math.max(ordered.length, 1);
    for (const [i, n] of ordered.entries()) x.set(n, placed[i]! - drift);
  }

  const positions = new Map<string, Point>();
  for (const n of nodes) {
    positions.set(n, {
      x: Math.round(x.get(n)! - options.nodeWidth / 2),
      y: (rank.get(n) ?? 0) * (options.nodeHeight + options.gapY),
    });
  }
  return positions;
}
