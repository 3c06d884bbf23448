// The sandtable preview page: it renders the state the server sends after every build, without a reload.
"use strict";

let shownBuild = null;

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

function sectionArticle(section) {
  const links = section.items.filter((item) => item.show === "link");
  const article = make("article", { id: `section-${section.id}` }, make("h2", {}, section.title));
  if (links.length) {
    const line = make("p", { class: "links" }, "Files: ");
    links.forEach((item, index) => line.append(index ? " · " : "",
      make("a", { href: item.url, target: "_blank" }, item.label)));
    article.append(line);
  }
  section.items.filter((item) => item.show !== "link").forEach((item) => article.append(artifactItem(item)));
  return article;
}

function renderArtifacts(state) {
  if (state.shown === shownBuild) {
    return;  // a build with errors keeps the preview on show: leave the images alone
  }
  shownBuild = state.shown;
  const main = document.getElementById("artifacts");
  main.dataset.shown = state.shown === null ? "" : String(state.shown);
  main.replaceChildren(...state.sections.map(sectionArticle));
  document.getElementById("toc").replaceChildren(...state.sections.map((section) =>
    make("a", { href: `#section-${section.id}` }, section.title)));
}

function render(state) {
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

connect();
