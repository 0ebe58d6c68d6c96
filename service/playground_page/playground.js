// The playground: pick a game, create a session, play it seat by seat, in plain DOM and fetch.
// Everything a seat sees comes from the service with that seat's token: its picture, its
// legal actions, its refusals. Tokens live in the URL fragment, which browsers never send.
"use strict";

const SHOWN_PER_TYPE = 40;
const $ = (id) => document.getElementById(id);

const table = {
  game: null, meta: null, session: null, tokens: {}, seat: null, version: -1, status: null,
  actions: [], board: null, filters: {}, stream: null, hotSeat: false, busy: false,
};

// ------------------------------------------------------------------ talking to the service
async function call(path, { method = "GET", body, token, text = false } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const type = response.headers.get("Content-Type") || "";
  const payload = text && response.ok ? await response.text()
    : type.includes("json") ? await response.json() : await response.text();
  return { ok: response.ok, status: response.status, payload };
}

function say(words) { $("status-line").textContent = words; }

function fragment() { return new URLSearchParams(location.hash.slice(1)); }

function link(params) { return `/play#${new URLSearchParams(params).toString()}`; }

// ------------------------------------------------------------------ setting up a game
async function showSetup() {
  $("setup").hidden = false;
  $("table").hidden = true;
  const games = (await call("/v1/games")).payload.games;
  const select = $("game");
  select.replaceChildren(...games.map((g) => new Option(g.title, g.id)));
  select.onchange = () => loadGameChoices(select.value);
  await loadGameChoices(select.value);
  $("setup-form").onsubmit = (event) => { event.preventDefault(); createSession(); };
}

async function loadGameChoices(game) {
  const meta = (await call(`/v1/games/${encodeURIComponent(game)}`)).payload;
  table.meta = meta;
  const players = $("players");
  const counts = [];
  for (let n = meta.min_players; n <= meta.max_players; n++) counts.push(n);
  players.replaceChildren(...counts.map((n) => new Option(String(n), String(n))));
  players.value = String(Math.min(Math.max(2, meta.min_players), meta.max_players));
  const box = $("options");
  box.replaceChildren(Object.assign(document.createElement("legend"), { textContent: "Options" }));
  for (const option of meta.options) {
    const label = document.createElement("label");
    label.append(`${option.name} `);
    const choose = document.createElement("select");
    choose.dataset.option = option.name;
    choose.append(new Option(`(default: ${JSON.stringify(option.default)})`, ""));
    const choices = option.kind === "bool" ? [true, false] : option.choices || [];
    for (const choice of choices) choose.append(new Option(JSON.stringify(choice), JSON.stringify(choice)));
    label.append(choose);
    if (option.description) label.title = option.description;
    box.append(label);
  }
}

async function createSession() {
  const game = $("game").value;
  const options = {};
  for (const choose of $("options").querySelectorAll("select")) {
    if (choose.value !== "") options[choose.dataset.option] = JSON.parse(choose.value);
  }
  const body = { game, players: Number($("players").value), options };
  if ($("seed").value.trim()) body.seed = $("seed").value.trim();
  const answer = await call("/v1/sessions", { method: "POST", body });
  if (!answer.ok) { showRefusal(answer.payload); say(`Could not create the session: ${answer.payload.detail}`); return; }
  const created = answer.payload;
  const list = $("seat-links");
  list.replaceChildren(...created.seat_tokens.map((token, seat) => {
    const item = document.createElement("li");
    const anchor = document.createElement("a");
    anchor.href = link({ game, session: created.session_id, seat, token });
    anchor.target = "_blank";
    anchor.className = "seat-link";
    anchor.dataset.seat = String(seat);
    const colour = created.colors && created.colors[seat] ? ` (${created.colors[seat]})` : "";
    anchor.textContent = `Seat ${seat}${colour}`;
    item.append(anchor);
    return item;
  }));
  $("hot-seat").href = link({ game, session: created.session_id, tokens: created.seat_tokens.join(",") });
  $("spectate").href = link({ game, session: created.session_id });
  $("links").hidden = false;
  say(`Session ${created.session_id} created: ${created.players} seats.`);
}

// ------------------------------------------------------------------ at the table
async function showTable(params) {
  $("setup").hidden = true;
  $("table").hidden = false;
  table.game = params.get("game");
  table.session = params.get("session");
  if (params.has("tokens")) {
    params.get("tokens").split(",").forEach((token, seat) => { table.tokens[seat] = token; });
    table.hotSeat = true;
    table.seat = 0;
  } else if (params.has("token")) {
    table.seat = Number(params.get("seat"));
    table.tokens[table.seat] = params.get("token");
  }
  table.meta = (await call(`/v1/games/${encodeURIComponent(table.game)}`)).payload;
  document.title = `${table.meta.title}: ${table.seat === null ? "spectator" : `seat ${table.seat}`}`;
  $("table-heading").textContent = table.meta.title;
  $("clear-narrowing").onclick = () => { table.board = null; renderActions(); };
  $("send").onclick = () => {
    let action;
    try { action = JSON.parse($("compose").value); } catch (error) {
      showRefusal({ code: "malformed_json", detail: `Not JSON: ${error.message}` });
      return;
    }
    submit(action);
  };
  renderSeatSwitch();
  await refresh();
  follow();
}

