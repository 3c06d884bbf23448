// The sandtable preview page: it renders the state the server sends after every build, without a reload.
"use strict";

let shownBuild = null;
let lastState = null;
let chosenLanguage = null;  // the edition on show; null until a build names its languages

function make(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    node.setAttribute(name, value);
  }
  for (const child of children) {
    node.append(child);
  }
  return node;
}

function renderStatus(state) {
  const status = document.getElementById("status");
  status.dataset.status = state.status;
  status.dataset.generation = String(state.generation);
  status.dataset.shown = state.shown === null ? "" : String(state.shown);
  status.textContent = state.summary;
  document.getElementById("title").textContent = state.title;
  document.title = `${state.title}: sandtable preview`;
}

function diagnosticItem(found) {
  const item = make("li", { class: `diagnostic ${found.severity}`, "data-rule": found.rule },
    make("code", { class: "where" }, found.where), " ",
    make("span", { class: "severity" }, found.severity), " ",
    make("span", { class: "rule" }, `[${found.rule}]`), " ",
    make("span", { class: "message" }, found.message));
  if (found.hint) {
    item.append(make("div", { class: "hint" }, `hint: ${found.hint}`));
  }
  return item;
}

function renderDiagnostics(state) {
  const list = document.getElementById("diagnostic-list");
  list.replaceChildren(...state.diagnostics.map(diagnosticItem));
  const summary = document.getElementById("diagnostic-summary");
  if (state.status === "failed") {
    summary.textContent = state.summary;
  } else {
    summary.textContent = state.diagnostics.length ? `${state.diagnostics.length} diagnostic(s)` : "no problems";
  }
}

function artifactItem(item) {
  const box = make("div", { class: `item show-${item.show}` });
  box.append(make("h3", {}, make("a", { href: item.url, target: "_blank" }, item.label),
    item.note ? make("span", { class: "note" }, ` (${item.note})`) : ""));
  if (item.show === "image") {
    box.append(make("div", { class: "scroll" }, make("img", { src: item.url, alt: item.label })));
  } else if (item.show === "pages") {
    const pages = make("div", { class: "pages" });
    item.pages.forEach((url, index) => pages.append(make("img", { src: url, alt: `${item.label}, page ${index + 1}` })));
    box.append(pages);
  }
  return box;
}

function inChosenEdition(item) {
  return !item.lang || item.lang === "*" || chosenLanguage === null || item.lang === chosenLanguage;
}

function editionsOf(state) {
  const found = [];
  state.sections.forEach((section) => section.items.forEach((item) => {
    if (item.lang && item.lang !== "*" && !found.includes(item.lang)) {
      found.push(item.lang);
    }
  }));
  return found;
}

function renderLanguageSwitch(state) {
  // One edition at a time: the choice stays across rebuilds while the game still has that language.
  const languages = editionsOf(state);
  if (!languages.includes(chosenLanguage)) {
    chosenLanguage = languages.length ? languages[0] : null;
  }
  const select = document.getElementById("language");
  select.replaceChildren(...languages.map((lang) => make("option", { value: lang }, lang)));
  select.value = chosenLanguage || "";
  document.getElementById("language-switch").hidden = languages.length < 2;
}

function sectionArticle(section) {
  const items = section.items.filter(inChosenEdition);
  const links = items.filter((item) => item.show === "link");
  const article = make("article", { id: `section-${section.id}` }, make("h2", {}, section.title));
  if (links.length) {
    const line = make("p", { class: "links" }, "Files: ");
    links.forEach((item, index) => line.append(index ? " · " : "",
      make("a", { href: item.url, target: "_blank" }, item.label)));
    article.append(line);
  }
  items.filter((item) => item.show !== "link").forEach((item) => article.append(artifactItem(item)));
  return article;
}

function renderArtifacts(state) {
  if (state.shown === shownBuild) {
    return;  // a build with errors keeps the preview on show: leave the images alone
  }
  shownBuild = state.shown;
  renderLanguageSwitch(state);
  const main = document.getElementById("artifacts");
  main.dataset.shown = state.shown === null ? "" : String(state.shown);
  main.dataset.lang = chosenLanguage || "";
  main.replaceChildren(...state.sections.map(sectionArticle));
  document.getElementById("toc").replaceChildren(...state.sections.map((section) =>
    make("a", { href: `#section-${section.id}` }, section.title)));
}

function render(state) {
  lastState = state;
  renderStatus(state);
  renderDiagnostics(state);
  renderArtifacts(state);
}

function setConnected(connected) {
  const connection = document.getElementById("connection");
  connection.dataset.connected = String(connected);
  connection.textContent = connected ? "live: updates after every save" : "not connected: is sandtable watch running?";
}

function connect() {
  // EventSource reconnects by itself after the stream breaks (the server sends `retry`).
  const source = new EventSource("/events");
  source.addEventListener("state", (event) => render(JSON.parse(event.data)));
  source.addEventListener("open", () => setConnected(true));
  source.addEventListener("error", () => setConnected(false));
}

document.getElementById("language").addEventListener("change", (event) => {
  chosenLanguage = event.target.value;
  if (lastState !== null) {
    shownBuild = null;  // the same build, shown again in the other language
    renderArtifacts(lastState);
  }
});

connect();
