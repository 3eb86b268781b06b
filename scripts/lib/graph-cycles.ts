/** Strongly connected components with more than one node, or a node with an edge to itself. */
export function cycles(nodes: Iterable<string>, next: (n: string) => Iterable<string>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string) => {
    order.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!order.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, order.get(w) ?? 0));
      }
    }
    if (low.get(v) === order.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || [...next(v)].includes(v)) found.push(component.sort());
    }
  };
  for (const n of nodes) if (!order.has(n)) connect(n);
  return found;
}
