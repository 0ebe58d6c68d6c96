// What a TypeScript frontend writes against the generated types (openapi-typescript, default
// options, into ./api.d.ts beside this file): set up each game, list its legal actions, apply the
// first. `tsc --strict` must compile it; each @ts-expect-error below must meet a compile error,
// or tsc reports the directive itself as unused. tests/sdk/test_typescript_client.py compiles it
// and runs it against a live server (REFEREE_URL).
import createClient from "openapi-fetch";
import type { components, paths } from "./api.js";

type Schemas = components["schemas"];
// Node's environment, declared here rather than with @types/node: the probe needs nothing else of it.
declare const process: { env: Record<string, string | undefined> };

const referee = createClient<paths>({ baseUrl: process.env.REFEREE_URL ?? "http://localhost:8000" });
const SEED = "typescript-probe";

function answered<T>(answer: { data?: T; error?: unknown }, what: string): T {
  if (answer.data === undefined) throw new Error(`${what}: ${JSON.stringify(answer.error)}`);
  return answer.data;
}

function fullState<S>(setup: { state?: S }, what: string): S {
  if (setup.state === undefined) throw new Error(`${what}: an unsealed setup answers the full state`);
  return setup.state;
}

async function solenia(): Promise<Schemas["solenia.Phase"]> {
  const setup = answered(await referee.POST("/v1/games/solenia/setup", { body: { players: 2, seed: SEED } }), "setup");
  const state = fullState(setup, "solenia");
  const seat = setup.status.active_players[0];
  const menu = answered(await referee.POST("/v1/games/solenia/legal-actions", { body: { state, player: seat } }), "menu");
  const applied = answered(
    await referee.POST("/v1/games/solenia/apply", { body: { state, action: menu.actions[0] } }), "apply");
  const seen = answered(
    await referee.POST("/v1/games/solenia/view", { body: { state: fullState(applied, "apply"), player: seat } }), "view");
  if (seen.view.viewer !== seat || seen.view.round !== applied.status.round) throw new Error("view: another seat's?");
  return applied.status.phase;
}

async function java(): Promise<Schemas["java.Phase"]> {
  const setup = answered(await referee.POST("/v1/games/java/setup", { body: { players: 2, seed: SEED } }), "setup");
  const state = fullState(setup, "java");
  const seat = setup.status.active_players[0];
  const menu = answered(await referee.POST("/v1/games/java/legal-actions", { body: { state, player: seat } }), "menu");
  const applied = answered(
    await referee.POST("/v1/games/java/apply", { body: { state, action: menu.actions[0] } }), "apply");
  return applied.status.phase;
}

async function goldenCity(): Promise<Schemas["golden_city.Phase"]> {
  const setup = answered(
    await referee.POST("/v1/games/golden_city/setup", { body: { players: 2, seed: SEED } }), "setup");
  const state = fullState(setup, "golden_city");
  const seat = setup.status.active_players[0];
  const menu = answered(
    await referee.POST("/v1/games/golden_city/legal-actions", { body: { state, player: seat } }), "menu");
  const applied = answered(
    await referee.POST("/v1/games/golden_city/apply", { body: { state, action: menu.actions[0] } }), "apply");
  return applied.status.phase;
}

async function kingdomOfSolomon(): Promise<Schemas["kingdom_of_solomon.Phase"]> {
  const setup = answered(
    await referee.POST("/v1/games/kingdom_of_solomon/setup", { body: { players: 2, seed: SEED } }), "setup");
  const state = fullState(setup, "kingdom_of_solomon");
  const seat = setup.status.active_players[0];
  const menu = answered(
    await referee.POST("/v1/games/kingdom_of_solomon/legal-actions", { body: { state, player: seat } }), "menu");
  const applied = answered(
    await referee.POST("/v1/games/kingdom_of_solomon/apply", { body: { state, action: menu.actions[0] } }), "apply");
  return applied.status.phase;
}

async function minesOfZavandor(): Promise<Schemas["mines_of_zavandor.Phase"]> {
  const setup = answered(
    await referee.POST("/v1/games/mines_of_zavandor/setup", { body: { players: 2, seed: SEED } }), "setup");
  const state = fullState(setup, "mines_of_zavandor");
  const seat = setup.status.active_players[0];
  const menu = answered(
    await referee.POST("/v1/games/mines_of_zavandor/legal-actions", { body: { state, player: seat } }), "menu");
  const applied = answered(
    await referee.POST("/v1/games/mines_of_zavandor/apply", { body: { state, action: menu.actions[0] } }), "apply");
  return applied.status.phase;
}

// Correct requests compile: a field the server defaults may be left out.
export const playCard: Schemas["solenia.Action"] = {
  type: "play_card", player: 0, card: "orange-11", space: { col: 1, row: 2 }, lengthen_payment: {}, overflow_discard: {},
};
export const build: Schemas["golden_city.Action"] = { type: "build", player: 0, space: "A1" };
export const setupWithDefaults: Schemas["java.SetupRequest"] = { players: 2 };

// And wrong ones do not.
// @ts-expect-error: no Solenia action has the type "nonsense".
export const unknownType: Schemas["solenia.Action"] = { type: "nonsense", player: 0 };
// @ts-expect-error: "players" is required.
export const missingPlayers: Schemas["golden_city.SetupRequest"] = { seed: 1 };
// @ts-expect-error: "space" is required in a build.
export const buildNowhere: Schemas["golden_city.Action"] = { type: "build", player: 0 };
// @ts-expect-error: a phase is one of the game's phase names.
export const noSuchPhase: Schemas["java.Phase"] = "nonsense";
// @ts-expect-error: an option's value has the option's type.
export const wrongOption: Schemas["solenia.SetupOptions"] = { board_side: "autumn" };

// A view is typed from the state's secrecy markers: what a seat may not see is optional or null.
export function readView(seen: Schemas["solenia.ViewResponse"]): [number | null, number, number] {
  const viewer: number | null = seen.view.viewer;
  const mine = seen.view.players[0];
  return [viewer, seen.view.round, mine === null ? 0 : mine.hand_count];
}
export function misreadView(seen: Schemas["solenia.ViewResponse"]): [string, string[]] {
  // @ts-expect-error: a view's round is a number, not text.
  const round: string = seen.view.round;
  // @ts-expect-error: another seat's hand is not in the view (and its entry may be null).
  const hand: string[] = seen.view.players[1].hand;
  return [round, hand];
}

const phases = await Promise.all([solenia(), java(), goldenCity(), kingdomOfSolomon(), minesOfZavandor()]);
console.log(JSON.stringify(phases));
