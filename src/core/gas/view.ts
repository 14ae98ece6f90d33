// The part of a gas profile the webview is sent: the biggest boxes of the tree, each parent's smaller children
// merged into one `other (N)` box, and the hottest lines. Bounded whatever the trace: a loop making a hundred
// thousand distinct calls still sends at most twice MAX_NODES boxes.
import type { GasLine, GasNode, GasProfileView } from '../../shared/gas-profile';
import type { GasProfile } from './profile';

export const MAX_NODES = 300;
export const MAX_LINES = 50;

export function profileView(profile: GasProfile, maxNodes = MAX_NODES, maxLines = MAX_LINES): GasProfileView {
  const { nodes } = profile;
  // Ranked by the smallest inclusive gas on the path from the root: never above the parent's, so taking a prefix of
  // the ranking keeps every taken node's parent.
  const rank = new Float64Array(nodes.length);
  nodes.forEach((n, i) => (rank[i] = n.parent < 0 ? Infinity : Math.min(rank[n.parent], n.inclusive)));
  const order = nodes.map((_, i) => i).sort((a, b) => rank[b] - rank[a] || a - b);
  const kept = new Uint8Array(nodes.length);
  for (const i of order.slice(0, maxNodes)) kept[i] = 1;

  const index = new Int32Array(nodes.length).fill(-1);
  const out: GasNode[] = [];
  nodes.forEach((n, i) => {
    if (!kept[i]) return;
    index[i] = out.length;
    out.push({ ...n, parent: n.parent < 0 ? -1 : index[n.parent] });
  });
  const others = new Map<number, GasNode & { count: number }>();
  let merged = 0;
  nodes.forEach((n, i) => {
    if (kept[i]) return;
    merged++;
    if (n.parent < 0 || !kept[n.parent]) return;
    const parent = index[n.parent];
    let other = others.get(parent);
    if (!other)
      others.set(
        parent,
        (other = { parent, kind: 'other', label: '', inclusive: 0, exclusive: 0, firstStep: n.firstStep, calls: 0, count: 0 }),
      );
    other.inclusive += n.inclusive;
    other.exclusive += n.inclusive;
    other.calls += n.calls;
    other.count++;
    other.firstStep = Math.min(other.firstStep, n.firstStep);
  });
  for (const { count, ...other } of others.values()) out.push({ ...other, label: `other (${count})` });
  const lines: GasLine[] = profile.lines
    .slice(0, maxLines)
    .map(({ sourceName, line, gas, openable }) => ({ sourceName, line, gas, openable }));
  return { total: profile.total, nodes: out, merged, withSources: profile.withSources, lines };
}
