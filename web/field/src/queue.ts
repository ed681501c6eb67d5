// Recording work: every action becomes a mutation queued in the phone's
// store, in one transaction with the seq it takes (and, for a photo, its
// bytes), so nothing recorded can be half written.
import { getMeta, isQuotaError, req, tx, type QueueEntry, type StoredPhoto } from "./db";
import type { PushMutation } from "./types";

/** The server-anchored clock: the server's time minus ours, and when it was read. */
interface Anchor {
  skewMs: number;
  at: number;
}

/** Remembers the server's clock from a response's server_time. */
export async function anchor(serverTime: string): Promise<Anchor> {
  const a = { skewMs: Date.parse(serverTime) - Date.now(), at: Date.now() };
  await tx(["meta"], "readwrite", (t) => req(t.objectStore("meta").put(a, "anchor")));
  return a;
}

/** A UUIDv7: time-ordered, made on the phone. */
export function uuidv7(): string {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  let ms = Date.now();
  for (let i = 5; i >= 0; i--) {
    b[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x70;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A mutation without its envelope, as the screens make it. */
export type Intent = Omit<PushMutation, "id" | "seq" | "base_version" | "captured_at" | "captured_raw" | "anchor_age_ms">;

/** The inspection a mutation belongs to. */
export function aggregateOf(m: Intent): string {
  const a = m.args as { id?: string; inspection_id?: string; vessel_id?: string };
  if (m.name === "inspection.start") return a.id ?? "";
  return a.inspection_id ?? a.vessel_id ?? "";
}

/** The envelope of a mutation taken now (inside the transaction that queues it). */
async function envelope(t: IDBTransaction, baseVersion: number) {
  const meta = t.objectStore("meta");
  const seq = ((await req(meta.get("seq") as IDBRequest<number | undefined>)) ?? 0) + 1;
  await req(meta.put(seq, "seq"));
  const a = await req(meta.get("anchor") as IDBRequest<Anchor | undefined>);
  const now = Date.now();
  return {
    id: uuidv7(),
    seq,
    base_version: baseVersion,
    captured_raw: new Date(now).toISOString(),
    ...(a ? { captured_at: new Date(now + a.skewMs).toISOString(), anchor_age_ms: now - a.at } : {}),
  };
}

/** Queues one mutation; resolves to its id once it is stored. */
export async function enqueue(m: Intent, baseVersion = 0): Promise<string> {
  return tx(["meta", "queue"], "readwrite", async (t) => {
    const env = await envelope(t, baseVersion);
    const mutation = { ...m, ...env } as PushMutation;
    const e: QueueEntry = { seq: env.seq, aggregate: aggregateOf(m), mutation, state: "pending" };
    await req(t.objectStore("queue").add(e));
    return env.id;
  });
}

/** Why a photo was not kept. */
export class StorageFull extends Error {}

/** Lower-case hex SHA-256 of a blob's bytes, computed on the phone. */
export async function sha256Hex(b: Blob): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", await b.arrayBuffer()));
  return Array.from(d, (x) => x.toString(16).padStart(2, "0")).join("");
}

const photoTypes = ["image/jpeg", "image/png", "image/webp", "image/heic"] as const;

/**
 * Keeps a photo as the camera wrote it (never re-encoded: the server reads
 * its EXIF time and place) and queues its photo.attach, in one transaction.
 * A full store throws StorageFull and changes nothing.
 */
export async function attachPhoto(inspection: string, file: Blob, findingId?: string): Promise<string> {
  // Refuse before writing when the store cannot take the bytes (the
  // browser's own refusal below is the last line, not the first).
  const est = await navigator.storage?.estimate?.().catch(() => undefined);
  if (est?.quota !== undefined && est.usage !== undefined && est.usage + file.size * 1.1 > est.quota) throw new StorageFull("storage full");
  const sha256 = await sha256Hex(file);
  const type = photoTypes.find((x) => x === file.type) ?? "image/jpeg";
  const blob = new Blob([await file.arrayBuffer()], { type }); // the bytes, not a handle to a file that may go
  const id = uuidv7();
  try {
    await tx(["meta", "queue", "photos"], "readwrite", async (t) => {
      const env = await envelope(t, 0);
      const args = { id, inspection_id: inspection, sha256, size: blob.size, content_type: type, taken_at: env.captured_raw,
        ...(findingId ? { finding_id: findingId } : {}) };
      const mutation = { name: "photo.attach", version: 1, args, ...env } as PushMutation;
      await req(t.objectStore("queue").add({ seq: env.seq, aggregate: inspection, mutation, state: "pending" } satisfies QueueEntry));
      const p: StoredPhoto = { id, inspection, seq: env.seq, blob, sha256, size: blob.size, type, state: "pending", offset: 0 };
      await req(t.objectStore("photos").add(p));
    });
  } catch (err) {
    if (isQuotaError(err)) throw new StorageFull("storage full");
    throw err;
  }
  return id;
}

/** How many mutations have no final answer yet. */
export async function unsent(): Promise<number> {
  const all = await tx(["queue"], "readonly", (t) => req(t.objectStore("queue").getAll() as IDBRequest<QueueEntry[]>));
  return all.filter((e) => e.state !== "final").length;
}

/** The last seq this phone used. */
export async function lastSeq(): Promise<number> {
  return (await getMeta<number>("seq")) ?? 0;
}
