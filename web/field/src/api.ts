// The API, typed from the contract, with the session's tokens. An access
// token that expired is refreshed once; a refused refresh (session ended, a
// server restored from a backup) asks the person to sign in again and
// touches nothing of the queue.
import createClient from "openapi-fetch";
import { getMeta, setMeta, tx, req } from "./db";
import { APP_VERSION, type paths, type Schemas } from "./types";

/** The tokens of the signed-in inspector, kept in meta "session". */
export interface Session {
  access: string;
  refresh: string;
  deviceId: string;
  email: string;
}

/** Thrown when only a new sign-in can go on. */
export class SignInNeeded extends Error {}

let current: Session | undefined;

export const api = createClient<paths>({ baseUrl: location.origin });
api.use({
  onRequest({ request }) {
    if (current) request.headers.set("Authorization", `Bearer ${current.access}`);
    request.headers.set("X-App-Version", APP_VERSION);
    return request;
  },
});

/** The session held in the store, loaded once per page. */
export async function loadSession(): Promise<Session | undefined> {
  current = await getMeta<Session>("session");
  return current;
}

/** The installation id: made once, kept across sign-ins. */
export async function installationId(): Promise<string> {
  let id = await getMeta<string>("installation");
  if (!id) {
    id = crypto.randomUUID();
    await setMeta("installation", id);
  }
  return id;
}

/** Signs in; false when the email or password is wrong. Network errors throw. */
export async function signIn(email: string, password: string): Promise<boolean> {
  const installation_id = await installationId();
  const { data, response } = await api.POST("/v1/auth/login", {
    body: { email, password, installation_id, device_name: navigator.userAgent.slice(0, 100) },
  });
  if (!data) {
    if (response.status === 401 || response.status === 400 || response.status === 422) return false;
    throw new Error(`login ${response.status}`);
  }
  current = { access: data.access_token, refresh: data.refresh_token, deviceId: data.device_id, email };
  await setMeta("session", current);
  await setMeta("signin_needed", false);
  return true;
}

/**
 * Signs out: the tokens are revoked (when online) and wiped; the queue,
 * the photos and the pulled records stay for the next sign-in.
 */
export async function signOut(): Promise<void> {
  const s = current;
  if (s) {
    await api.POST("/v1/auth/logout").catch(() => undefined);
  }
  current = undefined;
  await tx(["meta"], "readwrite", (t) => req(t.objectStore("meta").delete("session")));
}

/** Whether someone is signed in on this phone. */
export function hasSession(): boolean {
  return current !== undefined;
}

/** The signed-in session, or SignInNeeded. */
export function session(): Session {
  if (!current) throw new SignInNeeded("no session");
  return current;
}

// refresh rotates the tokens once; a refusal ends the session (the queue
// stays) and asks for a sign-in.
async function refresh(): Promise<void> {
  const s = session();
  const { data, response } = await api.POST("/v1/auth/refresh", { body: { refresh_token: s.refresh } });
  if (!data) {
    if (response.status === 401 || response.status === 400) {
      current = undefined;
      await tx(["meta"], "readwrite", async (t) => {
        await req(t.objectStore("meta").delete("session"));
        await req(t.objectStore("meta").put(true, "signin_needed"));
      });
      throw new SignInNeeded("refresh refused");
    }
    throw new Error(`refresh ${response.status}`);
  }
  current = { ...s, access: data.access_token, refresh: data.refresh_token, deviceId: data.device_id };
  await setMeta("session", current);
}

/** The problem an error answer carries. */
export type Problem = Schemas["Problem"] & { reason?: string; epoch?: string };

/**
 * Runs call with the session; on a 401 refreshes the tokens once and runs
 * it again.
 */
export async function authed<R extends { response: Response }>(call: () => Promise<R>): Promise<R> {
  session();
  const first = await call();
  if (first.response.status !== 401) return first;
  await refresh();
  return call();
}

/** Seconds of a Retry-After header, capped. */
export function retryAfter(res: Response, fallback: number): number {
  const v = Number(res.headers.get("Retry-After"));
  return Number.isFinite(v) && v > 0 ? Math.min(v, 30) : fallback;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
