/** Small DOM helpers shared by the lobby, the table and the player panels (no framework). */

export type Child = Node | string;

/** An HTML element with attributes (false/undefined ones left out) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    node.setAttribute(k, v === true ? "" : v);
  }
  node.append(...children);
  return node;
}

const NS = "http://www.w3.org/2000/svg";

/** An SVG element with attributes and children. */
export function svg(tag: string, attrs: Record<string, string | number> = {}, ...children: (Node | string)[]): SVGElement {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  node.append(...children);
  return node;
}

/** An enum value's name as words: SEA_DOGS -> "sea dogs" ("" for UNSPECIFIED). */
export function enumWords(names: Record<number, string>, value: number): string {
  const name = names[value] ?? "";
  return name === "UNSPECIFIED" ? "" : name.replace(/_/g, " ").toLowerCase();
}

/** A button that calls `onClick`. */
export function button(text: string, onClick: () => void, attrs: Record<string, string | undefined> = {}): HTMLButtonElement {
  const b = h("button", { type: "button", ...attrs }, text);
  b.addEventListener("click", onClick);
  return b;
}
