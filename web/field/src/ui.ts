// A few DOM helpers: the app builds its screens with plain elements (no
// framework, no inline style or script: the policy forbids both).

type Leaf = Node | string | number | null | undefined | false;
type Child = Leaf | readonly Child[];

// flatten lists of children of any depth.
function flatten(cs: readonly Child[], out: (Node | string)[] = []): (Node | string)[] {
  for (const c of cs) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) flatten(c as readonly Child[], out);
    else out.push(c instanceof Node ? c : String(c));
  }
  return out;
}
type Attrs = Record<string, string | number | boolean | EventListener | undefined>;

/** An element with attributes (on* are listeners) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (v === true) el.setAttribute(k, "");
    else el.setAttribute(k, String(v));
  }
  el.append(...flatten(children));
  return el;
}

/** Replaces the children of el. */
export function fill(el: Element, ...children: Child[]): void {
  el.replaceChildren(...flatten(children));
}

/** The element with id, which the shell always has. */
export function byId(id: string): HTMLElement {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} missing`);
  return el;
}
