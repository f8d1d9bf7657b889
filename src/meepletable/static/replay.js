// A replay page: each position fetched as JSON and drawn with DOM calls (text as text).
// The position and the viewer are kept in the address's fragment: #move=12&viewer=public.
"use strict";

(function () {
  const root = document.getElementById("replay");
  const base = root.dataset.base;
  const total = Number(root.dataset.total);
  const $ = (id) => document.getElementById(id);
  let number = 0;

  function fromHash() {
    const params = new URLSearchParams(window.location.hash.slice(1));
    const wanted = Number(params.get("move"));
    number = Number.isInteger(wanted) && wanted >= 0 && wanted <= total ? wanted : 0;
    const viewer = params.get("viewer");
    if (viewer !== null && [...$("viewer").options].some((o) => o.value === viewer)) {
      $("viewer").value = viewer;
    }
  }

  async function show() {
    const viewer = $("viewer").value;
    const hash = `#move=${number}&viewer=${viewer}`;
    if (window.location.hash !== hash) history.replaceState(null, "", hash);
    $("link").href = hash;
    $("number").value = String(number);
    const answer = await fetch(`${base}/${number}?viewer=${encodeURIComponent(viewer)}`);
    const data = await answer.json();
    if (data.type === "error") {
      $("refusal").textContent = `Refused: ${data.reason}`;
      $("refusal").hidden = false;
      return;
    }
    $("refusal").hidden = true;
    $("place").textContent = `Move ${data.number} of ${data.total}` + (data.over ? " (the end)" : "");
    $("move").textContent = data.move === null ? "The start of the game." : `${data.move}: ${data.narration}`;
    $("text").textContent = data.text;
    if (data.picture) {
      const picture = $("picture");
      picture.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(data.picture);
      const title = /<title>([^<]*)<\/title>/.exec(data.picture);
      picture.alt = title ? title[1] : "The position";
      picture.hidden = false;
    }
    document.body.dataset.number = String(data.number);
    document.body.dataset.viewer = viewer;
  }

  function go(to) {
    number = Math.max(0, Math.min(total, to));
    show();
  }

  $("first").addEventListener("click", () => go(0));
  $("back").addEventListener("click", () => go(number - 1));
  $("forward").addEventListener("click", () => go(number + 1));
  $("last").addEventListener("click", () => go(total));
  $("number").addEventListener("change", () => go(Number($("number").value) || 0));
  $("viewer").addEventListener("change", () => show());
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    if (event.key === "ArrowLeft") go(number - 1);
    else if (event.key === "ArrowRight") go(number + 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(total);
  });
  window.addEventListener("hashchange", () => { fromHash(); show(); });
  fromHash();
  show();
})();
