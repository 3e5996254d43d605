/**
 * For tests and stories that check that nothing (more) happens: a request that must not be sent, an
 * event that must not fire, a render that must not repeat. Instead of a fixed real-time window (too
 * short on a busy machine, wasted time on an idle one), they wait until the page's event loop has no
 * work left: the stubbed servers answer in-process, so by then every promise chain, fetch answer,
 * update and queued event (an `unhandledrejection` too) that the step started has run. `limitMs`
 * bounds the wait on a page that never goes idle; the test's checks then speak for themselves.
 */
export function browserIdle(limitMs = 2000): Promise<void> {
  return new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: limitMs }));
}
