// An inspector's offline day against a Tindal server, through the typed
// client: log in, pull until has_more is false, pick a vessel and a
// checklist template that fits it from the pulled records, then (as the
// phone would, offline) queue an inspection: start, answers, findings and
// photos; push the queue in batches with retries; upload the photos (the
// presigned PUT, and the fallback through the server); submit; and pull
// again to read what the server derived (deficiencies, offences,
// penalties). Every expected final status is asserted; any miss exits 1.
//
//   TINDAL_URL=http://127.0.0.1:8080 TINDAL_EMAIL=inspector@... TINDAL_PASSWORD=... \
//     node dist/examples/offline-day.js [url]
import {
  type Client,
  type PushMutation,
  type PushResult,
  type Schemas,
  type Session,
  PROTOCOL_VERSION,
  isFinal,
  retryAfter,
  sha256Hex,
  sleep,
  tindal,
  uuidv7,
} from "../src/client.js";

const baseUrl = process.argv[2] ?? process.env.TINDAL_URL ?? "http://127.0.0.1:8080";
const email = process.env.TINDAL_EMAIL ?? "inspector@demo.tindal";
const password = process.env.TINDAL_PASSWORD ?? "";
const APP_VERSION = "1.4.0";
const BATCH = 4; // small, so the example pushes more than one batch

let session: Session | undefined;
const api: Client = tindal(baseUrl, APP_VERSION, () => session);
const failures: string[] = [];

function expect(ok: boolean, what: string): void {
  if (!ok) {
    failures.push(what);
    console.error(`FAIL ${what}`);
  } else {
    console.log(`ok   ${what}`);
  }
}

// What the phone keeps from its pulls: the records it uses, by id.
interface Store {
  cursor: string | undefined;
  skewMs: number; // server clock minus ours, to anchor capture times
  vessels: Map<string, Schemas["Vessel"]>;
  templates: Map<string, Schemas["ChecklistTemplateRecord"]>;
  catalogue: Schemas["CatalogueRecord"]["entries"];
  inspections: Map<string, Schemas["InspectionRecord"]>;
  answers: Map<string, Schemas["InspectionAnswerRecord"]>;
  findings: Map<string, Schemas["FindingRecord"]>;
  offences: Map<string, Schemas["OffenceRecord"]>;
  penalties: Map<string, Schemas["PenaltyRecord"]>;
  photos: Map<string, Schemas["Photo"]>;
  skipped: number; // items of types this app does not use or know
}

function keep<T>(m: Map<string, T>, op: string, id: string, data: T | undefined): void {
  if (op === "upsert" && data !== undefined) {
    m.set(id, data);
  } else {
    m.delete(id); // delete or remove_from_scope
  }
}

// apply stores one pulled item. Types this app does not know (a newer
// server's) fall to the default branch and are skipped, never an error.
function apply(s: Store, it: Schemas["SyncItem"]): void {
  switch (it.type) {
    case "vessel":
      keep(s.vessels, it.op, it.id, it.data);
      break;
    case "checklist_template":
      keep(s.templates, it.op, it.id, it.data);
      break;
    case "catalogue":
      if (it.data) s.catalogue = it.data.entries;
      break;
    case "inspection":
      keep(s.inspections, it.op, it.id, it.data);
      break;
    case "inspection_answer":
      keep(s.answers, it.op, it.id, it.data);
      break;
    case "finding":
      keep(s.findings, it.op, it.id, it.data);
      break;
    case "offence":
      keep(s.offences, it.op, it.id, it.data);
      break;
    case "penalty":
      keep(s.penalties, it.op, it.id, it.data);
      break;
    case "photo":
      keep(s.photos, it.op, it.id, it.data);
      break;
    default:
      s.skipped++;
  }
}

// pull pages from the store's cursor until has_more is false.
async function pull(s: Store): Promise<void> {
  for (let page = 0; page < 1000; page++) {
    const { data, error, response } = await api.GET("/v1/sync/pull", {
      params: { query: { limit: 500, ...(s.cursor ? { cursor: s.cursor } : {}) }, header: { "X-Protocol-Version": PROTOCOL_VERSION } },
    });
    if (response.status === 503) {
      await sleep(retryAfter(response, 1) * 1000);
      continue;
    }
    if (!data) throw new Error(`pull: ${response.status} ${JSON.stringify(error)}`);
    for (const it of data.items) apply(s, it);
    s.cursor = data.cursor;
    s.skewMs = Date.parse(data.server_time) - Date.now();
    if (!data.has_more) return;
  }
  throw new Error("pull never ended");
}

