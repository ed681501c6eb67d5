// The contract's types (openapi/openapi.yaml, generated into clients/ts):
// the app has no model of its own for what the server sends.
import type { components, paths } from "../../../clients/ts/src/schema";

export type { paths };
export type Schemas = components["schemas"];
export type SyncItem = Schemas["SyncItem"];
export type PushMutation = Schemas["PushMutation"];
export type PushResult = Schemas["PushResult"];
export type Vessel = Schemas["Vessel"];
export type Certificate = Schemas["Certificate"];
export type Template = Schemas["ChecklistTemplateRecord"];
/** A catalogue entry as the pull sends it (titles by language). */
export type CatalogueEntry = Schemas["CatalogueRecord"]["entries"][number];
export type InspectionSummary = Schemas["InspectionSummary"];
export type PlanEntry = Schemas["PlanEntry"];

/** What a mutation carries besides its name, version and arguments. */
export type Envelope = Schemas["MutationEnvelope"];

/** The sync protocol this app speaks (X-Protocol-Version). */
export const PROTOCOL_VERSION = 1;

/** The app's version (X-App-Version), set by the build. */
export const APP_VERSION = "0.1.0";
