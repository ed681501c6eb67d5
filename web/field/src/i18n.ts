// The app's texts in English, Kannada and Hindi, from the pages' own
// catalogues (web/messages/field.*.toml, built into messages.gen.ts).
import { catalogue } from "./messages.gen";

/** The languages, in the order the switcher shows them, with their own names. */
export const languages = [
  ["en", "English"],
  ["kn", "ಕನ್ನಡ"],
  ["hi", "हिन्दी"],
] as const;

let lang = "en";

/** Sets the language of every text from now on. */
export function setLang(l: string): void {
  lang = catalogue[l] ? l : "en";
  document.documentElement.lang = lang;
}

/** The current language. */
export function currentLang(): string {
  return lang;
}

/** The browser's first language of ours, else English. */
export function browserLang(): string {
  for (const l of navigator.languages ?? []) {
    const tag = l.slice(0, 2);
    if (catalogue[tag]) return tag;
  }
  return "en";
}

/**
 * Text id in the current language with its {{.Var}} filled; an id missing
 * in this language falls back to English (the catalogue test keeps them
 * complete), never to the id.
 */
export function t(id: string, vars: Record<string, string | number> = {}): string {
  const s = catalogue[lang]?.[id] ?? catalogue.en?.[id] ?? "";
  return s.replace(/\{\{\.(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ""));
}

/** A date (YYYY-MM-DD or a time) as DD-MM-YYYY in India. */
export function date(s: string): string {
  const d = new Date(s.length === 10 ? `${s}T00:00:00+05:30` : s);
  const p = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Kolkata", day: "2-digit", month: "2-digit", year: "numeric" }).formatToParts(d);
  const v = (k: string) => p.find((x) => x.type === k)?.value ?? "";
  return `${v("day")}-${v("month")}-${v("year")}`;
}

/** A time as DD-MM-YYYY HH:MM in India. */
export function time(ms: number): string {
  const d = new Date(ms);
  const hm = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Kolkata", hour: "2-digit", minute: "2-digit", hour12: false }).format(d);
  return `${date(d.toISOString())} ${hm}`;
}

/** Rupees with Indian grouping: ₹1,00,000. */
export function rupees(n: number): string {
  return `₹${new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 }).format(n)}`;
}

/** Today in India, YYYY-MM-DD. */
export function today(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
}

/** Whole days from today (India) to day (YYYY-MM-DD); negative when past. */
export function daysUntil(day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today()}T00:00:00Z`)) / 86400000);
}
