/**
 * The lobby's form for a game's options: the catalog's options (GameInfo.options) read
 * against the generated descriptors into GameOptions, as the TypeScript example does.
 */
import { type DescField, type DescMessage, type JsonObject, type JsonValue, ScalarType, fromJson } from "@bufbuild/protobuf";
import { type GameInfo, type GameOptions, GameOptionsSchema } from "@agora/sdk";

import { client, sentence } from "./api";
import { h } from "./dom";

function optionsMessage(gameId: string): DescMessage | undefined {
  const field = GameOptionsSchema.fields.find((f) => f.oneof?.name === "game" && f.name === gameId.replace(/-/g, "_"));
  return field?.fieldKind === "message" ? field.message : undefined;
}

function enumPrefix(name: string): string {
  return `${name.replace(/(?!^)([A-Z])/g, "_$1").toUpperCase()}_`;
}

function optionValue(field: DescField, text: string): JsonValue {
  const enumType = field.fieldKind === "enum" || (field.fieldKind === "list" && field.listKind === "enum") ? field.enum : undefined;
  if (enumType !== undefined) return enumPrefix(enumType.name) + text.trim().toUpperCase();
  const scalar = field.fieldKind === "scalar" || (field.fieldKind === "list" && field.listKind === "scalar") ? field.scalar : undefined;
  if (scalar === ScalarType.BOOL) return text === "true";
  if (scalar === ScalarType.STRING) return text;
  return Number(text);
}

function readOptions(game: GameInfo, form: HTMLFormElement): GameOptions {
  const message = optionsMessage(game.gameId);
  if (message === undefined) throw new Error(`this client does not know the options of ${game.gameId}`);
  const values: JsonObject = {};
  const data = new FormData(form);
  for (const option of game.options) {
    const field = message.fields.find((f) => f.name === option.name);
    const text = String(data.get(option.name) ?? "").trim();
    if (field === undefined || text === "") continue;
    values[field.name] =
      field.fieldKind === "list"
        ? text
            .split(",")
            .filter((t) => t.trim() !== "")
            .map((t) => optionValue(field, t.trim()))
        : optionValue(field, text);
  }
  return fromJson(GameOptionsSchema, { [game.gameId.replace(/-/g, "_")]: values });
}

/** The form field of the seed; not a game option's name (those are proto field names). */
const SEED_FIELD = "session-seed";

/** The seed typed in the form, if any: a whole number that fits the API's uint64. */
function readSeed(form: HTMLFormElement): bigint | undefined {
  const text = String(new FormData(form).get(SEED_FIELD) ?? "").trim();
  if (text === "") return undefined;
  if (!/^\d{1,20}$/.test(text) || BigInt(text) > 0xffff_ffff_ffff_ffffn) throw new Error("The seed must be a whole number from 0 to 18446744073709551615.");
  return BigInt(text);
}

export function optionsForm(game: GameInfo): HTMLFormElement {
  const form = h("form", { class: "options", "data-game": game.gameId, "aria-label": `New ${game.name}` });
  const message = optionsMessage(game.gameId);
  for (const option of game.options) {
    const id = `opt-${game.gameId}-${option.name}`;
    const field = message?.fields.find((f) => f.name === option.name);
    let input: HTMLElement;
    if (field?.fieldKind === "list" || option.values.length === 0) {
      input = h("input", { id, name: option.name, value: option.defaultValue, placeholder: option.values.slice(0, 4).join(",") });
    } else {
      const select = h("select", { id, name: option.name });
      if (option.defaultValue === "") select.append(h("option", { value: "" }, "(unset)"));
      for (const v of option.values) select.append(h("option", { value: v, selected: v === option.defaultValue }, v));
      input = select;
    }
    form.append(h("label", { for: id, title: option.description }, option.name.replace(/_/g, " ")), input);
  }
  // The seed of the game's randomness (CreateSessionRequest.seed): the same seed, options
  // and decisions play the same game again, to share a position or repeat a bug.
  const seedId = `seed-${game.gameId}`;
  form.append(
    h("label", { for: seedId, title: "The same seed, options and decisions give the same game. Leave empty for a random one." }, "seed"),
    h("input", { id: seedId, name: SEED_FIELD, inputmode: "numeric", placeholder: "random" }),
  );
  const error = h("p", { class: "error", role: "alert" });
  const create = h("button", { type: "submit", "data-testid": `create-${game.gameId}` }, `Create ${game.name}`);
  form.append(create, error);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    void (async () => {
      try {
        const options = readOptions(game, form);
        const seed = readSeed(form);
        // A chosen seed is allowed between people only in an unrated session, which shows
        // every player that its seed was chosen (Session.seedChosen).
        const created = await client.createSession({ options, seed, unrated: seed !== undefined, requestId: crypto.randomUUID() });
        if (created.session) location.hash = `#/s/${created.session.sessionId}`;
      } catch (err) {
        error.textContent = sentence(err);
      }
    })();
  });
  return form;
}
