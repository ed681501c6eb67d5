// Sync (docs/SYNC.md): push the queue in seq order with its ids, then
// upload the photos the server accepted, then pull pages with the signed
// cursor until has_more is false. One sync at a time across every tab of
// the app (Web Locks). Nothing leaves the phone's store before the
// server's final answer, and every mutation is kept 30 days after it.
import { api, authed, hasSession, retryAfter, session, sleep, SignInNeeded, type Problem } from "./api";
import { getMeta, req, tx, type QueueEntry, type StoredRecord } from "./db";
import { uploadPhotos } from "./photos";
import { anchor } from "./queue";
import { PROTOCOL_VERSION, type InspectionSummary, type PushResult, type SyncItem } from "./types";

/** How a sync ended, for the screen. */
export type SyncOutcome = "done" | "offline" | "signin" | "other_tab" | "failed";

/** Kept mutations and their photos are forgotten this long after their final answer (docs/SYNC.md §3). */
export const KEEP_MS = 30 * 24 * 3600 * 1000;

/** A push batch: the protocol allows 500; smaller batches finish on a slow link. */
const BATCH = 50;

/** The server's database was restored: carries the new epoch. */
class EpochChanged extends Error {
  constructor(readonly epoch: string) {
    super("epoch changed");
  }
}

let listeners: Array<(o: SyncOutcome | "busy") => void> = [];

/** Tells fn about every sync's start and end. */
export function onSync(fn: (o: SyncOutcome | "busy") => void): void {
  listeners.push(fn);
}

/**
 * Syncs now, unless another tab of the app is: then "other_tab". Errors
 * are outcomes, never thrown: the queue stays for the next try.
 */
export async function syncNow(): Promise<SyncOutcome> {
  if (!("locks" in navigator)) return runSync(); // no Web Locks: one tab is all a phone runs
  const out = await navigator.locks.request("tindal-field-sync", { ifAvailable: true }, async (lock) =>
    lock ? runSync() : ("other_tab" as const),
  );
  return out;
}

async function runSync(): Promise<SyncOutcome> {
  if (!hasSession()) return "signin"; // not signed in yet: nothing to tell anyone
  listeners.forEach((f) => f("busy"));
  let out: SyncOutcome;
  try {
    session();
    await syncOnce();
    await tx(["meta"], "readwrite", (t) => req(t.objectStore("meta").put(Date.now(), "last_sync")));
    out = "done";
  } catch (err) {
    out = err instanceof SignInNeeded ? "signin" : err instanceof TypeError ? "offline" : "failed";
    if (out === "failed") console.warn("sync:", err);
  }
  listeners.forEach((f) => f(out));
  return out;
}

async function syncOnce(): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await push();
      await uploadPhotos();
      await pull();
      await refreshPlan();
      await forgetOld();
      return;
    } catch (err) {
      if (!(err instanceof EpochChanged)) throw err;
      await startOver(err.epoch);
    }
  }
  throw new Error("the server's epoch kept changing");
}

/**
 * docs/SYNC.md §6.10: a restored server. Take its epoch, forget the cursor,
 * mark every kept mutation to be sent again (exactly once by id makes that
 * safe) and every kept photo to be planned again, and pull the next copy
 * into staging, which replaces the records only once it is whole.
 */
async function startOver(epoch: string): Promise<void> {
  await tx(["meta", "queue", "photos", "staging"], "readwrite", async (t) => {
    const meta = t.objectStore("meta");
    await req(meta.put(epoch, "epoch"));
    await req(meta.delete("cursor"));
    await req(meta.put(0, "acked_seq"));
    await req(meta.put(true, "resync"));
    await req(meta.put(Date.now(), "restored_at"));
    await req(t.objectStore("staging").clear());
    const q = t.objectStore("queue");
    for (const e of (await req(q.getAll())) as QueueEntry[]) await req(q.put({ ...e, state: "pending" }));
    const ph = t.objectStore("photos");
    for (const p of (await req(ph.getAll())) as import("./db").StoredPhoto[]) {
      if (p.state === "verified") await req(ph.put({ ...p, state: "pending", offset: 0 }));
    }
  });
}

