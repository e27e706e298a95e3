/* The pane's service worker: it keeps a copy of the pane's own files, so that the page loads
 * (and says how to start the server) when toa serve is not running. Network first: while the
 * server answers, every file is its newest and the copy is renewed; only when it does not is
 * the copy served. Nothing but these files is touched: the API's requests go to the network. */
const CACHE = "toa-pane";
const FILES = [
  "taskpane.html", "taskpane.css", "taskpane.js", "api.js", "edits.js", "fields.js", "follow.js", "state.js", "view.js", "word.js",
];

function isPaneFile(url) {
  return url.origin === self.location.origin && FILES.includes(url.pathname.slice(1));
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES.map((f) => `/${f}`))).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || !isPaneFile(url)) return;
  event.respondWith(fetch(event.request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      event.waitUntil(caches.open(CACHE).then((cache) => cache.put(url.pathname, copy)));
    }
    return response;
  }, () => caches.open(CACHE).then((cache) => cache.match(url.pathname)).then((kept) => kept || Response.error())));
});