function renderSeatSwitch() {
  const nav = $("seat-switch");
  const seats = Object.keys(table.tokens).map(Number);
  nav.hidden = seats.length < 2;
  nav.replaceChildren(...seats.map((seat) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = `Seat ${seat}`;
    button.setAttribute("aria-pressed", String(seat === table.seat));
    button.onclick = () => { table.seat = seat; table.board = null; renderSeatSwitch(); refresh(); };
    return button;
  }));
}

function token() { return table.seat === null ? null : table.tokens[table.seat]; }

async function refresh() {
  const base = `/v1/sessions/${encodeURIComponent(table.session)}`;
  const read = await call(base, { token: token() });
  if (!read.ok) { say(`The session cannot be read: ${read.payload.detail || read.status}`); return; }
  table.version = read.payload.version;
  table.status = read.payload.status;
  if (table.hotSeat) {  // hot-seat: the tab follows whoever is to act
    const active = table.status.active_players.filter((seat) => seat in table.tokens);
    if (active.length && !active.includes(table.seat)) { table.seat = active[0]; renderSeatSwitch(); }
  }
  const [picture, legal] = await Promise.all([
    call(`${base}/picture`, { token: token(), text: true }),
    table.seat === null ? Promise.resolve({ ok: true, payload: { actions: [] } })
      : call(`${base}/legal-actions`, { token: token() }),
  ]);
  table.actions = legal.ok ? legal.payload.actions : [];  // before the picture: its choosable parts come from them
  if (picture.ok) showPicture(picture.payload);
  table.filters = {};
  if (table.board && !table.actions.some((action) => fits(action, table.board))) table.board = null;
  renderActions();
  const doing = table.status.game_over ? `game over; scores ${JSON.stringify(table.status.scores)}`
    : `to act: ${table.status.active_players.map((seat) => `seat ${seat}`).join(", ") || "nobody"}`;
  const who = table.seat === null ? "spectator" : `seat ${table.seat}`;
  say(`${table.meta.title} · version ${table.version} · ${table.status.phase} · ${doing} · you: ${who}`);
  if (table.actions.length && !$("compose").dataset.edited) {
    $("compose").value = JSON.stringify(table.actions[0]);
  }
}

// ------------------------------------------------------------------ the picture, and choosing on it
function showPicture(svgText) {
  const parsed = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const svg = document.importNode(parsed.documentElement, true);
  $("picture-host").replaceChildren(svg);
  const title = svg.querySelector("title");
  const desc = svg.querySelector("desc");
  $("picture-text").textContent = [title && title.textContent, desc && desc.textContent].filter(Boolean).join(". ");
  markChoosable();
}

// A field's value as a picture's data- attribute names it: "3,4" for [3, 4] or {"col": 3, "row": 4}.
function spelled(value) {
  if (Array.isArray(value)) return value.map(spelled).join(",");
  if (value !== null && typeof value === "object") return Object.values(value).map(spelled).join(",");
  return String(value);
}

function holds(value, wanted) {
  if (spelled(value) === wanted) return true;
  if (Array.isArray(value)) return value.some((item) => holds(item, wanted));
  if (value !== null && typeof value === "object") return Object.values(value).some((item) => holds(item, wanted));
  return false;
}

function fits(action, board) { return board.field in action && holds(action[board.field], board.value); }

function boardChoices(node) {
  const found = [];
  for (const attribute of node.attributes) {
    if (!attribute.name.startsWith("data-")) continue;
    const choice = { field: attribute.name.slice(5).replace(/-/g, "_"), value: attribute.value };
    if (table.actions.some((action) => fits(action, choice))) found.push(choice);
  }
  return found;
}

function markChoosable() {
  for (const node of $("picture-host").querySelectorAll("*")) {
    const choices = boardChoices(node);
    if (!choices.length) continue;
    node.classList.add("choosable");
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", `Narrow the actions to ${choices[0].field} ${choices[0].value}`);
    const choose = (event) => {
      event.stopPropagation();
      table.board = choices[0];
      renderActions();
      $("actions-heading").focus?.();
    };
    node.addEventListener("click", choose);
    node.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); choose(event); }
    });
  }
}

// ------------------------------------------------------------------ the legal actions
function shown(action) {
  const rest = { ...action };
  delete rest.type;
  delete rest.player;
  const text = JSON.stringify(rest);
  return text === "{}" ? action.type : text;
}

