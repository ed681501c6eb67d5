// A phone across a restore of the server's database (docs/SYNC.md §6.10),
// through the typed client: sign in, pull, queue and push an inspection,
// pull until acked_seq covers it — then the server's database is restored
// from a backup taken before all that (the test driving this example does
// it while the example waits on stdin) — and sync again. The phone kept
// every mutation after its final result (docs/SYNC.md §3), so when its
// session is refused it signs in again without touching its queue, and
// when the server answers 410 reset_required epoch_changed it resends them
// all, pulls without a cursor into a new copy and replaces the old one.
// Asserts that the inspection is back, submitted, that the registrar's
// edit made after the restore reached the phone, and that acked_seq again
// covers the work; any miss exits 1.
//
//   TINDAL_URL=... TINDAL_EMAIL=... TINDAL_PASSWORD=... TINDAL_VESSEL_ID=... TINDAL_TEMPLATE_ID=... \
//     TINDAL_EXPECT_VESSEL_NAME=... node dist/examples/restore.js
import { createInterface } from "node:readline";

import { type PushMutation, type Schemas, type Session, PROTOCOL_VERSION, isFinal, retryAfter, sleep, tindal, uuidv7 } from "../src/client.js";

const env = (k: string): string => process.env[k] ?? "";
const baseUrl = env("TINDAL_URL") || "http://127.0.0.1:8080";
const installation = `restore-example-${uuidv7()}`;
let session: Session | undefined;
const api = tindal(baseUrl, "1.4.0", () => session);
const failures: string[] = [];

function expect(ok: boolean, what: string): void {
  if (ok) {
    console.log(`ok   ${what}`);
  } else {
    failures.push(what);
    console.error(`FAIL ${what}`);
  }
}

// Kept is a mutation the phone keeps for 30 days after its final result.
interface Kept {
  m: PushMutation;
  final: boolean;
}

// The phone's state: what it stores between syncs.
interface Phone {
  epoch: string | undefined;
  cursor: string | undefined;
  acked: number;
  seq: number;
  refresh: string;
  kept: Kept[];
  records: Map<string, Schemas["SyncItem"]>; // by type/id
  signIns: number;
}

const phone: Phone = { epoch: undefined, cursor: undefined, acked: 0, seq: 0, refresh: "", kept: [], records: new Map(), signIns: 0 };

// signIn logs in (again): a new session, perhaps a new device id; the
// queue and the kept mutations are untouched.
async function signIn(): Promise<void> {
  const { data, error } = await api.POST("/v1/auth/login", {
    body: { email: env("TINDAL_EMAIL"), password: env("TINDAL_PASSWORD"), installation_id: installation, device_name: "restore example" },
  });
  if (!data) throw new Error(`login: ${JSON.stringify(error)}`);
  session = { accessToken: data.access_token, deviceId: data.device_id };
  phone.refresh = data.refresh_token;
  phone.signIns++;
}

// reauthenticate follows a 401: refresh, and sign in again when the
// refresh token is refused (invalid_refresh_token after a restore).
async function reauthenticate(): Promise<void> {
  const { data } = await api.POST("/v1/auth/refresh", { body: { refresh_token: phone.refresh } });
  if (data) {
    session = { accessToken: data.access_token, deviceId: data.device_id };
    phone.refresh = data.refresh_token;
    return;
  }
  console.log("the session is refused: signing in again, the queue is kept");
  await signIn();
}

// push sends the mutations without a final result, or every kept one
// after an epoch change, with the epoch its ack_seq was counted in.
async function push(all: boolean): Promise<void> {
  for (let round = 0; round < 20; round++) {
    const batch = phone.kept.filter((k) => all || !k.final);
    if (batch.length === 0) return;
    const s = session;
    if (!s) throw new Error("push without a session");
    const { data, error, response } = await api.POST("/v1/sync/push", {
      params: { header: { "X-Device-Id": s.deviceId, "X-Protocol-Version": PROTOCOL_VERSION, "X-Device-Time": new Date().toISOString() } },
      body: { ack_seq: all ? 0 : phone.acked, mutations: batch.map((k) => k.m), ...(phone.epoch ? { epoch: phone.epoch } : {}) },
    });
    if (response.status === 401) {
      await reauthenticate();
      continue;
    }
    if (response.status === 409 || response.status === 503) {
      await sleep(retryAfter(response, 1) * 1000);
      continue;
    }
    if (response.status === 410 && error && "reason" in error && error.reason === "epoch_changed" && error.epoch) {
      await epochChanged(error.epoch);
      return;
    }
    if (!data) throw new Error(`push: ${response.status} ${JSON.stringify(error)}`);
    for (const r of data.results) {
      const k = phone.kept.find((x) => x.m.id === r.id);
      if (k) k.final = isFinal(r);
    }
    if (phone.epoch !== undefined && data.epoch !== phone.epoch) {
      await epochChanged(data.epoch);
      return;
    }
    phone.epoch = data.epoch;
    all = false;
  }
  throw new Error("mutations never got a final result");
}

