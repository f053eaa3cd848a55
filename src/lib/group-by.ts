/** Groups `items` by `key`, keeping first-seen order (Map.groupBy arrived after Node 20). */
export function groupBy<T, K>(items: readonly T[], key: (item: T, index: number) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const [i, item] of items.entries()) {
    const k = key(item, i);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
