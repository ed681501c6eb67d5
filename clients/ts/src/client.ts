// A small typed client for the Tindal API: every path, body and answer is
// typed from the contract (src/schema.ts, generated), calls go through
// openapi-fetch. No casts: what the server sends is what the types say.
import createClient, { type Middleware } from "openapi-fetch";
import type { components, paths } from "./schema.js";

export type Schemas = components["schemas"];
export type SyncItem = Schemas["SyncItem"];
export type PushMutation = Schemas["PushMutation"];
export type PushResult = Schemas["PushResult"];
export type PushResponse = Schemas["PushResponse"];

/** The protocol this client speaks (X-Protocol-Version). */
export const PROTOCOL_VERSION = 1;

export interface Session {
  accessToken: string;
  deviceId: string;
}

/** A client for baseUrl; `session()` returns the current tokens, if any. */
export function tindal(baseUrl: string, appVersion: string, session: () => Session | undefined) {
  const client = createClient<paths>({ baseUrl });
  const auth: Middleware = {
    onRequest({ request }) {
      const s = session();
      if (s) {
        request.headers.set("Authorization", `Bearer ${s.accessToken}`);
      }
      request.headers.set("X-App-Version", appVersion);
      return request;
    },
  };
  client.use(auth);
  return client;
}

export type Client = ReturnType<typeof tindal>;

/** A UUIDv7 (time-ordered), as the phone gives mutations and records. */
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

/** Lower-case hex SHA-256 of bytes. */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const copy = new Uint8Array(bytes); // a plain ArrayBuffer-backed copy for subtle.digest
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", copy));
  return Array.from(d, (x) => x.toString(16).padStart(2, "0")).join("");
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Seconds of a Retry-After header (default when absent or unreadable). */
export function retryAfter(res: Response, fallbackSeconds: number): number {
  const v = Number(res.headers.get("Retry-After"));
  return Number.isFinite(v) && v > 0 ? Math.min(v, 30) : fallbackSeconds;
}

/** Final results may be dropped from the queue; the others are resent. */
export function isFinal(r: PushResult): boolean {
  return r.status === "applied" || r.status === "replayed" || r.status === "merged" || r.status === "rejected";
}
