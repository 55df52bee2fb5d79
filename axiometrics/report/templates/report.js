(function () {
  "use strict";
  var blobs = {};
  document.querySelectorAll('script[type="application/json"][data-blob]').forEach(function (s) {
    blobs[s.getAttribute("data-blob")] = JSON.parse(s.textContent);
  });
  function compare(x, y) {
    if (x === y) { return 0; }
    if (x === null || x === undefined) { return 1; }
    if (y === null || y === undefined) { return -1; }
    if (typeof x === "number" && typeof y === "number") { return x - y; }
    return String(x).localeCompare(String(y));
  }
  document.querySelectorAll("table[data-blob]").forEach(function (table) {
    var data = blobs[table.getAttribute("data-blob")] || [];
    var body = table.tBodies[0];
    var items = Array.prototype.map.call(body.rows, function (tr, k) {
      var row = data[Number(tr.getAttribute("data-row"))] || {};
      return { tr: tr, row: row, order: k, text: JSON.stringify(row).toLowerCase() };
    });
    var filter = document.getElementById(table.getAttribute("data-filter"));
    var count = document.getElementById(table.getAttribute("data-count"));
    function apply() {
      var words = filter ? filter.value.toLowerCase().split(/\s+/).filter(Boolean) : [];
      var shown = 0;
      items.forEach(function (it) {
        var ok = words.every(function (w) { return it.text.indexOf(w) >= 0; });
        it.tr.hidden = !ok;
        if (ok) { shown += 1; }
      });
      if (count) { count.textContent = shown + " of " + items.length + " rows shown"; }
    }
    if (filter) { filter.addEventListener("input", apply); }
    table.querySelectorAll("th[data-key]").forEach(function (th) {
      th.querySelector("button").addEventListener("click", function () {
        var key = th.getAttribute("data-key");
        var dir = th.getAttribute("aria-sort") === "ascending" ? -1 : 1;
        table.querySelectorAll("th[data-key]").forEach(function (o) { o.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", dir === 1 ? "ascending" : "descending");
        items.sort(function (a, b) { return dir * compare(a.row[key], b.row[key]) || a.order - b.order; });
        items.forEach(function (it) { body.appendChild(it.tr); });
      });
    });
    apply();
  });
}());
