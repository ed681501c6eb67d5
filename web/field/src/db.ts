// The phone's store: IndexedDB, with its schema written as ordered
// migrations the way the server writes SQL ones. An upgrade only ever adds:
// no migration deletes or recreates a store that holds the queue or photos,
// so work queued by an older version of the app crosses every upgrade.

/** The database's name; one per origin. */
export const DB_NAME = "tindal-field";

type Migration = (db: IDBDatabase, tx: IDBTransaction) => void;

/**
 * The migrations, in order: version N of the database is the first N of
 * them. Append; never edit or remove one that has shipped.
 */
export const migrations: Migration[] = [
  // 1. meta: key → value (session, cursor, epoch, seq, plan …);
  //    records: what the pull sent, by [type, id];
  //    staging: a resync's new copy until its last page (docs/SYNC.md §6.10);
  //    queue: every mutation by seq, kept 30 days after its final result;
  //    photos: the bytes of attached photos, by photo id.
  (db) => {
    db.createObjectStore("meta");
    db.createObjectStore("records", { keyPath: ["type", "id"] }).createIndex("type", "type");
    db.createObjectStore("staging", { keyPath: ["type", "id"] });
    db.createObjectStore("queue", { keyPath: "seq" }).createIndex("aggregate", "aggregate");
    db.createObjectStore("photos", { keyPath: "id" });
  },
  // 2. photos by inspection: opening an inspection reads its own photos,
  //    not every photo the phone holds.
  (_db, tx) => {
    tx.objectStore("photos").createIndex("inspection", "inspection");
  },
];

/** A pulled record as stored. */
export interface StoredRecord {
  type: string;
  id: string;
  version: number;
  data: unknown;
}

/** A queued mutation and what the server answered for it. */
export interface QueueEntry {
  seq: number;
  /** The inspection the mutation belongs to (its aggregate). */
  aggregate: string;
  mutation: import("./types").PushMutation;
  /** pending: to send; final: the server's final answer is in result. */
  state: "pending" | "final";
  result?: import("./types").PushResult;
  finalAt?: number;
}

/** A photo's bytes, kept until the server verified them (and 30 days more). */
export interface StoredPhoto {
  id: string;
  inspection: string;
  seq: number;
  blob: Blob;
  sha256: string;
  size: number;
  type: string;
  state: "pending" | "verified" | "rejected";
  offset: number;
  problem?: string;
}

let opened: Promise<IDBDatabase> | undefined;

/** Opens (and upgrades) the database once per page. */
export function openDB(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    if (typeof indexedDB === "undefined") {
      reject(new Error("no IndexedDB"));
      return;
    }
    const req = indexedDB.open(DB_NAME, migrations.length);
    req.onupgradeneeded = (ev) => {
      const tx = req.transaction;
      if (!tx) return;
      for (let v = ev.oldVersion; v < migrations.length; v++) migrations[v]?.(req.result, tx);
    };
    req.onsuccess = () => {
      const db = req.result;
      // A newer tab wants to upgrade: let it, and reload into the new version.
      db.onversionchange = () => {
        db.close();
        location.reload();
      };
      resolve(db);
    };
    req.onerror = () => reject(req.error ?? new Error("open IndexedDB"));
    req.onblocked = () => reject(new Error("IndexedDB upgrade blocked by another tab"));
  });
  return opened;
}

/** Runs fn in one transaction over stores; resolves when it committed. */
export async function tx<T>(
  stores: string[],
  mode: IDBTransactionMode,
  fn: (t: IDBTransaction) => T | Promise<T>,
): Promise<T> {
  const db = await openDB();
  const t = db.transaction(stores, mode);
  const done = new Promise<void>((resolve, reject) => {
    t.oncomplete = () => resolve();
    t.onabort = () => reject(t.error ?? new DOMException("aborted", "AbortError"));
    t.onerror = () => reject(t.error ?? new DOMException("failed", "UnknownError"));
  });
  let out: T;
  try {
    out = await fn(t);
  } catch (err) {
    try {
      t.abort();
    } catch {
      // already finished
    }
    await done.catch(() => undefined);
    throw err;
  }
  await done;
  return out;
}

/** The result of one request, as a promise. */
export function req<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error("IndexedDB request"));
  });
}

/** One value of meta. */
export async function getMeta<T>(key: string): Promise<T | undefined> {
  return tx(["meta"], "readonly", (t) => req(t.objectStore("meta").get(key) as IDBRequest<T | undefined>));
}

/** Sets one value of meta. */
export async function setMeta(key: string, value: unknown): Promise<void> {
  await tx(["meta"], "readwrite", (t) => req(t.objectStore("meta").put(value, key)));
}

/** Every record of a type. */
export async function recordsOf<T>(type: string): Promise<T[]> {
  const rows = await tx(["records"], "readonly", (t) =>
    req(t.objectStore("records").index("type").getAll(type) as IDBRequest<StoredRecord[]>),
  );
  return rows.map((r) => r.data as T);
}

/** One record, if held. */
export async function record<T>(type: string, id: string): Promise<T | undefined> {
  const row = await tx(["records"], "readonly", (t) =>
    req(t.objectStore("records").get([type, id]) as IDBRequest<StoredRecord | undefined>),
  );
  return row?.data as T | undefined;
}

/** Every queued mutation, in seq order. */
export async function queueEntries(): Promise<QueueEntry[]> {
  return tx(["queue"], "readonly", (t) => req(t.objectStore("queue").getAll() as IDBRequest<QueueEntry[]>));
}

/** Every held photo. */
export async function photoEntries(): Promise<StoredPhoto[]> {
  return tx(["photos"], "readonly", (t) => req(t.objectStore("photos").getAll() as IDBRequest<StoredPhoto[]>));
}

/** The photos of one inspection. */
export async function photosOf(inspection: string): Promise<StoredPhoto[]> {
  return tx(["photos"], "readonly", (t) =>
    req(t.objectStore("photos").index("inspection").getAll(inspection) as IDBRequest<StoredPhoto[]>),
  );
}

/** Whether err is the browser refusing a write for want of space. */
export function isQuotaError(err: unknown): boolean {
  return err instanceof DOMException && (err.name === "QuotaExceededError" || err.code === 22);
}
