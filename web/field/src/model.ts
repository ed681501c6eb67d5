// What the screens read: the pulled records with the phone's own queued
// work laid over them until a pull has caught up with it (docs/SYNC.md §6.7).
import { getMeta, queueEntries, recordsOf, record, photosOf, type QueueEntry, type StoredPhoto } from "./db";
import type { CatalogueEntry, Certificate, InspectionSummary, Schemas, Template, Vessel } from "./types";

export type InspectionRecord = Schemas["InspectionRecord"];
export type AnswerRecord = Schemas["InspectionAnswerRecord"];
export type FindingRecord = Schemas["FindingRecord"];
export type DetentionOrder = Schemas["DetentionOrderRecord"];

/** Every vessel of my jurisdictions. */
export const vessels = () => recordsOf<Vessel>("vessel");

/** The catalogue's entries (empty before the first sync). */
export async function catalogue(): Promise<CatalogueEntry[]> {
  const c = await recordsOf<Schemas["CatalogueRecord"]>("catalogue");
  return c[0]?.entries ?? [];
}

/** A fit (a template's, or an item's only) admits the vessel (docs/SYNC.md §11). */
export function admits(f: Schemas["TemplateFit"] | undefined, v: Vessel): boolean {
  if (f === undefined) return true;
  if (f.kinds?.length && (v.kind === undefined || !f.kinds.includes(v.kind))) return false;
  if (f.categories?.length && (v.category === undefined || !f.categories.includes(v.category))) return false;
  if (f.zones?.length && (v.zone === undefined || !f.zones.includes(v.zone))) return false;
  if (f.special_category && !v.special_category) return false;
  if (f.uses?.length && (v.use === undefined || !f.uses.includes(v.use))) return false;
  if (f.length_over_m && v.length_m !== undefined && v.length_m <= f.length_over_m) return false;
  if (f.length_under_m && v.length_m !== undefined && v.length_m >= f.length_under_m) return false;
  return true;
}

/** The live templates inspection.start accepts for the vessel. */
export async function templatesFor(v: Vessel): Promise<Template[]> {
  const all = await recordsOf<Template>("checklist_template");
  return all.filter((t) => t.retired_at === null && t.regime === v.regime && admits(t.fit, v)).sort((a, b) => a.key.localeCompare(b.key));
}

/** The vessel's certificates. */
export async function certificatesOf(vesselId: string): Promise<Certificate[]> {
  return (await recordsOf<Certificate>("certificate")).filter((c) => c.vessel_id === vesselId);
}

/** The detention order in force on the vessel, if any. */
export async function detentionOf(vesselId: string): Promise<DetentionOrder | undefined> {
  return (await recordsOf<DetentionOrder>("detention_order")).find((d) => d.vessel_id === vesselId && d.status === "in_force");
}

/**
 * The vessel's open findings from the pull, as the server's compliance
 * reads them: not rectified, of any inspection of the vessel, one per code
 * (the earliest recorded), by code.
 */
export async function openFindingsOf(vesselId: string): Promise<FindingRecord[]> {
  const open = (await recordsOf<FindingRecord>("finding"))
    .filter((f) => f.vessel_id === vesselId && !f.rectified && f.deleted_at === null)
    .sort((a, b) => a.code.localeCompare(b.code) || a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  return open.filter((f, i) => i === 0 || open[i - 1]?.code !== f.code);
}

/** An inspection as the phone knows it. */
export interface LocalInspection {
  id: string;
  vesselId: string;
  templateId: string;
  startedAt: string;
  status: string;
  version: number;
  answers: Map<string, { answer: string; note: string }>;
  findings: { id: string; code: string; note: string }[];
  photos: StoredPhoto[];
  summary: InspectionSummary | undefined;
  entries: QueueEntry[];
}

// overlay lays queued work not yet covered by a pull over the pulled state.
function overlay(li: LocalInspection, entries: QueueEntry[], acked: number): void {
  for (const e of entries) {
    const m = e.mutation;
    const rejected = e.result?.status === "rejected" || (e.result?.status === "replayed" && e.result.outcome?.status === "rejected");
    if (e.seq <= acked || rejected) continue;
    if (m.name === "inspection.answer") li.answers.set(m.args.item_id, { answer: m.args.answer, note: m.args.note ?? "" });
    if (m.name === "finding.record" && !li.findings.some((f) => f.id === m.args.id)) {
      li.findings.push({ id: m.args.id, code: m.args.code, note: m.args.note ?? "" });
    }
    if (m.name === "inspection.submit" && li.status === "draft") li.status = "submitted";
  }
}

/** The inspection with id from the pull, the push's summary and the queue. */
export async function inspection(id: string): Promise<LocalInspection | undefined> {
  const entries = (await queueEntries()).filter((e) => e.aggregate === id);
  const pulled = await record<InspectionRecord>("inspection", id);
  const start = entries.find((e) => e.mutation.name === "inspection.start")?.mutation;
  if (!pulled && start?.name !== "inspection.start") return undefined;
  const summary = await record<InspectionSummary>("summary", id);
  const acked = (await getMeta<number>("acked_seq")) ?? 0;
  const startArgs = start?.name === "inspection.start" ? start.args : undefined;
  const li: LocalInspection = {
    id,
    vesselId: pulled?.vessel_id ?? startArgs?.vessel_id ?? "",
    templateId: pulled?.template_id ?? (startArgs && "template_id" in startArgs ? startArgs.template_id : startArgs?.template_ids[0]) ?? "",
    startedAt: pulled?.started_at ?? start?.captured_raw ?? "",
    status: summary?.status ?? pulled?.status ?? "draft",
    version: Math.max(summary?.version ?? 0, pulled?.version ?? 0),
    answers: new Map(),
    findings: [],
    photos: await photosOf(id),
    summary,
    entries,
  };
  for (const a of (await recordsOf<AnswerRecord>("inspection_answer")).filter((a) => a.inspection_id === id)) {
    li.answers.set(a.item_id, { answer: a.answer, note: a.note });
  }
  for (const f of (await recordsOf<FindingRecord>("finding")).filter((f) => f.inspection_id === id && f.source === "inspector")) {
    li.findings.push({ id: f.id, code: f.code, note: f.note });
  }
  overlay(li, entries, acked);
  return li;
}

/** The ids of my inspections of a vessel, newest first (pulled and queued). */
export async function inspectionsOf(vesselId: string): Promise<{ id: string; startedAt: string }[]> {
  const out = new Map<string, string>();
  for (const i of await recordsOf<InspectionRecord>("inspection")) if (i.vessel_id === vesselId) out.set(i.id, i.started_at);
  for (const e of await queueEntries()) {
    const m = e.mutation;
    if (m.name === "inspection.start" && m.args.vessel_id === vesselId && !out.has(m.args.id)) out.set(m.args.id, m.captured_raw ?? "");
  }
  return [...out].map(([id, startedAt]) => ({ id, startedAt })).sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}
