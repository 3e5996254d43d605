/**
 * Work an element starts that its `updateComplete` should include: code and messages loaded on
 * demand (./customization-loader.ts, ./catalogues.ts). Lit's docs suggest overriding
 * `getUpdateComplete` for updates that depend on async work; {@link trackPendingWork} does it once
 * per element, for any number of such loads, and the element re-renders when each one settles.
 *
 * The override must be in place before anyone reads `updateComplete`: a caller that sets a theme
 * and awaits `updateComplete` at once holds that promise before the update that starts the load has
 * run. So elements install it when they are constructed (`LocalizeController` does it for each).
 */
import type { ReactiveElement } from "lit";

const pendingWork = new WeakMap<ReactiveElement, Set<Promise<void>>>();

/** Makes `host.updateComplete` also wait for the work given to {@link waitFor}; idempotent. Call it in the constructor. */
export function trackPendingWork(host: ReactiveElement): Set<Promise<void>> {
  let works = pendingWork.get(host);
  if (!works) {
    const pending = (works = new Set());
    pendingWork.set(host, pending);
    const element = host as unknown as { getUpdateComplete(): Promise<boolean> };
    const own = element.getUpdateComplete.bind(host);
    element.getUpdateComplete = async () => {
      let complete = await own();
      while (pending.size) {
        await Promise.all(pending);
        complete = await own();
      }
      return complete;
    };
  }
  return works;
}

/** Makes `host.updateComplete` wait for `work` (fulfilled or not) and for the re-render after it. */
export function waitFor(host: ReactiveElement, work: Promise<unknown>): void {
  const works = trackPendingWork(host);
  const settled: Promise<void> = work
    .catch(() => undefined)
    .then(() => {
      works.delete(settled);
      host.requestUpdate();
    });
  works.add(settled);
}
