// The service worker: precaches the app's shell of this build (its version
// is the hash of the files, set by build.mjs) so that a reload or a cold
// start with no network opens the app; drops older builds' caches once it
// takes over. It never caches the API: the app's data lives in IndexedDB.
// A Background Sync wakes the open app to sync.

declare const __VERSION__: string;
declare const __SHELL__: string[];

interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(r: Promise<Response> | Response): void;
}
interface Scope {
  registration: { scope: string };
  clients: { claim(): Promise<void>; matchAll(o?: { type?: string }): Promise<{ postMessage(m: unknown): void }[]> };
  skipWaiting(): Promise<void>;
  addEventListener(type: string, fn: (e: never) => void): void;
}
const sw = self as unknown as Scope;
const CACHE = `tindal-field-${__VERSION__}`;

sw.addEventListener("install", (e: ExtendableEvent) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(__SHELL__.map((f) => new Request(f, { cache: "reload" })))));
});

sw.addEventListener("activate", (e: ExtendableEvent) => {
  e.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("tindal-field-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener("message", (e: MessageEvent) => {
  if (e.data === "skipWaiting") void sw.skipWaiting();
});

// The shell from the cache (navigations to any /field/ URL answer the
// shell); everything else goes to the network untouched.
sw.addEventListener("fetch", (e: FetchEvent) => {
  const url = new URL(e.request.url);
  if (e.request.method !== "GET" || url.origin !== location.origin || !url.pathname.startsWith(new URL(sw.registration.scope).pathname)) return;
  const key = e.request.mode === "navigate" ? "./" : e.request;
  e.respondWith(
    caches.open(CACHE).then(async (c) => (await c.match(key, { ignoreSearch: true })) ?? fetch(e.request)),
  );
});

sw.addEventListener("sync", (e: ExtendableEvent & { tag: string }) => {
  if (e.tag !== "tindal-sync") return;
  e.waitUntil(sw.clients.matchAll({ type: "window" }).then((cs) => cs.forEach((c) => c.postMessage("sync"))));
});
