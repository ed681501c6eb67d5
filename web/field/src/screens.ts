// The screens: sign in, the plan, search, a vessel's card, an inspection
// and the sync. 390 px first, one thumb, every tap target at least 44 px
// (app.css). Each screen reads the phone's store; nothing waits on the network.
import { signIn } from "./api";
import { getMeta, queueEntries, photoEntries, record } from "./db";
import { currentLang, date, daysUntil, rupees, t, time } from "./i18n";
import * as model from "./model";
import { attachPhoto, enqueue as store, StorageFull, uuidv7, type Intent } from "./queue";
import { syncNow } from "./sync";
import { byId, fill, h } from "./ui";
import type { CatalogueEntry, PlanEntry, Vessel } from "./types";

/** Goes to a route and draws it. */
export function go(route: string): void {
  if (location.hash === route) void draw();
  else location.hash = route;
}

let drawing = 0;

/**
 * Draws the screen of the current route. Screens are read from the store
 * asynchronously: when draws overlap (a route change during a language
 * change or a sync), only the latest one is put on the screen.
 */
export async function draw(): Promise<void> {
  const mine = ++drawing;
  const [name, id = ""] = location.hash.replace(/^#\/?/, "").split("/");
  const main = byId("main");
  const signedIn = (await getMeta("session")) !== undefined;
  const screens: Record<string, () => Promise<Part[]>> = {
    signin: signinScreen,
    plan: planScreen,
    search: searchScreen,
    vessel: () => vesselScreen(id),
    inspection: () => inspectionScreen(id),
    sync: syncScreen,
  };
  let key = screens[name ?? ""] ? (name ?? "") : signedIn ? "plan" : "signin";
  if (!signedIn && (await getMeta("cursor")) === undefined) key = "signin"; // nothing to show before the first sync
  const screen = screens[key] ?? signinScreen;
  const parts = (await screen()) as Node[];
  if (mine !== drawing) return;
  fill(main, ...parts);
  main.dataset.screen = `${key}:${key === name ? id : ""}`; // which screen is drawn: for tests and styles
  main.querySelector("h1")?.focus();
}

/** What a screen is made of. */
type Part = Node | null | false | Part[];

/**
 * Queues a mutation; a store that refuses the write (full) is said in the
 * person's language and changes nothing, never an unhandled error.
 */
async function enqueue(m: Intent, baseVersion = 0): Promise<string> {
  try {
    return await store(m, baseVersion);
  } catch (err) {
    const box = byId("notices");
    box.querySelector("#store")?.remove();
    box.append(h("p", { id: "store", class: "bad", role: "alert" }, t("field.storage.full")));
    throw err;
  }
}

const heading = (text: string) => h("h1", { tabindex: -1 }, text);

async function signinScreen(): Promise<Part[]> {
  const msg = h("p", { id: "signin-msg", role: "alert" });
  if (await getMeta("signin_needed")) msg.textContent = t("field.signin.again");
  const email = h("input", { id: "email", type: "email", name: "email", autocomplete: "username", required: true });
  const password = h("input", { id: "password", type: "password", name: "password", autocomplete: "current-password", required: true });
  const form = h("form", { id: "signin", novalidate: true },
    h("label", { for: "email" }, t("field.signin.email")), email,
    h("label", { for: "password" }, t("field.signin.password")), password,
    h("button", { type: "submit" }, t("field.signin.submit")));
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    void (async () => {
      try {
        if (!(await signIn(email.value.trim(), password.value))) {
          msg.textContent = t("field.signin.failed");
          return;
        }
      } catch {
        msg.textContent = t("field.signin.offline");
        return;
      }
      password.value = "";
      await syncNow();
      go("#/plan");
    })();
  });
  return [heading(t("field.signin.title")), msg, form];
}

function band(e: PlanEntry): HTMLElement {
  return h("span", { class: `band band-${e.band}` }, t(`field.band.${e.band}`));
}

async function planScreen(): Promise<Part[]> {
  const plan = await getMeta<{ on: string; items: PlanEntry[] }>("plan");
  if (!plan || plan.items.length === 0) return [heading(t("field.plan.title")), h("p", {}, t("field.plan.empty"))];
  return [
    heading(t("field.plan.title")),
    h("p", { class: "muted" }, t("field.plan.on", { Date: date(plan.on) })),
    h("ol", { class: "list", id: "plan" }, plan.items.map((e) =>
      h("li", {}, h("a", { href: `#/vessel/${e.id}` },
        h("strong", {}, e.name), " ", h("span", { class: "reg" }, e.registration_number), h("br"),
        band(e), " ", t("field.plan.score", { Score: e.score }))))),
  ];
}

