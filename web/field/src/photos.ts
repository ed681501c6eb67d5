// Photo bytes (docs/PHOTOS.md §4): through the server, resumable. Each
// photo whose photo.attach the server took (applied, replayed or deferred)
// is planned with method resumable, then sent with PATCH from the offset
// the server holds; after a drop the app asks for that offset and sends
// only the rest, backing off on a dead link. The bytes stay on the phone
// until the server says verified (and, as every kept mutation, 30 days more).
import { api, authed, retryAfter, sleep } from "./api";
import { photoEntries, req, tx, type QueueEntry, type StoredPhoto } from "./db";

/** Backoff between tries on a dead link: 1, 2, 4 … 30 s. */
function backoff(attempt: number): number {
  return Math.min(30000, 1000 * 2 ** attempt) * (0.75 + Math.random() / 2);
}

async function save(p: StoredPhoto): Promise<void> {
  await tx(["photos"], "readwrite", (t) => req(t.objectStore("photos").put(p)));
}

/** Whether the server has taken the photo's attach (only then may it be planned). */
function attachTaken(e: QueueEntry | undefined): boolean {
  const r = e?.result;
  if (!r) return false;
  if (r.status === "deferred" || r.status === "applied" || r.status === "merged") return true;
  return r.status === "replayed" && r.outcome?.status !== "rejected";
}

/** Uploads every pending photo whose attach the server took. */
export async function uploadPhotos(): Promise<void> {
  const photos = (await photoEntries()).filter((p) => p.state === "pending");
  for (const p of photos) {
    const e = await tx(["queue"], "readonly", (t) => req(t.objectStore("queue").get(p.seq) as IDBRequest<QueueEntry | undefined>));
    if (e?.result?.status === "rejected" || (e?.result?.status === "replayed" && e.result.outcome?.status === "rejected")) {
      await save({ ...p, state: "rejected", problem: e.result.code ?? "rejected" });
      continue;
    }
    if (!attachTaken(e)) continue;
    await uploadOne(p);
  }
}

// uploadOne sends one photo; a network error propagates after a few tries
// (the next sync resumes from the server's offset).
async function uploadOne(p: StoredPhoto): Promise<void> {
  let offset: number | undefined;
  for (let attempt = 0; attempt < 8; attempt++) {
    try {
      if (offset === undefined) {
        const { data, response } = await authed(() =>
          api.POST("/v1/photos", { body: { id: p.id, sha256: p.sha256, size: p.size, content_type: p.type as "image/jpeg", method: "resumable" } }),
        );
        if (response.status === 503) {
          await sleep(retryAfter(response, 2) * 1000);
          continue;
        }
        if (!data) throw new Error(`plan ${response.status}`);
        if (data.status !== "upload") {
          await save({ ...p, state: "verified" });
          return;
        }
        offset = data.offset ?? 0;
      }
      const res = await patch(p, offset);
      if (res.status === 200) {
        await save({ ...p, state: "verified", offset: p.size });
        return;
      }
      const held = Number(res.headers.get("Upload-Offset"));
      if (res.status === 204 || (res.status === 409 && Number.isFinite(held) && res.headers.has("Upload-Offset"))) {
        offset = held;
        await save({ ...p, offset });
        continue;
      }
      if (res.status === 422) {
        offset = 0; // the server dropped the held bytes (docs/PHOTOS.md §4, step 3)
        continue;
      }
      offset = undefined; // upload_interrupted, upload_superseded, 5xx: ask for the offset again
      await sleep(backoff(attempt));
    } catch (err) {
      if (!(err instanceof TypeError)) throw err;
      offset = await heldOffset(p).catch(() => undefined); // the link dropped: where does the server stand?
      await sleep(backoff(attempt));
    }
  }
}

// patch sends the bytes from offset to the end.
async function patch(p: StoredPhoto, offset: number): Promise<Response> {
  const { response } = await authed(() =>
    api.PATCH("/v1/photos/{id}/content", {
      params: { path: { id: p.id }, header: { "Upload-Offset": offset } },
      body: p.blob.slice(offset),
      bodySerializer: (b: Blob | undefined) => b,
      headers: { "Content-Type": "application/offset+octet-stream" },
    }),
  );
  return response;
}

// heldOffset asks the server how many bytes of the photo it holds.
async function heldOffset(p: StoredPhoto): Promise<number | undefined> {
  const { data } = await authed(() => api.GET("/v1/photos/{id}/upload", { params: { path: { id: p.id } } }));
  return data?.offset ?? undefined;
}