function renderActions() {
  const groups = $("action-groups");
  const narrowed = table.board ? table.actions.filter((action) => fits(action, table.board)) : table.actions;
  $("narrowed").hidden = !table.board;
  if (table.board) $("narrowed-text").textContent = `Narrowed on the board: ${table.board.field} = ${table.board.value}`;
  $("actions-empty").hidden = narrowed.length > 0;
  const byType = new Map();
  for (const action of narrowed) {
    if (!byType.has(action.type)) byType.set(action.type, []);
    byType.get(action.type).push(action);
  }
  const rendered = [];
  let first = true;
  for (const [type, actions] of byType) {
    const details = document.createElement("details");
    details.open = first || byType.size === 1;
    first = false;
    details.dataset.type = type;
    const summary = document.createElement("summary");
    summary.textContent = `${type} (${actions.length})`;
    details.append(summary, filtersFor(type, actions), listFor(type, actions));
    rendered.push(details);
  }
  groups.replaceChildren(...rendered);
}

// The "where" filters: a choice per top-level field, as the legal-actions endpoint's ?where= takes them.
function filtersFor(type, actions) {
  const box = document.createElement("div");
  box.className = "filters";
  const fields = new Set();
  for (const action of actions) for (const key of Object.keys(action)) if (key !== "type" && key !== "player") fields.add(key);
  for (const field of fields) {
    const values = [...new Set(actions.map((action) => JSON.stringify(action[field])))];
    if (values.length < 2) continue;
    const label = document.createElement("label");
    label.append(`${field} `);
    const choose = document.createElement("select");
    choose.dataset.field = field;
    choose.append(new Option("any", ""), ...values.slice(0, 200).map((v) => new Option(v, v)));
    choose.value = (table.filters[type] || {})[field] || "";
    choose.onchange = () => {
      table.filters[type] = { ...(table.filters[type] || {}), [field]: choose.value };
      const details = choose.closest("details");
      details.replaceChild(listFor(type, actions), details.querySelector(".action-list"));
    };
    label.append(choose);
    box.append(label);
  }
  return box;
}

function listFor(type, actions) {
  const wanted = Object.entries(table.filters[type] || {}).filter(([, value]) => value !== "");
  const kept = actions.filter((action) => wanted.every(([field, value]) => JSON.stringify(action[field]) === value));
  const list = document.createElement("div");
  list.className = "action-list";
  for (const action of kept.slice(0, SHOWN_PER_TYPE)) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "action";
    button.dataset.type = action.type;
    button.textContent = shown(action);
    button.onclick = () => submit(action);
    button.onfocus = () => { $("compose").value = JSON.stringify(action); };
    list.append(button);
  }
  if (kept.length > SHOWN_PER_TYPE) {
    const more = document.createElement("p");
    more.className = "more";
    more.textContent = `${kept.length - SHOWN_PER_TYPE} more: narrow with the filters or by clicking the board.`;
    list.append(more);
  }
  return list;
}

// ------------------------------------------------------------------ acting, and refusals
async function submit(action) {
  if (table.busy) return;
  table.busy = true;
  try {
    const answer = await call(`/v1/sessions/${encodeURIComponent(table.session)}/actions`, {
      method: "POST", token: token(), body: { action, expected_version: table.version },
    });
    if (answer.ok) {
      $("refusal").hidden = true;
      delete $("compose").dataset.edited;
      table.board = null;
    } else {
      showRefusal(answer.payload);
    }
    await refresh();
  } finally {
    table.busy = false;
  }
}

function showRefusal(problem) {
  const box = $("refusal");
  const rule = problem.rule && table.meta ? (table.meta.rules || []).find((r) => r.id === problem.rule) : null;
  box.replaceChildren();
  const head = document.createElement("p");
  head.textContent = `Refused: ${problem.code || problem.status}${problem.rule ? ` (${problem.rule})` : ""}`;
  head.className = "refusal-code";
  const detail = document.createElement("p");
  detail.className = "refusal-detail";
  detail.textContent = problem.detail || "";
  box.append(head, detail);
  if (rule) {
    const text = document.createElement("p");
    text.className = "rule-text";
    text.textContent = `${rule.id} ${rule.title}: ${rule.text}`;
    box.append(text);
  }
  box.hidden = false;
}

// ------------------------------------------------------------------ following the others' moves
async function follow() {
  if (table.stream) table.stream.close();
  if (table.status && table.status.game_over) return;
  let url = `/v1/sessions/${encodeURIComponent(table.session)}/stream`;
  if (token()) {  // EventSource sends no Authorization: a single-use ticket stands in for the token
    const ticket = await call(`/v1/sessions/${encodeURIComponent(table.session)}/stream-tickets`,
      { method: "POST", token: token() });
    if (!ticket.ok) { setTimeout(follow, 2000); return; }
    url += `?ticket=${encodeURIComponent(ticket.payload.ticket)}`;
  }
  const stream = new EventSource(url);
  table.stream = stream;
  stream.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.version > table.version && !table.busy) refresh();
  };
  stream.onerror = () => {  // a used ticket cannot reconnect: take a new one
    stream.close();
    if (table.stream === stream) setTimeout(follow, 1000);
  };
}

document.addEventListener("DOMContentLoaded", () => {
  $("compose").addEventListener("input", () => { $("compose").dataset.edited = "1"; });
  const params = fragment();
  if (params.has("session")) showTable(params); else showSetup();
  window.addEventListener("hashchange", () => location.reload());
});