function vesselLink(v: Vessel): HTMLElement {
  return h("li", {}, h("a", { href: `#/vessel/${v.id}` }, h("strong", {}, v.name), " ", h("span", { class: "reg" }, v.registration_number)));
}

async function searchScreen(): Promise<Part[]> {
  const all = await model.vessels();
  const results = h("ul", { class: "list", id: "results", "aria-live": "polite" });
  const input = h("input", { id: "q", type: "search", autocomplete: "off" });
  const show = () => {
    const q = input.value.trim().toLowerCase();
    const hits = q === "" ? [] : all.filter((v) => (v.registration_number ?? "").toLowerCase().includes(q) || (v.name ?? "").toLowerCase().includes(q)).slice(0, 50);
    fill(results, q !== "" && hits.length === 0 ? h("li", {}, t("field.search.none")) : hits.map(vesselLink));
  };
  input.addEventListener("input", show);
  return [heading(t("field.search.title")), h("label", { for: "q" }, t("field.search.label")), input, results];
}

/** A checklist text (a template's title, an item's question) in the current language, English when none. */
function local(texts: { en: string; kn?: string; hi?: string } | undefined, en: string): string {
  const l = currentLang();
  return (l === "kn" ? texts?.kn : l === "hi" ? texts?.hi : undefined) || texts?.en || en;
}

/** A catalogue title in the current language (English when none). */
function title(e: CatalogueEntry | undefined, code: string): string {
  if (!e) return code;
  return e.title[currentLang()] ?? e.title.en ?? code;
}

async function vesselScreen(id: string): Promise<Part[]> {
  const v = await record<Vessel>("vessel", id);
  if (!v) return [heading(t("field.search.none"))];
  const [certs, detention, open, templates, mine, cat] = await Promise.all([
    model.certificatesOf(id), model.detentionOf(id), model.openFindingsOf(id), model.templatesFor(v), model.inspectionsOf(id), model.catalogue(),
  ]);
  const byCode = new Map(cat.map((e) => [e.code, e]));
  const certItems = certs.map((c) => {
    const days = c.expires_on ? daysUntil(c.expires_on) : undefined;
    const left = days === undefined ? "" : days >= 0 ? t("field.vessel.left", { Days: days }) : t("field.vessel.expired", { Days: -days });
    return h("li", { class: days !== undefined && days < 0 ? "bad" : "" }, h("span", { class: "reg" }, c.number), " ", left);
  });
  const select = h("select", { id: "template" }, templates.map((tp) => h("option", { value: tp.id }, local(tp.titles, tp.title))));
  const start = h("button", { type: "button", id: "start" }, t("field.vessel.start"));
  start.addEventListener("click", () => {
    void (async () => {
      const inspectionId = uuidv7();
      const kind = detention ? "re_inspection" : "routine";
      await enqueue({ name: "inspection.start", version: 1,
        args: { id: inspectionId, vessel_id: v.id, template_id: select.value, kind, ...(detention ? { detention_order_id: detention.id } : {}) } });
      go(`#/inspection/${inspectionId}`);
    })().catch(() => undefined);
  });
  return [
    heading(v.name ?? ""),
    h("p", { class: "reg" }, v.registration_number),
    detention ? h("section", { class: "detained", id: "detention" },
      h("h2", {}, t("field.vessel.detained")),
      h("h3", {}, t("field.vessel.clearance")),
      h("ul", {}, detention.codes.map((c) => h("li", {}, `${c} ${title(byCode.get(c), c)}`)))) : null,
    h("h2", {}, t("field.vessel.certificates")),
    certItems.length ? h("ul", { class: "list", id: "certificates" }, certItems) : h("p", {}, t("field.vessel.none")),
    h("h2", {}, t("field.vessel.findings")),
    open.length ? h("ul", { class: "list", id: "open" }, open.map((d) =>
      h("li", {}, `${d.code} ${title(byCode.get(d.code), d.code)}`, d.due_date ? h("span", { class: "muted" }, " ", t("field.vessel.due", { Date: date(d.due_date) })) : null)))
      : h("p", {}, t("field.vessel.none")),
    h("h2", {}, t("field.vessel.inspections")),
    mine.length ? h("ul", { class: "list", id: "mine" }, mine.map((i) => h("li", {}, h("a", { href: `#/inspection/${i.id}` }, i.startedAt ? time(Date.parse(i.startedAt)) : i.id))))
      : h("p", {}, t("field.vessel.none")),
    templates.length
      ? h("div", { class: "start" }, h("label", { for: "template" }, t("field.vessel.template")), select, start)
      : h("p", {}, t("field.vessel.notemplate")),
  ];
}