/** ack_seq: the highest seq below which every mutation has its final answer. */
function ackSeq(entries: QueueEntry[], last: number): number {
  const open = entries.filter((e) => e.state !== "final").map((e) => e.seq);
  return open.length ? Math.min(...open) - 1 : last;
}

async function push(): Promise<void> {
  for (let round = 0; round < 40; round++) {
    const all = await tx(["queue"], "readonly", (t) => req(t.objectStore("queue").getAll() as IDBRequest<QueueEntry[]>));
    const pending = all.filter((e) => e.state === "pending");
    if (pending.length === 0) return;
    const last = (await getMeta<number>("seq")) ?? 0;
    const epoch = await getMeta<string>("epoch");
    const batch = pending.slice(0, BATCH);
    const { data, error, response } = await authed(() =>
      api.POST("/v1/sync/push", {
        params: {
          header: { "X-Device-Id": session().deviceId, "X-Protocol-Version": PROTOCOL_VERSION, "X-Device-Time": new Date().toISOString() },
        },
        body: { ack_seq: ackSeq(all, last), ...(epoch ? { epoch } : {}), mutations: batch.map((e) => e.mutation) },
      }),
    );
    if (response.status === 409 || response.status === 503) {
      await sleep(retryAfter(response, 2) * 1000);
      continue;
    }
    if (!data) {
      const p = error as Problem | undefined;
      if (response.status === 410 && p?.reason === "epoch_changed" && p.epoch) throw new EpochChanged(p.epoch);
      throw new Error(`push ${response.status} ${p?.code ?? ""}`);
    }
    await anchor(data.server_time);
    if (epoch && data.epoch && data.epoch !== epoch) throw new EpochChanged(data.epoch);
    const progressed = await storeResults(data.results, data.inspections, data.epoch);
    if (!progressed) await sleep(1000 * Math.min(8, 2 ** Math.min(round, 3))); // only deferred or retry: wait, resend
    if (!progressed && round >= 3) return; // deferred work waits at the server; the next sync resends it
  }
}

/** Final answers of the protocol (docs/SYNC.md §3). */
export function isFinal(r: PushResult): boolean {
  return r.status === "applied" || r.status === "replayed" || r.status === "merged" || r.status === "rejected";
}

// storeResults writes a push's answers and the server's truth of the
// inspections it touched in one transaction.
async function storeResults(results: PushResult[], inspections: InspectionSummary[], epoch?: string): Promise<boolean> {
  return tx(["queue", "records", "meta"], "readwrite", async (t) => {
    const q = t.objectStore("queue");
    let progressed = false;
    for (const r of results) {
      const e = (await req(q.get(r.seq))) as QueueEntry | undefined;
      if (!e || e.mutation.id !== r.id) continue;
      const final = isFinal(r);
      progressed ||= final;
      await req(q.put({ ...e, result: r, state: final ? "final" : "pending", ...(final ? { finalAt: Date.now() } : {}) }));
    }
    const recs = t.objectStore("records");
    for (const s of inspections) await req(recs.put({ type: "summary", id: s.id, version: s.version, data: s } satisfies StoredRecord));
    if (epoch) await req(t.objectStore("meta").put(epoch, "epoch"));
    return progressed;
  });
}

