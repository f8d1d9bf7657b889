// The play page of the table: one WebSocket, view frames drawn with DOM calls (text is
// never parsed as markup), moves sent with the version they were chosen on.
"use strict";

(function () {
  const root = document.getElementById("table");
  const tableId = root.dataset.table;
  const seat = root.dataset.seat === "" ? null : Number(root.dataset.seat);
  const token = decodeURIComponent(window.location.hash.slice(1));
  const $ = (id) => document.getElementById(id);
  let socket = null;
  let version = null;
  let retry = 250;
  let closedForGood = false;

  function el(tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = text;
    if (cls) node.className = cls;
    return node;
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function moveButton(entry) {
    const button = el("button", null, "move");
    button.type = "button";
    button.dataset.move = entry.move;
    button.appendChild(el("span", entry.label, "label"));
    button.appendChild(document.createTextNode(" "));
    button.appendChild(el("code", entry.move, "notation"));
    button.addEventListener("click", () => {
      $("refusal").hidden = true;
      for (const b of document.querySelectorAll("#moves button")) b.disabled = true;
      send({ type: "move", version: version, move: entry.move });
    });
    return button;
  }

  function menu(entries) {
    const list = el("ul", null, "menu");
    for (const entry of entries) {
      const item = el("li");
      if (entry.group !== undefined) {
        const group = el("details", null, "group");
        group.appendChild(el("summary", `${entry.group} (${entry.size} moves)`));
        group.appendChild(menu(entry.entries));
        item.appendChild(group);
      } else {
        item.appendChild(moveButton(entry));
      }
      list.appendChild(item);
    }
    return list;
  }

  function draw(view) {
    const mine = view.moves !== null;
    const firstOfTurn = mine && (version === null || !$("moves-box").dataset.active);
    version = view.version;
    document.body.dataset.version = String(view.version);
    document.body.dataset.over = String(view.over);
    let status = view.headline;
    if (view.over) status = "The game is over. " + view.headline;
    else if (mine) status = "Your decision. " + view.headline;
    $("status").textContent = status;
    const picture = $("picture");
    if (view.picture) {
      picture.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(view.picture);
      const title = /<title>([^<]*)<\/title>/.exec(view.picture);
      picture.alt = title ? title[1] : "The table";
      picture.hidden = false;
    }
    $("text").textContent = view.text;
    $("mine").hidden = view.summary === null;
    $("summary").textContent = view.summary || "";
    const box = $("moves-box");
    const moves = $("moves");
    moves.replaceChildren();
    box.hidden = !mine;
    box.dataset.active = mine ? "1" : "";
    if (mine) {
      moves.appendChild(menu(view.moves));
      if (firstOfTurn) {
        const first = moves.querySelector("button, summary");
        if (first) first.focus();
      }
    }
    const seats = $("seats");
    seats.replaceChildren();
    view.seats.forEach((s, n) => {
      let text = `${s.name}: ${s.kind === "human" ? "a person" : s.kind === "open" ? "open" : s.kind + " bot"}`;
      if (n === view.viewer) text += " (you)";
      if (n === view.deciding) text += " (deciding)";
      seats.appendChild(el("li", text));
    });
    const narration = $("narration");
    narration.replaceChildren();
    const lines = view.narration;
    const start = view.narration_from;
    lines.forEach((line, i) => {
      const item = el("li", line);
      item.value = start + i + 1;
      narration.appendChild(item);
    });
    $("end").hidden = !view.over;
    if (view.over) {
      const standings = $("standings");
      standings.replaceChildren();
      for (const s of view.standings) {
        standings.appendChild(el("li", `${s.name}: ${s.points}${s.winner ? " (winner)" : ""}`));
      }
      $("seed").textContent = view.seed;
    }
  }

  function refused(error) {
    const box = $("refusal");
    box.replaceChildren();
    box.appendChild(el("strong", "Refused"));
    box.appendChild(document.createTextNode(": "));
    if (error.rule) {
      box.appendChild(el("span", error.rule, "rule"));
      box.appendChild(document.createTextNode(": "));
    }
    box.appendChild(el("span", error.reason, "reason"));
    box.hidden = false;
    for (const b of document.querySelectorAll("#moves button")) b.disabled = false;
  }

  function connect() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${window.location.host}/tables/${tableId}/ws`);
    socket.addEventListener("open", () => {
      retry = 250;
      const hello = seat === null ? { type: "hello" } : { type: "hello", seat: seat, token: token };
      socket.send(JSON.stringify(hello));
    });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "view") draw(message);
      else if (message.type === "error") refused(message);
    });
    socket.addEventListener("close", (event) => {
      if (event.code === 4403 || event.code === 4400) {
        closedForGood = true;
        $("status").textContent = "This link does not hold a seat at this table.";
        return;
      }
      if (closedForGood) return;
      $("status").textContent = "Connection lost; reconnecting\u2026";
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 4000);
    });
  }

  connect();
})();