async function inspectionScreen(id: string): Promise<Part[]> {
  const li = await model.inspection(id);
  if (!li) return [heading(t("field.insp.title"))];
  const [tpl, v, cat] = await Promise.all([
    record<import("./types").Template>("checklist_template", li.templateId), record<Vessel>("vessel", li.vesselId), model.catalogue(),
  ]);
  const editable = li.status === "draft" || li.status === "returned";
  const items = (tpl?.items ?? []).filter((it) => !v || model.admits(it.only, v));
  const checklist = h("ol", { class: "checklist", id: "checklist" }, items.map((it, i) => itemRow(li, it, i, editable)));
  const findings = h("section", { id: "findings" });
  const photos = h("section", { id: "photos" });
  const drawFindings = () => fill(findings, findingsSection(li, cat, editable, async () => {
    const again = await model.inspection(id);
    if (again) Object.assign(li, again);
    drawFindings();
  }));
  const drawPhotos = async () => fill(photos, await photosSection(li, editable, async () => {
    const again = await model.inspection(id);
    if (again) Object.assign(li, again);
    await drawPhotos();
  }));
  drawFindings();
  await drawPhotos();
  const submit = h("button", { type: "button", id: "submit", class: "primary" }, t("field.insp.submit"));
  submit.addEventListener("click", () => {
    enqueue({ name: "inspection.submit", version: 1, args: { inspection_id: id } }, li.version).then(() => {
      void syncNow();
      go(`#/inspection/${id}`);
    }, () => undefined);
  });
  return [
    heading(`${t("field.insp.title")}: ${v?.name ?? ""}`),
    h("p", { class: "reg" }, v?.registration_number ?? "", " · ", tpl ? local(tpl.titles, tpl.title) : ""),
    li.status !== "draft" ? h("p", { class: "ok", id: "status" }, t("field.insp.submitted")) : null,
    serverSection(li),
    checklist,
    findings,
    photos,
    editable && li.status === "draft" ? submit : null,
  ];
}