// epochChanged is docs/SYNC.md §6.10: take the new epoch, forget the
// cursor and the acknowledgement, resend every kept mutation; the next
// pull starts without a cursor and replaces the copy.
async function epochChanged(epoch: string): Promise<void> {
  console.log(`epoch changed ${phone.epoch} -> ${epoch}: resending ${phone.kept.length} kept mutations`);
  phone.epoch = epoch;
  phone.cursor = undefined;
  phone.acked = 0;
  await push(true);
}

// pull pulls to the last page. A pull without a cursor fills a new copy,
// which replaces the old one when the last page is stored.
async function pull(): Promise<void> {
  let copy = phone.cursor === undefined ? new Map<string, Schemas["SyncItem"]>() : phone.records;
  for (let page = 0; page < 1000; page++) {
    const { data, error, response } = await api.GET("/v1/sync/pull", {
      params: { query: { limit: 500, ...(phone.cursor ? { cursor: phone.cursor } : {}) }, header: { "X-Protocol-Version": PROTOCOL_VERSION } },
    });
    if (response.status === 401) {
      await reauthenticate();
      continue;
    }
    if (response.status === 503) {
      await sleep(retryAfter(response, 1) * 1000);
      continue;
    }
    if (response.status === 410 && error && "reason" in error) {
      if (error.reason === "epoch_changed" && error.epoch) {
        await epochChanged(error.epoch);
      } else {
        await push(false); // retention: push the queue, then resync
        phone.cursor = undefined;
      }
      copy = new Map();
      continue;
    }
    if (!data) throw new Error(`pull: ${response.status} ${JSON.stringify(error)}`);
    for (const it of data.items) {
      const key = `${it.type}/${it.id}`;
      if (it.op === "upsert") copy.set(key, it);
      else copy.delete(key);
    }
    phone.cursor = data.cursor;
    phone.epoch = data.epoch;
    if (!data.has_more) {
      phone.records = copy;
      phone.acked = data.acked_seq ?? phone.acked;
      return;
    }
  }
  throw new Error("pull never ended");
}

function queue(m: (env: { id: string; seq: number; base_version: number; captured_at: string }) => PushMutation): void {
  phone.seq++;
  phone.kept.push({ m: m({ id: uuidv7(), seq: phone.seq, base_version: 0, captured_at: new Date().toISOString() }), final: false });
}

function inspectionStatus(id: string): string | undefined {
  const it = phone.records.get(`inspection/${id}`);
  return it && it.type === "inspection" ? it.data?.status : undefined;
}

function vesselName(id: string): string | undefined {
  const it = phone.records.get(`vessel/${id}`);
  return it && it.type === "vessel" ? it.data?.name : undefined;
}

async function waitForRestore(): Promise<void> {
  console.log("WAITING_FOR_RESTORE");
  const lines = createInterface({ input: process.stdin });
  for await (const _ of lines) {
    break;
  }
  lines.close();
}

async function main(): Promise<void> {
  const vessel = env("TINDAL_VESSEL_ID");
  await signIn();
  await pull();
  const inspection = uuidv7();
  queue((e) => ({ ...e, name: "inspection.start", version: 1, args: { id: inspection, vessel_id: vessel, template_id: env("TINDAL_TEMPLATE_ID"), kind: "routine" } }));
  queue((e) => ({ ...e, name: "inspection.answer", version: 1, args: { inspection_id: inspection, item_id: "fire.extinguishers", answer: "no" } }));
  queue((e) => ({ ...e, name: "inspection.submit", version: 1, args: { inspection_id: inspection } }));
  await push(false);
  await pull();
  expect(phone.acked === 3, `acked_seq covers the inspection before the restore (got ${phone.acked})`);
  expect(inspectionStatus(inspection) === "submitted", "the inspection is pulled, submitted, before the restore");
  const before = phone.epoch;

  await waitForRestore();

  await push(false); // nothing queued: every mutation has its final result
  await pull();
  expect(phone.epoch !== before, `the epoch changed (${before} -> ${phone.epoch})`);
  expect(phone.signIns === 2, `signed in again after the restore, keeping the queue (sign-ins: ${phone.signIns})`);
  expect(inspectionStatus(inspection) === "submitted", "the inspection the restore lost is back, submitted, after the resend");
  expect(phone.kept.every((k) => k.final), "every kept mutation has a final result again");
  expect(phone.acked === 3, `acked_seq covers the resent work (got ${phone.acked})`);
  const want = env("TINDAL_EXPECT_VESSEL_NAME");
  expect(vesselName(vessel) === want, `the registrar's edit after the restore reached the phone (got ${vesselName(vessel)}, want ${want})`);
  if (failures.length > 0) {
    console.error(`${failures.length} checks failed`);
    process.exit(1);
  }
  console.log("the phone survived the restore");
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
