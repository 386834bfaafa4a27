/**
 * Actions and events as data: their proto JSON (every field, zeros included), a readable label,
 * and the board places an action names (a Terra Nova hex "E4", an Attika hex {q, r}, an Origin
 * territory, an Origins city cell {x, y}), so that a click on the board can pick the action.
 */
import { type JsonObject, type JsonValue, clone, fromJson, toJson } from "@bufbuild/protobuf";
import { type GameAction, GameActionSchema, type GameEvent, GameEventSchema } from "@agora/sdk";

export function actionJson(action: GameAction): JsonObject {
  return toJson(GameActionSchema, action, { alwaysEmitImplicit: true, useProtoFieldName: true }) as JsonObject;
}

export function eventJson(event: GameEvent): JsonObject {
  return toJson(GameEventSchema, event, { useProtoFieldName: true }) as JsonObject;
}

/** An enum value's short name: TERRA_NOVA_TERRAIN_LAKE -> lake (the prefix is the enum's name). */
export function short(value: string, prefix?: string): string {
  if (prefix !== undefined && value.startsWith(prefix)) return value.slice(prefix.length).toLowerCase();
  return value.toLowerCase();
}

const isObject = (v: JsonValue | undefined): v is JsonObject =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Words of a snake_case name. */
const words = (name: string) => name.replace(/_/g, " ");

/**
 * `v` in words; an enum value drops its type's prefix, which is the game's field name
 * (`terra_nova`, `origins`) and one word more: TERRA_NOVA_TERRAIN_LAKE -> lake,
 * ORIGINS_COLOUR_RED -> red. `game` is that field name ("" outside a game).
 */
function scalarText(v: JsonValue, game: string): string {
  // A list the server redacted for this viewer keeps its length with empty items.
  if (Array.isArray(v) && v.length > 0 && v.every((w) => w === "")) return `${v.length} hidden`;
  if (Array.isArray(v)) return `[${v.map((w) => scalarText(w, game)).join(", ")}]`;
  if (isObject(v)) {
    const q = v["q"];
    const r = v["r"];
    if (typeof q === "number" && typeof r === "number" && Object.keys(v).length === 2) return `(${q}, ${r})`;
    const x = v["x"];
    const y = v["y"];
    if (typeof x === "number" && typeof y === "number" && Object.keys(v).length === 2) return `(${x}, ${y})`;
    return Object.entries(v)
      .filter(([, w]) => !isEmpty(w))
      .map(([k, w]) => `${words(k)} ${scalarText(w, game)}`)
      .join(", ");
  }
  if (typeof v === "string" && /^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(v)) {
    const parts = v.split("_");
    const prefix = game === "" ? 1 : game.split("_").length + 1;
    return parts.slice(Math.min(parts.length - 1, prefix)).join(" ").toLowerCase();
  }
  return String(v);
}

function isEmpty(v: JsonValue): boolean {
  return v === "" || v === false || v === null || (Array.isArray(v) && v.length === 0);
}

/**
 * "build · hex E4" from {"terra_nova": {"build": {"hex": "E4"}}}: the chain of one-key objects
 * (the oneof cases) as words, then the leaf's fields.
 */
export function label(json: JsonObject): string {
  let node: JsonValue = json;
  const path: string[] = [];
  let first = true;
  const game = Object.keys(json)[0] ?? "";
  while (isObject(node)) {
    const keys = Object.keys(node);
    if (keys.length !== 1) break;
    const key = keys[0] as string;
    if (!first) path.push(words(key));
    first = false;
    node = node[key] as JsonValue;
  }
  const details = isObject(node) ? scalarText(node, game) : isEmpty(node) ? "" : scalarText(node, game);
  return details === "" ? path.join(" · ") : `${path.join(" · ")} · ${details}`;
}

/** A place an action names and where: `key` matches a board element's data-place. */
export interface Place {
  key: string;
  kind: string;
  path: (string | number)[];
}

/** The place key of a JSON node under the field `name`, if it is one. */
function placeKey(name: string, v: JsonValue): { key: string; kind: string } | undefined {
  if ((name === "hex" || name === "river_hex") && typeof v === "string" && v !== "") return { key: `hex:${v}`, kind: "hex" };
  // Origin: the territory chosen, evolved into (`target`) or migrated to (`to`).
  if ((name === "territory" || name === "target" || name === "to") && typeof v === "string" && v !== "") {
    return { key: `terr:${v}`, kind: "terr" };
  }
  if (isObject(v) && typeof v["q"] === "number" && typeof v["r"] === "number") {
    return { key: `qr:${v["q"]},${v["r"]}`, kind: "qr" };
  }
  if (isObject(v) && typeof v["x"] === "number" && typeof v["y"] === "number") {
    return { key: `cell:${v["x"]},${v["y"]}`, kind: "cell" };
  }
  return undefined;
}

/** Every place `json` names, depth first. */
export function places(json: JsonValue, path: (string | number)[] = [], name = ""): Place[] {
  const here = placeKey(name, json);
  if (here !== undefined) return [{ ...here, path }];
  if (Array.isArray(json)) return json.flatMap((v, i) => places(v, [...path, i], name));
  if (isObject(json)) return Object.entries(json).flatMap(([k, v]) => places(v, [...path, k], k));
  return [];
}

/** The place `key` as the JSON it replaces at a place of its kind. */
function placeValue(key: string): JsonValue {
  const [kind, rest = ""] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
  if (kind === "qr") {
    const [q, r] = rest.split(",").map(Number);
    return { q: q ?? 0, r: r ?? 0 };
  }
  if (kind === "cell") {
    const [x, y] = rest.split(",").map(Number);
    return { x: x ?? 0, y: y ?? 0 };
  }
  return rest;
}

/**
 * `template` with its place of `key`'s kind replaced by `key`: what a click on a place no legal
 * action names asks for, so that the server says why it is refused.
 */
export function withPlace(template: GameAction, key: string): GameAction | undefined {
  const json = actionJson(template);
  const kind = key.slice(0, key.indexOf(":"));
  const place = places(json).find((p) => p.kind === kind);
  if (place === undefined) return undefined;
  let node: JsonValue = json;
  for (const step of place.path.slice(0, -1)) node = (node as Record<string | number, JsonValue>)[step] as JsonValue;
  const last = place.path[place.path.length - 1];
  if (last === undefined) return undefined;
  (node as Record<string | number, JsonValue>)[last] = placeValue(key);
  try {
    return fromJson(GameActionSchema, json);
  } catch {
    return clone(GameActionSchema, template);
  }
}
