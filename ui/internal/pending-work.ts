/**
 * Work an element starts that its `updateComplete` should include: code and messages loaded on
 * demand (./customization-loader.ts, ./catalogues.ts). Lit's docs suggest overriding
 * `getUpdateComplete` for updates that depend on async work; this does it once per element, for
 * any number of such loads, and re-renders the element when each one settles.
 */
import type { ReactiveElement } from "lit";

const pendingWork = new WeakMap<ReactiveElement, Set<Promise<void>>>();

/** Makes `host.updateComplete` wait for `work` (fulfilled or not) and for the re-render after it. */
export function waitFor(host: ReactiveElement, work: Promise<unknown>): void {
  let pending = pendingWork.get(host);
  if (!pending) {
    const works = (pending = new Set());
    pendingWork.set(host, works);
    const element = host as unknown as { getUpdateComplete(): Promise<boolean> };
    const own = element.getUpdateComplete.bind(host);
    element.getUpdateComplete = async () => {
      let complete = await own();
      while (works.size) {
        await Promise.all(works);
        complete = await own();
      }
      return complete;
    };
  }
  const works = pending;
  const settled: Promise<void> = work.then(
    () => undefined,
    () => undefined,
  ).then(() => {
    works.delete(settled);
    host.requestUpdate();
  });
  works.add(settled);
}
