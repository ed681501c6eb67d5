// The field app's start: open the phone's store, ask for persistent
// storage and say what the browser answered, register the service worker,
// draw the screen, and sync whenever the network is there (opening the app,
// the online event, a timer, Background Sync where the browser has it).
import { loadSession, signOut } from "./api";
import { getMeta, openDB, setMeta } from "./db";
import { browserLang, languages, setLang, t } from "./i18n";
import { unsent } from "./queue";
import { draw, go } from "./screens";
import { onSync, syncNow, type SyncOutcome } from "./sync";
import { byId, fill, h } from "./ui";

/** Minutes between syncs while the app is open. */
const SYNC_EVERY_MS = 5 * 60 * 1000;

function notice(id: string, text: string, cls = "muted"): void {
  const box = byId("notices");
  box.querySelector(`#${id}`)?.remove();
  if (text) box.append(h("p", { id, class: cls }, text));
}

// storage asks the browser to keep the app's data (not to evict it when
// space runs short) and shows its answer.
async function storage(): Promise<void> {
  const persist = navigator.storage?.persist;
  if (!persist) {
    notice("storage", t("field.storage.notpersisted"));
    return;
  }
  const granted = (await navigator.storage.persisted()) || (await navigator.storage.persist());
  notice("storage", granted ? t("field.storage.persisted") : t("field.storage.notpersisted"), granted ? "ok" : "muted");
}

function network(): void {
  const badge = byId("net");
  badge.textContent = navigator.onLine ? t("field.net.online") : t("field.net.offline");
  badge.className = navigator.onLine ? "net on" : "net off";
}

// shell draws the top bar and the navigation; without a store (kept
// false) only the top bar with the language: there is nothing to go to.
function shell(kept = true): void {
  const select = h("select", { id: "lang", "aria-label": t("field.lang") },
    languages.map(([tag, name]) => h("option", { value: tag, lang: tag, selected: document.documentElement.lang === tag }, name)));
  select.addEventListener("change", () => {
    if (!kept) {
      setLang(select.value);
      unsupported();
      return;
    }
    void setMeta("lang", select.value).then(() => {
      setLang(select.value);
      shell();
      network();
      void storage();
      void draw();
    });
  });
  const out = h("button", { type: "button", id: "signout", class: "link" }, t("field.nav.signout"));
  out.addEventListener("click", () => {
    void (async () => {
      const n = await unsent();
      if (n > 0 && !confirm(t("field.signout.confirm", { Count: n }))) return;
      await signOut();
      go("#/signin");
    })();
  });
  fill(byId("top"), h("span", { class: "brand" }, t("field.title")), h("span", { id: "net" }), select);
  if (!kept) {
    fill(byId("nav"));
    return;
  }
  fill(byId("nav"),
    h("a", { href: "#/plan" }, t("field.nav.plan")),
    h("a", { href: "#/search" }, t("field.nav.search")),
    h("a", { href: "#/sync" }, t("field.nav.sync")),
    out);
}

// unsupported says the browser cannot keep data, in the chosen language.
function unsupported(): void {
  shell(false);
  notice("storage", t("field.storage.unsupported"), "bad");
}

function synced(o: SyncOutcome | "busy"): void {
  if (o === "offline" || o === "done") {
    const badge = byId("net");
    badge.textContent = o === "done" ? t("field.net.online") : t("field.net.offline");
    badge.className = o === "done" ? "net on" : "net off";
  }
  const text: Record<string, string> = {
    busy: t("field.sync.busy"), offline: t("field.sync.failed"), failed: t("field.sync.failed"),
    signin: t("field.signin.again"), other_tab: t("field.sync.other"), done: "",
  };
  notice("sync", text[o] ?? "", o === "signin" ? "bad" : "muted");
  if (o === "signin" && !location.hash.startsWith("#/signin")) go("#/signin");
  if (o === "done") {
    void getMeta<number>("restored_at").then((at) => notice("restored", at && Date.now() - at < 60000 ? t("field.sync.restored") : ""));
    const route = location.hash;
    if (!route.startsWith("#/inspection") && !route.startsWith("#/signin")) void draw(); // never redraw under the person's thumb
  }
}

// worker registers the service worker; a new version waits until the
// person chooses to use it (its queue is in IndexedDB, which both share).
async function worker(): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  let chosen = false;
  const reg = await navigator.serviceWorker.register("sw.js", { scope: "./" });
  reg.addEventListener("updatefound", () => {
    const next = reg.installing;
    next?.addEventListener("statechange", () => {
      if (next.state !== "installed" || !navigator.serviceWorker.controller) return;
      // Its own id: the notice beside it is #update.
      const use = h("button", { type: "button", id: "update-now" }, t("field.update.reload"));
      use.addEventListener("click", () => {
        chosen = true;
        next.postMessage("skipWaiting");
      });
      notice("update", t("field.update.ready"));
      byId("notices").querySelector("#update-now")?.remove();
      byId("notices").append(use);
    });
  });
  // Reload into the new version only when the person chose it: the first
  // install also takes control (clients.claim) and must not wipe a form.
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (chosen) location.reload();
  });
  navigator.serviceWorker.addEventListener("message", (e) => {
    if (e.data === "sync") void syncNow();
  });
  const sync = (reg as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync;
  if (sync) await sync.register("tindal-sync").catch(() => undefined);
  else notice("bgsync", t("field.sync.nobgsync"));
}

async function start(): Promise<void> {
  try {
    await openDB();
  } catch {
    // No store (a private window): the message and nothing else, so
    // nothing is captured that closing the window would lose.
    setLang(browserLang());
    unsupported();
    return;
  }
  setLang((await getMeta<string>("lang")) ?? browserLang());
  await loadSession();
  shell();
  network();
  onSync(synced);
  window.addEventListener("hashchange", () => void draw());
  window.addEventListener("online", () => {
    network();
    void syncNow();
  });
  window.addEventListener("offline", network);
  await draw();
  void storage();
  void worker().catch((err: unknown) => console.warn("service worker:", err));
  void syncNow();
  setInterval(() => void syncNow(), SYNC_EVERY_MS);
}

void start();