async function pull(): Promise<void> {
  for (let page = 0; page < 10000; page++) {
    const cursor = await getMeta<string>("cursor");
    const { data, error, response } = await authed(() =>
      api.GET("/v1/sync/pull", {
        params: { query: { limit: 500, ...(cursor ? { cursor } : {}) }, header: { "X-Protocol-Version": PROTOCOL_VERSION } },
      }),
    );
    if (response.status === 503) {
      await sleep(retryAfter(response, 2) * 1000);
      continue;
    }
    if (!data) {
      const p = error as Problem | undefined;
      if (response.status === 410 && p?.reason === "epoch_changed" && p.epoch) throw new EpochChanged(p.epoch);
      if ((response.status === 410 && p?.reason === "retention") || p?.code === "invalid_cursor") {
        await resyncFromScratch();
        continue;
      }
      throw new Error(`pull ${response.status} ${p?.code ?? ""}`);
    }
    const held = await getMeta<string>("epoch");
    if (held && data.epoch && data.epoch !== held) throw new EpochChanged(data.epoch);
    await anchor(data.server_time);
    await storePage(data.items, data.cursor, data.epoch, data.has_more ? undefined : data.acked_seq);
    if (!data.has_more) return;
  }
}

// resyncFromScratch pulls again without a cursor into staging (a cursor
// too old for the change log, or refused): the queue was pushed first.
async function resyncFromScratch(): Promise<void> {
  await tx(["meta", "staging"], "readwrite", async (t) => {
    await req(t.objectStore("meta").delete("cursor"));
    await req(t.objectStore("meta").put(true, "resync"));
    await req(t.objectStore("staging").clear());
  });
}

// storePage applies one page and stores its cursor in one transaction
// (docs/SYNC.md §6.9). During a resync the page goes to staging, and the
// last page swaps staging in for the records.
async function storePage(items: SyncItem[], cursor: string, epoch: string | undefined, acked: number | null | undefined): Promise<void> {
  await tx(["meta", "records", "staging"], "readwrite", async (t) => {
    const meta = t.objectStore("meta");
    const resync = (await req(meta.get("resync"))) === true;
    const store = t.objectStore(resync ? "staging" : "records");
    for (const it of items) await applyItem(store, it);
    await req(meta.put(cursor, "cursor"));
    if (epoch) await req(meta.put(epoch, "epoch"));
    if (acked === undefined) return;
    if (acked !== null) await req(meta.put(acked, "acked_seq"));
    if (resync) {
      const recs = t.objectStore("records");
      const kept = ((await req(recs.index("type").getAll("summary"))) as StoredRecord[]);
      await req(recs.clear());
      for (const r of (await req(store.getAll())) as StoredRecord[]) await req(recs.put(r));
      for (const r of kept) await req(recs.put(r));
      await req(store.clear());
      await req(meta.put(false, "resync"));
    }
  });
}

// applyItem keeps the higher version (docs/SYNC.md §6.3); delete and
// remove_from_scope drop the copy (queued work is in the queue, untouched).
async function applyItem(store: IDBObjectStore, it: SyncItem): Promise<void> {
  if (it.op !== "upsert") {
    await req(store.delete([it.type, it.id]));
    return;
  }
  const held = (await req(store.get([it.type, it.id]))) as StoredRecord | undefined;
  if (held && held.version > it.version) return;
  await req(store.put({ type: it.type, id: it.id, version: it.version, data: it.data } satisfies StoredRecord));
}

// refreshPlan keeps today's risk-ranked plan for the day offline. A
// vessel's open findings come with the pull (each finding names its vessel).
async function refreshPlan(): Promise<void> {
  const { data } = await authed(() => api.GET("/v1/plan", { params: { query: { limit: 100 } } }));
  if (!data) return;
  await tx(["meta"], "readwrite", (t) => req(t.objectStore("meta").put({ on: data.on, items: data.items }, "plan")));
}

// forgetOld drops mutations, and photos, 30 days after their final answer.
async function forgetOld(): Promise<void> {
  const before = Date.now() - KEEP_MS;
  await tx(["queue", "photos"], "readwrite", async (t) => {
    const q = t.objectStore("queue");
    for (const e of (await req(q.getAll())) as QueueEntry[]) {
      if (e.state === "final" && (e.finalAt ?? Date.now()) < before) {
        await req(q.delete(e.seq));
        if (e.mutation.name === "photo.attach") await req(t.objectStore("photos").delete(e.mutation.args.id));
      }
    }
  });
}