// The phone's queue: mutations in seq order until each has a final result.
class Queue {
  private seq = 0;
  private ackSeq = 0;
  readonly pending: PushMutation[] = [];
  readonly results = new Map<string, PushResult>();
  summaries: Schemas["InspectionSummary"][] = [];

  constructor(private readonly store: Store) {}

  envelope() {
    this.seq++;
    const at = new Date(Date.now() + this.store.skewMs).toISOString();
    return { id: uuidv7(), seq: this.seq, base_version: 0, captured_at: at };
  }

  add(m: PushMutation): string {
    this.pending.push(m);
    return m.id;
  }

  // push sends the queue in batches: 409 (another push of this device)
  // and 503 are retried after Retry-After; retry and deferred results are
  // resent with the next push; final results leave the queue.
  async push(deviceId: string): Promise<void> {
    for (let round = 0; round < 30 && this.pending.length > 0; round++) {
      const batch = this.pending.slice(0, BATCH);
      const { data, error, response } = await api.POST("/v1/sync/push", {
        params: { header: { "X-Device-Id": deviceId, "X-Protocol-Version": PROTOCOL_VERSION, "X-Device-Time": new Date().toISOString() } },
        body: { ack_seq: this.ackSeq, mutations: batch },
      });
      if (response.status === 409 || response.status === 503) {
        await sleep(retryAfter(response, 1) * 1000);
        continue;
      }
      if (!data) throw new Error(`push: ${response.status} ${JSON.stringify(error)}`);
      let progressed = false;
      for (const r of data.results) {
        if (isFinal(r)) {
          this.results.set(r.id, r);
          this.ackSeq = Math.max(this.ackSeq, r.seq);
          const i = this.pending.findIndex((m) => m.id === r.id);
          if (i >= 0) this.pending.splice(i, 1);
          progressed = true;
        }
      }
      this.summaries = data.inspections;
      if (!progressed) await sleep(500); // only retry/deferred: wait, then resend
    }
    if (this.pending.length > 0) throw new Error(`${this.pending.length} mutations never got a final result`);
  }
}

// A tiny JPEG (8x8), enough for the server's type sniffing.
const JPEG_B64 =
  "/9j/2wCEABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2MBERISGBUYLxoaL2NCOEJjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY//AABEIAAgACAMBIgACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AKthonT5a0P7E/2Kv2HatCsKuJqc248Di6vsVqf/2Q==";

function photoBytes(tag: number): Uint8Array {
  const b = Buffer.from(JPEG_B64, "base64");
  const out = new Uint8Array(b.length + 1); // distinct bytes per photo: a trailing byte after EOI
  out.set(b);
  out[b.length] = tag;
  return out;
}

// upload sends one attached photo's bytes: the plan's presigned PUT, or
// the fallback through the server; then completes.
async function upload(id: string, bytes: Uint8Array, sha256: string, viaServer: boolean): Promise<string> {
  const blob = new Blob([new Uint8Array(bytes)], { type: "image/jpeg" });
  for (let attempt = 0; attempt < 10; attempt++) {
    const { data: plan, error, response } = await api.POST("/v1/photos", {
      body: { id, sha256, size: bytes.length, content_type: "image/jpeg" },
    });
    if (response.status === 503) {
      await sleep(retryAfter(response, 1) * 1000);
      continue;
    }
    if (!plan) throw new Error(`plan photo ${id}: ${response.status} ${JSON.stringify(error)}`);
    if (plan.status !== "upload") return plan.status === "linked" ? "verified" : plan.status;
    if (!viaServer && plan.method === "single" && plan.put) {
      const put = await fetch(plan.put.url, { method: plan.put.method, headers: plan.put.headers ?? {}, body: blob });
      if (put.ok) {
        const { data, error: cerr, response: cres } = await api.POST("/v1/photos/{id}/complete", { params: { path: { id } } });
        if (data) return data.state;
        throw new Error(`complete photo ${id}: ${cres.status} ${JSON.stringify(cerr)}`);
      }
      // The store refused or cannot be reached: fall back to the server.
    }
    const { data, error: ferr, response: fres } = await api.PUT("/v1/photos/{id}/content", {
      params: { path: { id } },
      body: blob, // typed as binary in the contract: a Blob, no cast
      bodySerializer: (b) => b,
      headers: { "Content-Type": "application/octet-stream" },
    });
    if (data) return data.state;
    if (fres.status === 503) {
      await sleep(retryAfter(fres, 1) * 1000);
      continue;
    }
    throw new Error(`fallback upload of photo ${id}: ${fres.status} ${JSON.stringify(ferr)}`);
  }
  throw new Error(`photo ${id}: gave up`);
}