function itemRow(li: model.LocalInspection, it: import("./types").Schemas["ChecklistItem"], i: number, editable: boolean): HTMLElement {
  const held = li.answers.get(it.id);
  const name = `a-${i}`;
  const note = h("input", { id: `note-${i}`, type: "text", value: held?.note ?? "", disabled: !editable });
  const save = (answer: "yes" | "no" | "na") =>
    enqueue({ name: "inspection.answer", version: 1, args: { inspection_id: li.id, item_id: it.id, answer, note: note.value } }, li.version)
      .catch(() => undefined);
  const radios = (["yes", "no", "na"] as const).map((a) => {
    const input = h("input", { type: "radio", name, id: `${name}-${a}`, value: a, checked: held?.answer === a, disabled: !editable });
    input.addEventListener("change", () => save(a));
    return h("label", { for: `${name}-${a}`, class: "choice" }, input, t(`field.insp.${a}`));
  });
  note.addEventListener("change", () => {
    const chosen = document.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`);
    if (chosen) save(chosen.value as "yes" | "no" | "na");
  });
  return h("li", { class: "item" },
    h("fieldset", {}, h("legend", {}, local(it.texts, it.text), it.ref ? h("span", { class: "muted" }, ` (${it.ref})`) : null),
      h("div", { class: "choices" }, radios),
      h("label", { for: `note-${i}` }, t("field.insp.note")), note));
}

function findingsSection(li: model.LocalInspection, cat: CatalogueEntry[], editable: boolean, redraw: () => Promise<void>): Part[] {
  const byCode = new Map(cat.map((e) => [e.code, e]));
  const results = h("ul", { class: "list", id: "catalogue" });
  const q = h("input", { id: "fq", type: "search", autocomplete: "off" });
  q.addEventListener("input", () => {
    const s = q.value.trim().toLowerCase();
    const hits = s.length < 2 ? [] : cat.filter((e) =>
      e.code.includes(s) || (e.title.en ?? "").toLowerCase().includes(s) || (e.title.kn ?? "").includes(s) || (e.title.hi ?? "").includes(s)).slice(0, 20);
    fill(results, hits.map((e) => {
      const add = h("button", { type: "button", "aria-label": `${t("field.insp.finding.add")} ${e.code}` }, t("field.insp.finding.add"));
      add.addEventListener("click", () => {
        enqueue({ name: "finding.record", version: 1, args: { id: uuidv7(), inspection_id: li.id, code: e.code } }, li.version)
          .then(redraw, () => undefined);
      });
      return h("li", {}, h("strong", {}, e.code), " ", title(e, e.code),
        h("br"), h("span", { class: "muted" }, `${t("field.insp.finding.law")}: ${(e.legal_refs ?? []).join("; ")}`), h("br"), add);
    }));
  });
  return [
    h("h2", {}, t("field.insp.findings")),
    h("ul", { class: "list", id: "recorded" }, li.findings.map((f) => h("li", {}, h("strong", {}, f.code), " ", title(byCode.get(f.code), f.code)))),
    editable ? [h("label", { for: "fq" }, t("field.insp.finding.search")), q, results] : [],
  ];
}

async function photosSection(li: model.LocalInspection, editable: boolean, redraw: () => Promise<void>): Promise<Part[]> {
  const msg = h("p", { id: "photo-msg", role: "status" });
  const input = h("input", { id: "camera", type: "file", accept: "image/*", capture: "environment", multiple: true });
  input.addEventListener("change", () => {
    void (async () => {
      for (const f of Array.from(input.files ?? [])) {
        try {
          await attachPhoto(li.id, f);
        } catch (err) {
          msg.textContent = err instanceof StorageFull ? t("field.storage.full") : String(err);
          msg.className = "bad";
          return;
        }
      }
      await redraw();
      byId("photo-msg").textContent = t("field.insp.photo.kept");
    })();
  });
  const thumbs = li.photos.map((p) => h("li", { class: `photo photo-${p.state}`, "data-sha256": p.sha256 },
    h("img", { src: URL.createObjectURL(p.blob), alt: "", width: 96, height: 96 }), " ", t(`field.status.${p.state === "verified" ? "applied" : "pending"}`)));
  return [
    h("h2", {}, t("field.insp.photos")),
    h("ul", { class: "thumbs", id: "thumbs" }, thumbs),
    editable ? h("label", { for: "camera", class: "button" }, t("field.insp.photo.take")) : null,
    editable ? input : null,
    msg,
  ];
}

function serverSection(li: model.LocalInspection): Node | null {
  const s = li.summary;
  if (!s) return null;
  return h("section", { id: "server", class: "server" },
    h("h2", {}, t("field.insp.server")),
    h("p", {}, t("field.insp.evidence", { Verified: s.evidence_verified, Total: s.evidence_total })),
    s.detention.proposed ? h("p", { class: "bad" }, t("field.insp.detention")) : null,
    s.deficiencies.length ? h("h3", {}, t("field.insp.deficiencies")) : null,
    h("ul", { class: "list" }, s.deficiencies.map((d) => h("li", {}, h("strong", {}, d.code), " ", t("field.insp.action", { Code: d.action }),
      d.due_date ? [" · ", t("field.vessel.due", { Date: date(d.due_date) })] : null))),
    s.penalties.length ? h("h3", {}, t("field.insp.fines")) : null,
    h("ul", { class: "list", id: "fines" }, s.penalties.map((p) => h("li", {}, `${p.penalty_row} `, h("strong", {}, rupees(p.amount))))));
}

async function syncScreen(): Promise<Part[]> {
  const entries = await queueEntries();
  const photos = await photoEntries();
  const waiting = entries.filter((e) => e.state !== "final").length;
  const upload = photos.filter((p) => p.state === "pending").length;
  const last = await getMeta<number>("last_sync");
  const button = h("button", { type: "button", id: "sync-now", class: "primary" }, t("field.sync.now"));
  // Redrawn after the sync only while the person is still here: a sync
  // that ended the session has moved on to the sign-in.
  button.addEventListener("click", () => void syncNow().then(() => {
    if (location.hash === "#/sync") go("#/sync");
  }));
  const label = (name: string) => {
    const id = `field.mutation.${name}`;
    return t(id) || t("field.mutation.other");
  };
  return [
    heading(t("field.sync.title")),
    h("p", { id: "waiting" }, waiting || upload ? t("field.sync.waiting", { Count: waiting }) : t("field.sync.done")),
    upload ? h("p", { id: "uploads" }, t("field.sync.photos", { Count: upload })) : null,
    last ? h("p", { class: "muted" }, t("field.sync.last", { Time: time(last) })) : null,
    button,
    h("ol", { class: "list", id: "results" }, entries.slice(-50).reverse().map((e) => {
      const status = e.result?.status === "replayed" ? (e.result.outcome?.status ?? "replayed") : (e.result?.status ?? "pending");
      return h("li", { class: `st-${status}` }, label(e.mutation.name), " · ", t(`field.status.${status}`),
        e.result?.code && status === "rejected" ? h("span", { class: "muted" }, ` (${e.result.code})`) : null);
    })),
  ];
}
