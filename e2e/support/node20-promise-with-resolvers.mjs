// SvelteKit 3 declares Node >= 22.17. On Node 20 its build runs until the prerender step, which calls
// Promise.withResolvers (Node 22+) and fails. The e2e runs load this with --import to build and serve
// the SvelteKit 3 app on Node 20 anyway; an app on Node 22 needs nothing.
if (typeof Promise.withResolvers !== "function") {
  Promise.withResolvers = function withResolvers() {
    let resolve;
    let reject;
    const promise = new this((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}