async function main(): Promise<void> {
  const { data: tokens, error } = await api.POST("/v1/auth/login", {
    body: { email, password, installation_id: `offline-day-${uuidv7()}`, device_name: "offline-day example" },
  });
  if (!tokens) throw new Error(`login: ${JSON.stringify(error)}`);
  session = { accessToken: tokens.access_token, deviceId: tokens.device_id };

  const store: Store = {
    cursor: undefined, skewMs: 0, vessels: new Map(), templates: new Map(), catalogue: [], inspections: new Map(), answers: new Map(),
    findings: new Map(), offences: new Map(), penalties: new Map(), photos: new Map(), skipped: 0,
  };
  await pull(store);
  console.log(`pulled ${store.vessels.size} vessels, ${store.templates.size} templates, ${store.catalogue.length} catalogue entries (${store.skipped} items of other types)`);

  // A vessel in service and a live template that fits it (docs/SYNC.md
  // §11: regime, then the fit's kinds, categories, zones and special
  // category; inspection.start refuses any other), preferring one whose
  // items record more than yes/no (the Annex to Form-2).
  // A fit (a template's, or an item's `only`) admits the vessel.
  const admits = (f: Schemas["TemplateFit"] | undefined, v: Schemas["Vessel"]): boolean => {
    if (f === undefined) return true;
    if (f.kinds?.length && (v.kind === undefined || !f.kinds.includes(v.kind))) return false;
    if (f.categories?.length && (v.category === undefined || !f.categories.includes(v.category))) return false;
    if (f.zones?.length && (v.zone === undefined || !f.zones.includes(v.zone))) return false;
    if (f.special_category && !v.special_category) return false;
    // A vessel whose length is not recorded is admitted.
    if (f.uses?.length && (v.use === undefined || !f.uses.includes(v.use))) return false;
    if (f.length_over_m && v.length_m !== undefined && v.length_m <= f.length_over_m) return false;
    if (f.length_under_m && v.length_m !== undefined && v.length_m >= f.length_under_m) return false;
    return true;
  };
  const fits = (t: Schemas["ChecklistTemplateRecord"], v: Schemas["Vessel"]): boolean => t.regime === v.regime && admits(t.fit, v);
  let vessel: Schemas["Vessel"] | undefined;
  let template: Schemas["ChecklistTemplateRecord"] | undefined;
  for (const v of store.vessels.values()) {
    if (v.status !== "active") continue;
    const live = [...store.templates.values()].filter((t) => t.retired_at === null && fits(t, v) && t.items.length >= 3);
    template = live.find((t) => t.items.some((it) => (it.record ?? []).length > 0)) ?? live[0];
    if (template) {
      vessel = v;
      break;
    }
  }
  if (!vessel || !template) throw new Error("no active vessel with a fitting checklist template in the pull");
  // Items without a code only record (number, condition, location): the
  // failing answer must be to an item that raises a deficiency.
  // An item whose `only` excludes the vessel is not part of its checklist.
  const chosen = vessel;
  const [first, second, failing] = template.items.filter((it) => it.code !== undefined && it.fail_when !== undefined && admits(it.only, chosen));
  if (!first || !second || !failing || failing.fail_when === undefined) throw new Error("template has fewer than 3 items that raise a deficiency");
  // An item whose form records more than yes/no (number or type,
  // condition, location): answered with inspection.answer v3 and its
  // record, by the names the item lists (docs/SYNC.md §11).
  const recorded = template.items.find((it) => (it.record ?? []).length > 0 && ![first, second, failing].includes(it));
  const record = Object.fromEntries((recorded?.record ?? []).map((name, i) => [name, `${name} ${i + 1}`]));
  // An offence the inspector records: a catalogue code of this regime that carries a penalty.
  const offence = store.catalogue.find((e) => e.penalty_row && e.liable_party === "owner" && (e.regimes ?? []).includes(vessel.regime));
  if (!offence || !offence.penalty_row) throw new Error("no catalogue code with a penalty for the vessel's regime");
  console.log(`vessel ${vessel.registration_number}, template ${template.key}, offence ${offence.code} (${offence.penalty_row})`);

  // The day, offline: everything goes to the queue.
  const q = new Queue(store);
  const inspection = uuidv7();
  const finding = uuidv7();
  q.add({ ...q.envelope(), name: "inspection.start", version: 1,
    args: { id: inspection, vessel_id: vessel.id, template_id: template.id, kind: "routine", lat: 14.8, lon: 74.12, passengers_carried: 12 } });
  q.add({ ...q.envelope(), name: "inspection.answer", version: 1, args: { inspection_id: inspection, item_id: first.id, answer: first.fail_when === "no" ? "yes" : "no" } });
  q.add({ ...q.envelope(), name: "inspection.answer", version: 1, args: { inspection_id: inspection, item_id: second.id, answer: "na" } });
  q.add({ ...q.envelope(), name: "inspection.answer", version: 1,
    args: { inspection_id: inspection, item_id: failing.id, answer: failing.fail_when ?? "no", note: "seen on the day" } });
  if (recorded) {
    q.add({ ...q.envelope(), name: "inspection.answer", version: 3,
      args: { inspection_id: inspection, template_id: template.id, item_id: recorded.id, answer: "yes", note: "free text stays in the note", record } });
  }
  q.add({ ...q.envelope(), name: "finding.record", version: 1, args: { id: finding, inspection_id: inspection, code: offence.code, note: "recorded by hand" } });
  const photos: { id: string; bytes: Uint8Array; sha: string; viaServer: boolean }[] = [];
  for (const [i, viaServer] of [false, true].entries()) {
    const bytes = photoBytes(i);
    const p = { id: uuidv7(), bytes, sha: await sha256Hex(bytes), viaServer };
    photos.push(p);
    q.add({ ...q.envelope(), name: "photo.attach", version: 1,
      args: { id: p.id, inspection_id: inspection, finding_id: finding, sha256: p.sha, size: bytes.length, content_type: "image/jpeg", caption: `photo ${i + 1}` } });
  }
  const queued = [...q.pending];

  // Back in coverage: push, upload, submit.
  await q.push(session.deviceId);
  for (const m of queued) {
    const r = q.results.get(m.id);
    expect(r?.status === "applied", `${m.name} (seq ${m.seq}) applied (got ${r?.status} ${r?.code ?? ""})`);
  }
  for (const p of photos) {
    const state = await upload(p.id, p.bytes, p.sha, p.viaServer);
    expect(state === "verified", `photo ${p.viaServer ? "via the server" : "via the presigned URL"} verified (got ${state})`);
  }
  const submit = q.add({ ...q.envelope(), name: "inspection.submit", version: 1, args: { inspection_id: inspection } });
  await q.push(session.deviceId);
  expect(q.results.get(submit)?.status === "applied", "inspection.submit applied");
  const summary = q.summaries.find((s) => s.id === inspection);
  expect(summary?.status === "submitted", `the push answers the inspection submitted (got ${summary?.status})`);

  // The derived values come back with the next pull.
  await pull(store);
  const insp = store.inspections.get(inspection);
  expect(insp?.status === "submitted", `pulled inspection submitted (got ${insp?.status})`);
  if (recorded) {
    const pulled = [...store.answers.values()].find((a) => a.inspection_id === inspection && a.item_id === recorded.id);
    const got = pulled?.record ?? {};
    const same = Object.keys(got).length === Object.keys(record).length && Object.entries(record).every(([k, v]) => got[k] === v);
    expect(same, `pulled the record of ${recorded.id} (got ${JSON.stringify(pulled?.record)})`);
  }
  const mine = [...store.findings.values()].filter((f) => f.inspection_id === inspection);
  expect(mine.some((f) => f.id === finding && f.code === offence.code), `pulled the recorded finding ${offence.code}`);
  expect(mine.some((f) => f.code === failing.code), `pulled the deficiency ${failing.code} derived from the failed item ${failing.id}`);
  const pens = [...store.penalties.values()].filter((p) => p.inspection_id === inspection);
  expect(pens.some((p) => p.penalty_row === offence.penalty_row), `pulled a penalty of row ${offence.penalty_row}`);
  for (const p of pens) {
    const pushed = summary?.penalties.find((x) => x.id === p.id);
    const off = store.offences.get(p.offence_id);
    expect(pushed?.penalty_row === p.penalty_row && pushed?.offence_status === off?.status,
      `penalty ${p.penalty_row}: the push result and the pull agree on penalty_row and the offence's status`);
  }
  for (const p of photos) {
    expect(store.photos.get(p.id)?.state === "verified", `pulled photo ${p.id} verified`);
  }
}

main().then(
  () => {
    if (failures.length > 0) {
      console.error(`${failures.length} expectation(s) failed`);
      process.exit(1);
    }
    console.log("offline day: all expectations met");
  },
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
